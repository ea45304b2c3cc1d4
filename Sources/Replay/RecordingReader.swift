internal import CZlib

#if canImport(Glibc)
import Glibc
#endif

/// Reads a recording line by line from disk in constant memory: plain or gzip-compressed (zlib
/// reads both; a plain file passes through), in large chunks, each line handed out as a view into
/// the reader's own buffer (no copy, no allocation per line).
///
/// The buffer grows only to the longest line (up to `maxLineBytes`); a longer "line" is not a
/// recording and stops the reader with an error, so junk never fills memory.
public final class RecordingReader {
  /// The file's path.
  public let path: String
  /// Its size on disk (compressed, for a `.gz`), for progress.
  public let fileSize: Int64
  /// Whether the file is gzip-compressed.
  public let isCompressed: Bool
  /// A `.gz`'s size inflated, from its trailer (the last 4 bytes: the size modulo 2^32), when
  /// that is believable (at least the compressed size): what progress is measured against, so
  /// that it follows the lines read, after a seek too. Nil for a plain file, a `.gz` still being
  /// written or cut short (no trailer yet) or over 4 GB inflated, where a too small size shows.
  public let inflatedSize: Int64?
  /// The longest line accepted.
  public static let maxLineBytes = 64 << 20

  /// The file, read ahead in chunks on a thread of its own (`ChunkReader`).
  private let chunks: ChunkReader
  // Per-line fields skip the runtime exclusivity check: one thread reads at a time, and no
  // access to them overlaps another.
  /// The chunk lines are being cut from, and where the next line starts in it.
  @exclusivity(unchecked) private var chunk: ChunkReader.Chunk?
  @exclusivity(unchecked) private var position = 0
  /// A line that spans two chunks (or more), put together here; `carried` bytes of it so far.
  @exclusivity(unchecked) private var carry: UnsafeMutableRawBufferPointer
  @exclusivity(unchecked) private var carried = 0
  /// The last line handed out was the carry: empty it before the next.
  @exclusivity(unchecked) private var carryHandedOut = false
  @exclusivity(unchecked) private var atEOF = false
  /// Reading failed: every later read says so again (the read-ahead thread has stopped).
  @exclusivity(unchecked) private var failed: RecordingError?
  @exclusivity(unchecked) private var fileOffset: Int64 = 0
  /// The compressed offset where the current chunk started (the one before's end), for progress
  /// within the chunk.
  @exclusivity(unchecked) private var chunkStartFileOffset: Int64 = 0
  /// The next chunk is the first after a seek: where it starts in the compressed file is not known.
  @exclusivity(unchecked) private var chunkAfterSeek = false
  /// Lines handed out so far (the 1-based number of the last one).
  @exclusivity(unchecked) public private(set) var lineNumber = 0
  /// Uncompressed bytes before the next line: where `seek(to:)` can come back to.
  @exclusivity(unchecked) public private(set) var offset: Int64 = 0
  /// Whether the last line had no `\n` (a recording cut short mid-line).
  @exclusivity(unchecked) public private(set) var lastLineWasCut = false

  /// How far a reader reads ahead of the lines it hands out: `chunks` buffers of `chunkBytes`,
  /// filled on the reading thread (see `ChunkReader`).
  public struct ReadAhead: Sendable, Equatable {
    public var chunkBytes: Int
    public var chunks: Int

    public init(chunkBytes: Int, chunks: Int) {
      self.chunkBytes = max(4 << 10, chunkBytes)
      self.chunks = max(2, chunks)
    }

    /// A replay's: 1 MB in flight, so that splitting and decoding never wait on the disk. In
    /// chunks of 256 kB rather than 1 MB: a 200,000-message replay took a thousand page faults
    /// fewer (each about 3 µs here), and a chunk is still in the cache when its lines are split.
    public static let replay = ReadAhead(chunkBytes: 256 << 10, chunks: 4)
    /// A look at a recording's first lines (its header, its first book) before it is played:
    /// 512 kB. Read ahead as a replay was (4 MB then), a look at one line read, and allocated page
    /// by page, megabytes it never used.
    public static let look = ReadAhead(chunkBytes: 256 << 10, chunks: 2)
  }

  /// Opens `path` for reading. Refuses a directory, a missing or unreadable file, and anything
  /// that is not a regular file: a FIFO or a pipe (`/dev/stdin`) cannot be read twice (a replay
  /// is checked, then played, and seeks), and a device such as `/dev/zero` never ends. It is
  /// opened without blocking, so a FIFO with no writer is refused at once instead of hanging.
  public init(path: String, readAhead: ReadAhead = .replay) throws(RecordingError) {
    self.path = path
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { throw RecordingError(path: path, reason: Self.errnoText()) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      let reason = Self.errnoText()
      close(fd)
      throw RecordingError(path: path, reason: reason)
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR:
      close(fd)
      throw RecordingError(path: path, reason: "is a directory, not a recording")
    case S_IFIFO, S_IFSOCK:
      close(fd)
      throw RecordingError(
        path: path,
        reason: "is a pipe, not a file: a recording is read more than once (checked, then played), "
          + "so save it to a file first")
    default:
      close(fd)
      throw RecordingError(path: path, reason: "is a device, not a recording")
    }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    fileSize = Int64(info.st_size)
    var magic: (UInt8, UInt8) = (0, 0)
    let got = withUnsafeMutableBytes(of: &magic) { pread(fd, $0.baseAddress, 2, 0) }
    isCompressed = got == 2 && magic.0 == 0x1F && magic.1 == 0x8B
    inflatedSize = isCompressed ? Self.trailerSize(fd: fd, fileSize: fileSize) : nil
    if isCompressed {
      guard let file = gzdopen(fd, "rb") else {
        close(fd)
        throw RecordingError(path: path, reason: "cannot open for reading")
      }
      gzbuffer(file, 256 << 10)
      chunks = ChunkReader(fd: -1, gz: file, chunkSize: readAhead.chunkBytes, depth: readAhead.chunks)
    } else {
      posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL)
      chunks = ChunkReader(fd: fd, gz: nil, chunkSize: readAhead.chunkBytes, depth: readAhead.chunks)
    }
    carry = .allocate(byteCount: 64 << 10, alignment: 16)
  }

  deinit {
    chunks.close()
    carry.deallocate()
  }

  /// The next line, without its `\n` (and a `\r` before it), valid until the next call; nil at
  /// the end of the file.
  public func nextLine() throws(RecordingError) -> UnsafeRawBufferPointer? {
    if carryHandedOut {
      carried = 0
      carryHandedOut = false
    }
    while true {
      if let current = chunk, position < current.count {
        let base = UnsafeRawPointer(current.buffer.baseAddress!)
        if let newline = memchr(base + position, 0x0A, current.count - position) {
          let at = base.distance(to: UnsafeRawPointer(newline))
          if carried == 0 {
            let line = UnsafeRawBufferPointer(start: base + position, count: at - position)
            offset += Int64(at - position + 1)
            position = at + 1
            lineNumber += 1
            return Self.trimmed(line)
          }
          try appendToCarry(UnsafeRawBufferPointer(start: base + position, count: at - position))
          offset += Int64(carried + 1)
          position = at + 1
          return handOutCarry()
        }
        // No newline in the rest of the chunk: the line goes on in the next one.
        try appendToCarry(UnsafeRawBufferPointer(start: base + position, count: current.count - position))
        position = current.count
      }
      if atEOF {
        guard carried > 0 else { return nil }
        // The last line has no newline.
        lastLineWasCut = true
        offset += Int64(carried)
        return handOutCarry()
      }
      try nextChunk()
    }
  }

  /// Goes back (or on) to an uncompressed offset that `offset` reported earlier, with
  /// `lineNumber` the number of lines before it.
  public func seek(to target: Int64, lineNumber: Int) throws(RecordingError) {
    if let current = chunk { chunks.recycle(current) }
    chunk = nil
    position = 0
    guard chunks.seek(to: target) else {
      throw RecordingError(path: path, reason: "cannot seek to byte \(target)")
    }
    carried = 0
    carryHandedOut = false
    failed = nil
    atEOF = false
    lastLineWasCut = false
    offset = target
    self.lineNumber = lineNumber
    chunkAfterSeek = true
    // Back at the start, progress is 0 at once (a restart while paused reads nothing yet).
    if target == 0 { fileOffset = 0 }
  }

  /// How far through the file the reader is, from 0 to 1 (by compressed bytes for a `.gz`,
  /// where a chunk inflated can be a large part of the file: within the chunk, its
  /// compressed bytes are shared out in proportion to the lines read).
  public var progress: Double {
    guard fileSize > 0 else { return 1 }
    if let inflatedSize, offset <= inflatedSize { return Double(offset) / Double(inflatedSize) }
    var at = Double(offset)
    if isCompressed {
      at = Double(fileOffset)
      if let current = chunk, current.count > 0 {
        let within = Double(min(position, current.count)) / Double(current.count)
        at = Double(chunkStartFileOffset) + Double(fileOffset - chunkStartFileOffset) * within
      }
    }
    return min(1, max(0, at / Double(fileSize)))
  }

  /// The inflated size a gzip trailer gives (little-endian, modulo 2^32), if at least `fileSize`.
  private static func trailerSize(fd: Int32, fileSize: Int64) -> Int64? {
    guard fileSize >= 18 else { return nil }
    var bytes: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
    let got = withUnsafeMutableBytes(of: &bytes) { pread(fd, $0.baseAddress, 4, off_t(fileSize - 4)) }
    guard got == 4 else { return nil }
    let size = Int64(bytes.0) | Int64(bytes.1) << 8 | Int64(bytes.2) << 16 | Int64(bytes.3) << 24
    return size >= fileSize ? size : nil
  }

  /// Moves on to the next chunk read ahead (the one done with goes back to be read into).
  private func nextChunk() throws(RecordingError) {
    if let failed { throw failed }
    if let current = chunk { chunks.recycle(current) }
    chunk = nil
    position = 0
    let next = chunks.next()
    chunk = next
    chunkStartFileOffset = chunkAfterSeek ? next.fileOffset : fileOffset
    chunkAfterSeek = false
    fileOffset = next.fileOffset
    if next.cut { lastLineWasCut = true }
    if let failure = next.failure {
      let error = RecordingError(path: path, reason: "line \(lineNumber + 1): \(failure)")
      failed = error
      throw error
    }
    if next.endOfFile { atEOF = true }
  }

  /// Adds `bytes` to the line being put together, growing the carry up to `maxLineBytes`.
  private func appendToCarry(_ bytes: UnsafeRawBufferPointer) throws(RecordingError) {
    guard !bytes.isEmpty else { return }
    let needed = carried + bytes.count
    guard needed <= Self.maxLineBytes else {
      throw RecordingError(
        path: path,
        reason: "line \(lineNumber + 1) is longer than \(Self.maxLineBytes >> 20) MB: not a recording")
    }
    if needed > carry.count {
      var size = carry.count
      while size < needed { size *= 2 }
      let bigger = UnsafeMutableRawBufferPointer.allocate(
        byteCount: min(size, Self.maxLineBytes), alignment: 16)
      bigger.copyMemory(from: UnsafeRawBufferPointer(rebasing: carry[0..<carried]))
      carry.deallocate()
      carry = bigger
    }
    (carry.baseAddress! + carried).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
    carried = needed
  }

  private func handOutCarry() -> UnsafeRawBufferPointer {
    carryHandedOut = true
    lineNumber += 1
    return Self.trimmed(UnsafeRawBufferPointer(rebasing: carry[0..<carried]))
  }

  /// `line` without a `\r` at its end.
  private static func trimmed(_ line: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
    guard let last = line.last, last == 0x0D else { return line }
    return UnsafeRawBufferPointer(rebasing: line[0..<(line.count - 1)])
  }

  private static func errnoText() -> String { String(cString: strerror(errno)) }
}
