internal import CZlib
import Threads

#if canImport(Glibc)
import Glibc
#endif

/// Reads a file ahead on a thread of its own, in chunks of `chunkSize` bytes, through zlib for a
/// `.gz` (which inflates there too): the thread that splits and decodes lines never waits in
/// read(2) or spends its time copying from the page cache.
///
/// At most `depth` chunks are in flight (constant memory); the reading thread waits while they
/// are all full. `seek(to:)` stops the thread, moves the file, and starts it again.
final class ChunkReader: @unchecked Sendable {
  /// One chunk read: `count` bytes at the front of `buffer`.
  struct Chunk: @unchecked Sendable {
    let buffer: UnsafeMutableRawBufferPointer
    var count: Int
    /// The file ended after these bytes.
    var endOfFile: Bool
    /// A `.gz` ended in the middle of its stream (cut short): what came before is good.
    var cut: Bool
    /// Reading failed here: why.
    var failure: String?
    /// Compressed bytes read so far (plain: the same as the file offset), for progress.
    var fileOffset: Int64
  }

  /// A buffer to read into (the memory is owned by the reader and handed between threads).
  private struct Block: @unchecked Sendable {
    let buffer: UnsafeMutableRawBufferPointer
  }

  private struct Shared {
    var full: [Chunk] = []
    var spare: [Block] = []
    var stopping = false
  }

  private let fd: Int32
  private let gz: gzFile?
  private let chunkSize: Int
  private let shared = Locked(Shared())
  private let fullWake = WakeSignal()
  private let spareWake = WakeSignal()
  private var thread: WorkerThread?
  private var buffers: [UnsafeMutableRawBufferPointer] = []

  /// Takes ownership of `fd` (plain) or `gz` (compressed) and starts reading.
  init(fd: Int32, gz: gzFile?, chunkSize: Int, depth: Int) {
    self.fd = fd
    self.gz = gz
    self.chunkSize = chunkSize
    for _ in 0..<max(2, depth) {
      buffers.append(.allocate(byteCount: chunkSize, alignment: 64))
    }
    let blocks = buffers.map(Block.init)
    shared.withLock { $0.spare = blocks }
    start()
  }

  /// Stops the thread and frees everything. Called once, by the owner.
  func close() {
    stop()
    if let gz { gzclose(gz) } else if fd >= 0 { Glibc.close(fd) }
    for buffer in buffers { buffer.deallocate() }
    buffers = []
  }

  /// The next chunk in file order, waiting for it. Give its buffer back with `recycle` when done.
  func next() -> Chunk {
    while true {
      if let chunk = shared.withLock({ $0.full.isEmpty ? nil : $0.full.removeFirst() }) { return chunk }
      fullWake.wait(timeout: 1)
      fullWake.clear()
    }
  }

  /// Hands a chunk's buffer back for reading into.
  func recycle(_ chunk: Chunk) {
    let block = Block(buffer: chunk.buffer)
    shared.withLock { $0.spare.append(block) }
    spareWake.signal()
  }

  /// Moves to an uncompressed byte offset: what was read ahead is dropped. False if the file
  /// cannot go there.
  func seek(to target: Int64) -> Bool {
    stop()
    shared.withLock { s in
      for chunk in s.full { s.spare.append(Block(buffer: chunk.buffer)) }
      s.full.removeAll()
      s.stopping = false
    }
    let landed = gz.map { gzseek($0, off_t(target), SEEK_SET) } ?? lseek(fd, off_t(target), SEEK_SET)
    start()
    return landed == off_t(target)
  }

  private func start() {
    fullWake.clear()
    spareWake.clear()
    thread = WorkerThread { self.run() }
  }

  private func stop() {
    shared.withLock { $0.stopping = true }
    spareWake.signal()
    thread?.join()
    thread = nil
  }

  // MARK: The reading thread

  private func run() {
    while true {
      var buffer: Block?
      while buffer == nil {
        let (got, stopping) = shared.withLock { s in (s.spare.popLast(), s.stopping) }
        if stopping {
          if let got { shared.withLock { $0.spare.append(got) } }
          return
        }
        buffer = got
        if buffer == nil {
          spareWake.wait(timeout: 1)
          spareWake.clear()
        }
      }
      let chunk = fill(buffer!.buffer)
      shared.withLock { $0.full.append(chunk) }
      fullWake.signal()
      if chunk.endOfFile || chunk.failure != nil {
        // Nothing more to read until a seek: wait to be stopped.
        while !shared.withLock({ $0.stopping }) {
          spareWake.wait(timeout: 1)
          spareWake.clear()
        }
        return
      }
    }
  }

  /// zlib's words for a failed read, without the `<fd:N>: ` it puts before them (the file is
  /// named by the caller), and saying the data is corrupt when it is.
  static func gzipFailure(_ message: String?, code: Int32) -> String {
    var words = message ?? "read error"
    if words.hasPrefix("<fd:"), let close = words.firstIndex(of: ">") {
      words = String(words[words.index(after: close)...].drop { $0 == ":" || $0 == " " })
    }
    return code == Z_DATA_ERROR ? "corrupt compressed data (\(words))" : words
  }

  /// Reads until `buffer` is full, the file ends, or it fails.
  private func fill(_ buffer: UnsafeMutableRawBufferPointer) -> Chunk {
    var chunk = Chunk(buffer: buffer, count: 0, endOfFile: false, cut: false, failure: nil, fileOffset: 0)
    while chunk.count < chunkSize {
      let room = chunkSize - chunk.count
      let got: Int
      if let gz {
        got = Int(gzread(gz, buffer.baseAddress! + chunk.count, UInt32(room)))
        if got < 0 {
          var code: Int32 = 0
          chunk.failure = Self.gzipFailure(gzerror(gz, &code).map { String(cString: $0) }, code: code)
          break
        }
        if got == 0 {
          // A .gz cut short mid-stream (a recording killed while writing) ends early.
          var code: Int32 = 0
          if gzerror(gz, &code) != nil, code != Z_OK, code != Z_STREAM_END { chunk.cut = true }
        }
      } else {
        var n = read(fd, buffer.baseAddress! + chunk.count, room)
        while n < 0 && errno == EINTR { n = read(fd, buffer.baseAddress! + chunk.count, room) }
        if n < 0 {
          chunk.failure = String(cString: strerror(errno))
          break
        }
        got = n
      }
      if got == 0 {
        chunk.endOfFile = true
        break
      }
      chunk.count += got
    }
    chunk.fileOffset = gz.map { Int64(gzoffset($0)) } ?? Int64(lseek(fd, 0, SEEK_CUR))
    return chunk
  }
}
