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
///   shows survives a crash or `kill -9`.
/// - Reading skips a torn or corrupt line with a warning and keeps every other line; the writer
///   cuts a torn last line off before it appends, so new lines start on a line of their own.
/// - An advisory lock (`flock`) makes one process the writer: a second one finds the journal in
///   use, reads it, and stays read-only.
public final class PaperJournal {
  public let path: String
  /// Whether this process holds the lock and may append.
  public private(set) var writable = false
  /// Why the journal is read-only (another process holds it, or it could not be opened).
  public private(set) var readOnlyReason: String?
  private var fd: Int32 = -1

  /// What loading the journal found.
  public struct Loaded: Sendable {
    public var events: [PaperEvent] = []
    /// One line per skipped line: `paper.jsonl line 7: torn last line skipped`.
    public var warnings: [String] = []
  }

  /// Opens (creating it and its directory if missing) the journal at `path` and tries to take
  /// its lock. Never fails: a journal that cannot be opened or is locked is read-only, and says
  /// why in `readOnlyReason`.
  public init(path: String) {
    self.path = path
    Files.makeDirectories(Files.directory(of: path), mode: 0o755)
    fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    if fd < 0 {
      let reason = String(cString: strerror(errno))
      fd = open(path, O_RDONLY | O_CLOEXEC)
      readOnlyReason = "cannot write \(path): \(reason)"
      return
    }
    if flock(fd, LOCK_EX | LOCK_NB) == 0 {
      writable = true
    } else if errno == EWOULDBLOCK {
      readOnlyReason = "journal in use by another tradeterm: read-only"
    } else {
      readOnlyReason = "cannot lock \(path): \(String(cString: strerror(errno)))"
    }
  }

  deinit {
    if fd >= 0 { close(fd) }
  }

  /// The journal for this user, or nil when neither `XDG_STATE_HOME` nor `HOME` is set.
  public static func standardPath() -> String? { Files.statePath("paper.jsonl") }

  /// Reads every event back. A line that does not decode is skipped with a warning; when the
  /// last line lacks its newline (a write cut short) and this process is the writer, the torn
  /// bytes are cut off so the next line starts clean.
  public func load() -> Loaded {
    var loaded = Loaded()
    guard fd >= 0 else { return loaded }
    let bytes = Files.readAll(path) ?? []
    var lineNumber = 0
    var start = 0
    var lastComplete = 0
    let name = path.split(separator: "/").last.map(String.init) ?? path
    while start < bytes.count {
      lineNumber += 1
      guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else {
        loaded.warnings.append(
          "\(name) line \(lineNumber): torn last line skipped (\(bytes.count - start) bytes)")
        break
      }
      let line = bytes[start..<newline]
      if !line.isEmpty {
        if let event = PaperJournalLine.decode(line) {
          loaded.events.append(event)
        } else {
          loaded.warnings.append("\(name) line \(lineNumber): not a journal line, skipped")
        }
      }
      start = newline + 1
      lastComplete = start
    }
    if writable && lastComplete < bytes.count {
      _ = ftruncate(fd, off_t(lastComplete))
    }
    return loaded
  }

  /// Appends `events`, one line each, and `fsync`s. Returns nil once they are on disk, else why
  /// not (then the screen must not show them).
  public func append(_ events: [PaperEvent]) -> String? {
    guard writable, fd >= 0 else { return readOnlyReason ?? "the journal is read-only" }
    var text = ""
    for event in events { text += PaperJournalLine.encode(event) + "\n" }
    if let failure = text.withUTF8({ Files.writeAll(fd, UnsafeRawBufferPointer($0)) }) {
      return "cannot write \(path): \(failure == 0 ? "nothing written" : String(cString: strerror(failure)))"
    }
    while fsync(fd) != 0 {
      if errno != EINTR { return "cannot sync \(path): \(String(cString: strerror(errno)))" }
    }
    return nil
  }
}
