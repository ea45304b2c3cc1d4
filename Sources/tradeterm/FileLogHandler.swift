import Files
import Logging
import MarketModel
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A swift-log handler that appends one line per message to a file (`--log-file`), flushed as it
/// is written: `2026-11-23T22:41:07.123Z info connection: connecting -> live`. Nothing goes to
/// the terminal. Messages are made one safe line (`TerminalText`).
struct FileLogHandler: LogHandler {
  /// The open file, shared by copies of the handler.
  final class Sink: Sendable {
    /// The file descriptor, -1 once closed. One `write` per line (O_APPEND: lines never interleave).
    private let fd: Mutex<Int32>

    init(fd: Int32) { self.fd = Mutex(fd) }

    func write(_ line: String) {
      fd.withLock { fd in
        guard fd >= 0 else { return }
        var text = line
        _ = text.withUTF8 { Files.writeAll(fd, UnsafeRawBufferPointer($0)) }
      }
    }

    deinit { fd.withLock { if $0 >= 0 { Glibc.close($0) } } }
  }

  let sink: Sink
  var logLevel: Logger.Level
  var metadata: Logger.Metadata = [:]
  var metadataProvider: Logger.MetadataProvider?

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  /// Opens `path` for appending (made if missing, mode 0600); nil with the reason when it cannot.
  /// Only a regular file, opened without blocking: a FIFO there would wait for a reader for ever.
  static func open(path: String) -> Result<Sink, LogFileError> {
    switch Files.openRegular(path, flags: O_WRONLY | O_APPEND | O_CREAT, mode: 0o600, followingLinks: true) {
    case .success(let fd): return .success(Sink(fd: fd))
    case .failure(let refusal):
      return .failure(LogFileError(message: "cannot open the log file \(path): \(refusal)"))
    }
  }

  func log(event: LogEvent) {
    var all = metadata
    if let explicit = event.metadata { all.merge(explicit) { $1 } }
    var text = "\(Self.timestamp()) \(event.level) \(event.message)"
    if let error = event.error { text += " error=\(error)" }
    if !all.isEmpty {
      text += " " + all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    }
    // Text from outside (the exchange's errors, file names) is made safe to `cat`: controls, C1
    // and bidi overrides as `?`, one line.
    sink.write(TerminalText.sanitized(text) + "\n")
  }

  /// Now in UTC, ISO 8601 with milliseconds.
  static func timestamp() -> String {
    var ts = timespec()
    clock_gettime(CLOCK_REALTIME, &ts)
    var t = ts.tv_sec
    var parts = tm()
    gmtime_r(&t, &parts)
    func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
    let ms = Int(ts.tv_nsec / 1_000_000)
    let msText = ms < 10 ? "00\(ms)" : ms < 100 ? "0\(ms)" : "\(ms)"
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):"
      + "\(two(parts.tm_min)):\(two(parts.tm_sec)).\(msText)Z"
  }
}

struct LogFileError: Error {
  var message: String
}
