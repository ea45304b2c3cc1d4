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
  /// The longest line accepted.
  public static let maxLineBytes = 64 << 20

  /// The open file: read directly when plain, through zlib (`gz`) when compressed.
  // Per-line fields skip the runtime exclusivity check: one thread reads at a time, and no
  // access to them overlaps another.
  @exclusivity(unchecked) private var fd: Int32 = -1
  @exclusivity(unchecked) private var gz: gzFile?
  @exclusivity(unchecked) private var buffer: UnsafeMutableRawBufferPointer
  @exclusivity(unchecked) private var start = 0
  @exclusivity(unchecked) private var end = 0
  @exclusivity(unchecked) private var atEOF = false
  /// Lines handed out so far (the 1-based number of the last one).
  @exclusivity(unchecked) public private(set) var lineNumber = 0
  /// Uncompressed bytes before the next line: where `seek(to:)` can come back to.
  @exclusivity(unchecked) public private(set) var offset: Int64 = 0
  /// Whether the last line had no `\n` (a recording cut short mid-line).
  @exclusivity(unchecked) public private(set) var lastLineWasCut = false

  /// Opens `path` for reading. Refuses a directory, a missing or unreadable file.
  public init(path: String) throws(RecordingError) {
    self.path = path
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw RecordingError(path: path, reason: Self.errnoText()) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      let reason = Self.errnoText()
      close(fd)
      throw RecordingError(path: path, reason: reason)
    }
    if (info.st_mode & S_IFMT) == S_IFDIR {
      close(fd)
      throw RecordingError(path: path, reason: "is a directory, not a recording")
    }
    fileSize = Int64(info.st_size)
    var magic: (UInt8, UInt8) = (0, 0)
    let got = withUnsafeMutableBytes(of: &magic) { pread(fd, $0.baseAddress, 2, 0) }
    isCompressed = got == 2 && magic.0 == 0x1F && magic.1 == 0x8B
    if isCompressed {
      guard let file = gzdopen(fd, "rb") else {
        close(fd)
        throw RecordingError(path: path, reason: "cannot open for reading")
      }
      gzbuffer(file, 256 << 10)
      gz = file
    } else {
      // Plain: read(2) straight into the line buffer, one copy fewer than through zlib.
      self.fd = fd
      posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL)
    }
    buffer = .allocate(byteCount: 1 << 20, alignment: 16)
  }

  deinit {
    if let gz { gzclose(gz) } else if fd >= 0 { close(fd) }
    buffer.deallocate()
  }

  /// The next line, without its `\n` (and a `\r` before it), valid until the next call; nil at
  /// the end of the file.
  public func nextLine() throws(RecordingError) -> UnsafeRawBufferPointer? {
    while true {
      if start < end, let newline = memchr(buffer.baseAddress! + start, 0x0A, end - start) {
        let at = buffer.baseAddress!.distance(to: newline)
        return take(upTo: at, consumed: at + 1)
      }
      if atEOF {
        guard start < end else { return nil }
        // The last line has no newline.
        lastLineWasCut = true
        return take(upTo: end, consumed: end)
      }
      try fill()
    }
  }

  /// Goes back (or on) to an uncompressed offset that `offset` reported earlier, with
  /// `lineNumber` the number of lines before it.
  public func seek(to target: Int64, lineNumber: Int) throws(RecordingError) {
    let landed = gz.map { gzseek($0, off_t(target), SEEK_SET) } ?? lseek(fd, off_t(target), SEEK_SET)
    guard landed == off_t(target) else {
      throw RecordingError(path: path, reason: "cannot seek to byte \(target)")
    }
    start = 0
    end = 0
    atEOF = false
    lastLineWasCut = false
    offset = target
    self.lineNumber = lineNumber
  }

  /// How far through the file the reader is, from 0 to 1 (by compressed bytes for a `.gz`).
  public var progress: Double {
    guard fileSize > 0 else { return 1 }
    let at = gz.map { Int64(gzoffset($0)) } ?? offset
    return min(1, max(0, Double(at) / Double(fileSize)))
  }

  private func take(upTo lineEnd: Int, consumed: Int) -> UnsafeRawBufferPointer {
    var stop = lineEnd
    if stop > start, buffer[stop - 1] == 0x0D { stop -= 1 }
    let line = UnsafeRawBufferPointer(rebasing: buffer[start..<stop])
    offset += Int64(consumed - start)
    start = consumed
    lineNumber += 1
    return line
  }

  /// Reads more: moves what is left of a line to the front, grows the buffer if a line fills it.
  private func fill() throws(RecordingError) {
    if start > 0 {
      if end > start { memmove(buffer.baseAddress!, buffer.baseAddress! + start, end - start) }
      end -= start
      start = 0
    }
    if end == buffer.count {
      guard buffer.count < Self.maxLineBytes else {
        throw RecordingError(
          path: path,
          reason: "line \(lineNumber + 1) is longer than \(Self.maxLineBytes >> 20) MB: not a recording")
      }
      let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: buffer.count * 2, alignment: 16)
      bigger.copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[0..<end]))
      buffer.deallocate()
      buffer = bigger
    }
    let room = min(buffer.count - end, Int(Int32.max))
    let got: Int
    if let gz {
      got = Int(gzread(gz, buffer.baseAddress! + end, UInt32(room)))
      if got < 0 {
        var code: Int32 = 0
        let message = gzerror(gz, &code).map { String(cString: $0) } ?? "read error"
        throw RecordingError(path: path, reason: "line \(lineNumber + 1): \(message)")
      }
      if got == 0 {
        // A .gz cut short mid-stream (a recording killed while writing) ends early: what came
        // before is played, and the cut is reported like a last line cut short.
        var code: Int32 = 0
        if gzerror(gz, &code) != nil, code != Z_OK, code != Z_STREAM_END { lastLineWasCut = true }
      }
    } else {
      var n = read(fd, buffer.baseAddress! + end, room)
      while n < 0 && errno == EINTR { n = read(fd, buffer.baseAddress! + end, room) }
      if n < 0 { throw RecordingError(path: path, reason: "line \(lineNumber + 1): \(Self.errnoText())") }
      got = n
    }
    if got == 0 { atEOF = true }
    end += got
  }

  private static func errnoText() -> String { String(cString: strerror(errno)) }
}
