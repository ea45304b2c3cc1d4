import Files
import Trading

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The paper journal on disk: `$XDG_STATE_HOME/tradeterm/paper.jsonl`
/// (`~/.local/state/tradeterm/paper.jsonl` when unset), one `PaperJournalLine` a line.
///
/// - Each append is written whole and `fsync`ed before `append` returns, so a line the screen
///   shows survives a crash or `kill -9`. An append that fails (a full disk) is cut off again
///   (`ftruncate` to the size before it), so no fragment is left for the next line to join.
/// - Reading skips a torn or corrupt line with a warning and keeps every other line; a last line
///   without its newline that decodes is kept (and its newline added by the writer); one that
///   does not is cut off by the writer before it appends, so new lines start on a line of their own.
/// - Only a regular file is used, never through a symbolic link (`O_NOFOLLOW`: the link's target
///   would be cut), and at most `maxBytes` of it are read.
/// - An advisory lock (`flock`) makes one process the writer: a second one finds the journal in
///   use, reads it, and stays read-only until `retakeLock` finds the first one gone (the
///   dashboard tries every few seconds), then loads the journal again and is the writer.
public final class PaperJournal {
  public let path: String
  /// Whether this process holds the lock and may append.
  public private(set) var writable = false
  /// Why the journal is read-only (another process holds it, or it could not be opened).
  public private(set) var readOnlyReason: String?
  /// Whether the journal is read-only only because another process holds its lock: then
  /// `retakeLock` may yet make this process the writer.
  public private(set) var heldByAnother = false
  /// The reason given while another process holds the lock.
  public static let heldByAnotherReason = "journal in use by another tradeterm: read-only until it quits"
  private var fd: Int32 = -1
  /// Writes the bytes of one append: `Files.writeAll`, or a test's stand-in that fails.
  private let write: (Int32, UnsafeRawBufferPointer) -> Int32?
  /// The largest journal read (a file over it is not one tradeterm wrote: left alone, read-only).
  public static let maxBytes = 256 << 20

  /// What loading the journal found.
  public struct Loaded: Sendable {
    public var events: [PaperEvent] = []
    /// One line per skipped line: `paper.jsonl line 7: torn last line skipped`.
    public var warnings: [String] = []
  }

  /// Opens (creating it and its directory if missing) the journal at `path` and, unless
  /// `readOnly`, tries to take its lock. Never fails: a journal that cannot be opened or is
  /// locked is read-only, and says why in `readOnlyReason`. `write` is for tests (a disk that
  /// fills up halfway through a line).
  public init(
    path: String, readOnly: Bool = false,
    write: @escaping (Int32, UnsafeRawBufferPointer) -> Int32? = { Files.writeAll($0, $1) }
  ) {
    self.path = path
    self.write = write
    if readOnly {
      switch Files.openRegular(path, flags: O_RDONLY) {
      case .success(let opened): fd = opened
      case .failure(let refusal) where refusal.code == ENOENT: break
      case .failure(let refusal): readOnlyReason = "cannot read \(path): \(refusal)"
      }
      readOnlyReason = readOnlyReason ?? "opened read-only"
      return
    }
    Files.makeDirectories(Files.directory(of: path), mode: 0o755)
    switch Files.openRegular(path, flags: O_RDWR | O_CREAT | O_APPEND) {
    case .success(let opened): fd = opened
    case .failure(let refusal) where refusal.code == EACCES || refusal.code == EROFS:
      if case .success(let opened) = Files.openRegular(path, flags: O_RDONLY) { fd = opened }
      readOnlyReason = "cannot write \(path): \(refusal)"
      return
    case .failure(let refusal):
      readOnlyReason = "cannot use \(path): \(refusal)"
      return
    }
    lock()
  }

  /// Takes the lock on `fd` without waiting, or says why not.
  private func lock() {
    if flock(fd, LOCK_EX | LOCK_NB) == 0 {
      writable = true
      heldByAnother = false
      readOnlyReason = nil
    } else if errno == EWOULDBLOCK {
      heldByAnother = true
      readOnlyReason = Self.heldByAnotherReason
    } else {
      heldByAnother = false
      readOnlyReason = "cannot lock \(path): \(String(cString: strerror(errno)))"
    }
  }

  /// Tries the lock again when another process held it (`heldByAnother`): true when this process
  /// is now the writer; then `load` again, since the other one wrote meanwhile. The path is
  /// opened afresh, so a journal removed or replaced since is the one now at the path. Returns
  /// false (and stops `heldByAnother` when the journal cannot be used at all) otherwise.
  public func retakeLock() -> Bool {
    guard heldByAnother else { return writable }
    Files.makeDirectories(Files.directory(of: path), mode: 0o755)
    let opened: Int32
    switch Files.openRegular(path, flags: O_RDWR | O_CREAT | O_APPEND) {
    case .success(let newFD): opened = newFD
    case .failure(let refusal):
      heldByAnother = false
      readOnlyReason = "cannot use \(path): \(refusal)"
      return false
    }
    if fd >= 0 { close(fd) }
    fd = opened
    lock()
    return writable
  }

  deinit {
    if fd >= 0 { close(fd) }
  }

  /// The journal for this user, or nil when neither `XDG_STATE_HOME` nor `HOME` is set. The
  /// demo's orders fill at the simulator's made-up prices: they go in a journal of their own
  /// (`paper-demo.jsonl`), so they never mix with orders against a real market, nor take that
  /// journal's lock from a tradeterm watching one.
  public static func standardPath(demo: Bool = false) -> String? {
    Files.statePath(demo ? "paper-demo.jsonl" : "paper.jsonl")
  }

  /// Reads every event back. A line that does not decode is skipped with a warning; a last line
  /// that lacks its newline is decoded like any other, and when it does not decode (a write cut
  /// short) and this process is the writer, the torn bytes are cut off so the next line starts
  /// clean. A journal that cannot be read says why in `warnings`.
  public func load() -> Loaded {
    var loaded = Loaded()
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard fd >= 0 else {
      if let readOnlyReason, readOnlyReason.hasPrefix("cannot") { loaded.warnings.append(readOnlyReason) }
      return loaded
    }
    var bytes: [UInt8] = []
    let readFrom = lseek(fd, 0, SEEK_SET)
    switch readFrom == 0 ? Files.readAll(fd, limit: Self.maxBytes) : .failure(Files.Refusal("cannot seek")) {
    case .success(let read): bytes = read
    case .failure(let refusal):
      writable = false
      readOnlyReason = "cannot read \(path): \(refusal); the journal is left as it is, read-only"
      loaded.warnings.append(readOnlyReason!)
      return loaded
    }
    var lineNumber = 0
    var start = 0
    var lastComplete = 0
    var lastLineUnended = false
    while start < bytes.count {
      lineNumber += 1
      let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n"))
      let line = bytes[start..<(newline ?? bytes.count)]
      if newline == nil {
        // No newline: a write cut short, or a line whose newline was lost. Kept if it decodes.
        guard let event = PaperJournalLine.decode(line) else {
          loaded.warnings.append(
            "\(name) line \(lineNumber): torn last line skipped (\(bytes.count - start) bytes)")
          break
        }
        loaded.events.append(event)
        lastComplete = bytes.count
        lastLineUnended = true
        break
      }
      if !line.isEmpty {
        if let event = PaperJournalLine.decode(line) {
          loaded.events.append(event)
        } else {
          loaded.warnings.append("\(name) line \(lineNumber): not a journal line, skipped")
        }
      }
      start = newline! + 1
      lastComplete = start
    }
    if writable && lastComplete < bytes.count {
      _ = ftruncate(fd, off_t(lastComplete))
    }
    if writable && lastLineUnended {
      // The line is good: its newline is added, so the next line does not join it.
      var newline = "\n"
      _ = newline.withUTF8 { write(fd, UnsafeRawBufferPointer($0)) }
    }
    return loaded
  }

  /// Appends `events`, one line each, and `fsync`s. Returns nil once they are on disk, else why
  /// not (then the screen must not show them); a failed append leaves the file as it was.
  public func append(_ events: [PaperEvent]) -> String? {
    guard writable, fd >= 0 else { return readOnlyReason ?? "the journal is read-only" }
    var text = ""
    for event in events { text += PaperJournalLine.encode(event) + "\n" }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return "cannot write \(path): \(String(cString: strerror(errno)))" }
    let sizeBefore = info.st_size
    var failure: String?
    if let code = text.withUTF8({ write(fd, UnsafeRawBufferPointer($0)) }) {
      failure = "cannot write \(path): \(code == 0 ? "nothing written" : String(cString: strerror(code)))"
    } else {
      while fsync(fd) != 0 {
        if errno != EINTR {
          failure = "cannot sync \(path): \(String(cString: strerror(errno)))"
          break
        }
      }
    }
    guard let failure else { return nil }
    // What was written of these lines is cut off again: a fragment would join the next line, and
    // a line written but not synced is an order the screen never showed.
    if ftruncate(fd, sizeBefore) != 0 {
      writable = false
      readOnlyReason = "cannot cut a failed write off \(path): \(String(cString: strerror(errno)))"
      return failure + "; " + readOnlyReason!
    }
    return failure
  }
}
