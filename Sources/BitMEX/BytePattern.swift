/// Up to 16 bytes to compare against the input with two word loads: how the decoder
/// recognises `"symbol":`, `"Buy"` or a repeated symbol without scanning them.
struct BytePattern: Sendable, Equatable {
  let low: UInt64
  let high: UInt64
  let lowMask: UInt64
  let highMask: UInt64
  let count: Int

  init(_ bytes: some Collection<UInt8>) {
    precondition(bytes.count <= 16)
    var low: UInt64 = 0
    var high: UInt64 = 0
    for (i, b) in bytes.enumerated() {
      if i < 8 { low |= UInt64(b) << (8 * UInt64(i)) } else { high |= UInt64(b) << (8 * UInt64(i - 8)) }
    }
    self.init(low: low, high: high, count: bytes.count)
  }

  /// The pattern of `count` bytes packed little-endian in `low` and `high`.
  init(low: UInt64, high: UInt64, count n: Int) {
    self.low = low
    self.high = high
    lowMask = n >= 8 ? ~0 : (1 << (8 * UInt64(n))) - 1
    highMask = n >= 16 ? ~0 : n <= 8 ? 0 : (1 << (8 * UInt64(n - 8))) - 1
    count = n
  }

  init(low: UInt64, high: UInt64, lowMask: UInt64, highMask: UInt64, count: Int) {
    self.low = low
    self.high = high
    self.lowMask = lowMask
    self.highMask = highMask
    self.count = count
  }

  init(_ text: StaticString) {
    self.init(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Whether the bytes at `p` start with the pattern; `available` bytes may be read and
  /// at least 16 must be, or the answer is false (the caller then takes the slow path).
  @inline(__always) func matches(_ p: UnsafePointer<UInt8>, available: Int) -> Bool {
    guard available >= 16 else { return false }
    let raw = UnsafeRawPointer(p)
    let w0 = raw.loadUnaligned(as: UInt64.self)
    let w1 = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
    return w0 & lowMask == low && w1 & highMask == high
  }
}
