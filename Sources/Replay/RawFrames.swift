/// Frames handed from the replay thread to the thread that applies them without being decoded
/// (their bytes copied out of the read-ahead buffers), with their line numbers: at `--speed 0`
/// the applying thread decodes a share of the frames itself when it would otherwise wait (see `ReplaySource.Sharing`). Storage is kept between batches.
public struct RawFrames: Sendable {
  private var bytes: [UInt8] = []
  private var ends: [Int] = []
  private var lines: [Int] = []

  public init() {}

  public var isEmpty: Bool { ends.isEmpty }
  public var count: Int { ends.count }
  /// The frame bytes it has room for without growing (room kept by `removeAll` included).
  var capacity: Int { bytes.capacity }
  /// Whether it holds storage worth keeping (frames, or room kept by `removeAll`).
  var hasStorage: Bool { bytes.capacity > 0 }

  /// Adds a frame's bytes and the line it was read from.
  mutating func append(_ frame: UnsafeRawBufferPointer, line: Int) {
    bytes.append(contentsOf: frame)
    ends.append(bytes.count)
    lines.append(line)
  }

  /// Empties, keeping the storage.
  mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
    lines.removeAll(keepingCapacity: true)
  }

  /// Calls `body` with each frame's bytes and line number, in order.
  func forEach(_ body: (UnsafeRawBufferPointer, Int) -> Void) {
    bytes.withUnsafeBytes { all in
      var start = 0
      for (end, line) in zip(ends, lines) {
        body(UnsafeRawBufferPointer(rebasing: all[start..<end]), line)
        start = end
      }
    }
  }
}
