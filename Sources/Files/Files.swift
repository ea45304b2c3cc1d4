#if canImport(Glibc)
import Glibc
#endif

/// The few file-system steps tradeterm's own files share (the config, the alerts and favourites
/// files, the paper journal, the log, the terminal's bell): where the user's files live (XDG),
/// `mkdir -p`, reading a file whole, writing every byte, and replacing a file atomically.
public enum Files {
  /// The environment variable `name`; nil when unset or empty.
  public static func env(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// `$XDG_STATE_HOME/tradeterm/name`, else `~/.local/state/tradeterm/name`; nil when neither
  /// variable is set.
  public static func statePath(_ name: String) -> String? {
    guard let base = env("XDG_STATE_HOME") ?? env("HOME").map({ $0 + "/.local/state" }) else { return nil }
    return base + "/tradeterm/" + name
  }

  /// `$XDG_CONFIG_HOME/tradeterm/name`, else `~/.config/tradeterm/name`; nil when neither
  /// variable is set.
  public static func configPath(_ name: String) -> String? {
    guard let base = env("XDG_CONFIG_HOME") ?? env("HOME").map({ $0 + "/.config" }) else { return nil }
    return base + "/tradeterm/" + name
  }

  /// The directory part of `path` (`a/b` of `a/b/c`; empty for a bare name).
  public static func directory(of path: String) -> String {
    String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
  }

  /// `mkdir -p directory` with `mode` for the directories it makes (one that exists is left as
  /// it is). Failures are not reported: writing the file there says what went wrong.
  public static func makeDirectories(_ directory: String, mode: mode_t) {
    var prefix = directory.hasPrefix("/") ? "" : "."
    for part in directory.split(separator: "/") {
      prefix += "/" + part
      _ = mkdir(prefix, mode)
    }
  }

  /// Every byte of the file at `path`; nil when it cannot be opened (`errno` says why).
  public static func readAll(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { break }
      out += buffer[0..<n]
    }
    return out
  }

  /// Why a state file cannot be used, in a few words (`not a regular file (a FIFO)`).
  public struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
    public var words: String
    /// The `errno` behind it, when there is one (`ENOENT` for a missing file).
    public var code: Int32
    public init(_ words: String, code: Int32 = 0) {
      self.words = words
      self.code = code
    }
    public var description: String { words }
  }

  /// Opens one of tradeterm's own state files (`flags`: `O_RDONLY`, or `O_RDWR | O_CREAT`…):
  /// without blocking (a FIFO at the path would wait for a writer for ever), not through a
  /// symbolic link (`O_NOFOLLOW`: a link would make tradeterm cut or overwrite its target), and
  /// only when it is a regular file (not a FIFO, a device such as `/dev/zero`, a directory).
  /// Returns the descriptor, blocking again, close-on-exec.
  /// With `followingLinks`, a symbolic link is followed (a file the user named, such as the log).
  public static func openRegular(
    _ path: String, flags: Int32, mode: mode_t = 0o644, followingLinks: Bool = false
  ) -> Result<Int32, Refusal> {
    let fd = open(path, flags | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW) | O_CLOEXEC, mode)
    guard fd >= 0 else {
      let code = errno
      if code == ELOOP { return .failure(Refusal("is a symbolic link, not a regular file", code: code)) }
      // A FIFO opened for writing without a reader fails (ENXIO): say what it is instead.
      var info = stat()
      if (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0, info.st_mode & S_IFMT != S_IFREG {
        return .failure(Refusal("not a regular file (\(kind(info.st_mode)))", code: code))
      }
      return .failure(Refusal(String(cString: strerror(code)), code: code))
    }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      let code = errno
      close(fd)
      return .failure(Refusal(String(cString: strerror(code)), code: code))
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      close(fd)
      return .failure(Refusal("not a regular file (\(kind(info.st_mode)))"))
    }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    return .success(fd)
  }

  /// What a file that is not a regular file is, for messages.
  static func kind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: "a directory"
    case S_IFIFO: "a FIFO"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    case S_IFLNK: "a symbolic link"
    default: "not a file"
    }
  }

  /// Every byte of `fd` from where it is, at most `limit` of them: more is refused (a state file
  /// that big is not one tradeterm wrote). `EINTR` is read again.
  public static func readAll(_ fd: Int32, limit: Int) -> Result<[UInt8], Refusal> {
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      if n < 0 { return .failure(Refusal(String(cString: strerror(errno)), code: errno)) }
      if n == 0 { return .success(out) }
      guard out.count + n <= limit else { return .failure(Refusal("larger than \(sizeText(limit))")) }
      out += buffer[0..<n]
    }
  }

  /// The regular file at `path`, whole, if it is at most `limit` bytes (`openRegular`, then
  /// `readAll(_:limit:)`). A missing file is a refusal with `code` `ENOENT`.
  public static func readRegular(_ path: String, limit: Int) -> Result<[UInt8], Refusal> {
    switch openRegular(path, flags: O_RDONLY) {
    case .failure(let refusal): return .failure(refusal)
    case .success(let fd):
      defer { close(fd) }
      return readAll(fd, limit: limit)
    }
  }

  /// `1 MB`, `64 KB`, `300 bytes`.
  static func sizeText(_ bytes: Int) -> String {
    bytes >= 1 << 20 && bytes % (1 << 20) == 0
      ? "\(bytes >> 20) MB"
      : bytes >= 1 << 10 && bytes % (1 << 10) == 0 ? "\(bytes >> 10) KB" : "\(bytes) bytes"
  }

  /// Writes all of `bytes` to `fd`, again after a short write or a signal (`EINTR`). Returns
  /// nil once every byte is written, else the `errno` that stopped it (0 for a write of none).
  @discardableResult
  public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
    guard let base = bytes.baseAddress else { return nil }
    var offset = 0
    while offset < bytes.count {
      let n = write(fd, base + offset, bytes.count - offset)
      if n > 0 {
        offset += n
      } else if n < 0 && errno == EINTR {
        continue
      } else {
        return n < 0 ? errno : 0
      }
    }
    return nil
  }

  /// Replaces the file at `path` with `text` atomically: its directory is made if missing
  /// (mode 0700: state is the user's own), then a temp file beside it is written, flushed,
  /// `fsync`ed and renamed over the old one, so a crash leaves the old file or the new, never
  /// half of one. Returns why it failed, or nil.
  public static func replace(_ path: String, with text: String) -> String? {
    makeDirectories(directory(of: path), mode: 0o700)
    let temp = path + ".tmp.\(getpid())"
    guard let file = fopen(temp, "w") else {
      return "cannot write \(temp): \(String(cString: strerror(errno)))"
    }
    var text = text
    let written = text.withUTF8 { fwrite($0.baseAddress, 1, $0.count, file) }
    let ok = written == text.utf8.count && fflush(file) == 0 && fsync(fileno(file)) == 0
    fclose(file)
    guard ok, rename(temp, path) == 0 else {
      unlink(temp)
      return "cannot write \(path)"
    }
    return nil
  }
}
