import MarketModel

#if canImport(Glibc)
import Glibc
#endif

/// The starred instruments, kept across runs in `$XDG_STATE_HOME/tradeterm/favourites`
/// (`~/.local/state/tradeterm/favourites` when unset): one `venue:SYMBOL` a line, in the
/// user's order. Written atomically (a temp file in the same directory, then rename), so a
/// crash leaves the old list or the new one, never half of one.
public struct FavouritesFile: Sendable {
  public var path: String

  public init(path: String) {
    self.path = path
  }

  /// The file for this user, or nil when neither `XDG_STATE_HOME` nor `HOME` is set.
  public static func standard() -> FavouritesFile? {
    let env = { (name: String) -> String? in
      getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }
    guard let base = env("XDG_STATE_HOME") ?? env("HOME").map({ $0 + "/.local/state" }) else { return nil }
    return FavouritesFile(path: base + "/tradeterm/favourites")
  }

  /// The starred instruments; none when the file is missing or unreadable. Unknown venues and
  /// malformed lines are skipped.
  public func load() -> [InstrumentID] {
    guard let file = fopen(path, "r") else { return [] }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = fread(&buffer, 1, buffer.count, file)
      if n <= 0 { break }
      bytes += buffer[0..<n]
    }
    return Self.parse(String(decoding: bytes, as: UTF8.self))
  }

  /// The lines of a favourites file as ids.
  public static func parse(_ text: String) -> [InstrumentID] {
    var out: [InstrumentID] = []
    for line in text.split(whereSeparator: \.isNewline) {
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2, parts[0] == "bitmex", let symbol = Symbol(String(parts[1])) else { continue }
      let id = InstrumentID.bitmex(symbol)
      if !out.contains(id) { out.append(id) }
    }
    return out
  }

  /// The file's text for `ids`.
  public static func text(_ ids: [InstrumentID]) -> String {
    ids.map { "bitmex:\($0.symbol)\n" }.joined()
  }

  /// Writes `ids`: the directory is made if missing, then a temp file is written, flushed and
  /// renamed over the old one. Returns why it failed, or nil.
  public func save(_ ids: [InstrumentID]) -> String? {
    let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    Self.makeDirectories(directory)
    let temp = path + ".tmp.\(getpid())"
    guard let file = fopen(temp, "w") else {
      return "cannot write \(temp): \(String(cString: strerror(errno)))"
    }
    var text = Self.text(ids)
    let written = text.withUTF8 { fwrite($0.baseAddress, 1, $0.count, file) }
    let ok = written == text.utf8.count && fflush(file) == 0 && fsync(fileno(file)) == 0
    fclose(file)
    guard ok, rename(temp, path) == 0 else {
      unlink(temp)
      return "cannot write \(path)"
    }
    return nil
  }

  /// `mkdir -p`, mode 0700 (state is the user's own).
  private static func makeDirectories(_ path: String) {
    var prefix = path.hasPrefix("/") ? "" : "."
    for part in path.split(separator: "/") {
      prefix += "/" + part
      mkdir(prefix, 0o700)
    }
  }
}
