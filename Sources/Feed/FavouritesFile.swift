import Files
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
    Files.statePath("favourites").map(FavouritesFile.init(path:))
  }

  /// The starred instruments; none when the file is missing or unreadable. Unknown venues and
  /// malformed lines are skipped.
  public func load() -> [InstrumentID] {
    guard let bytes = Files.readAll(path) else { return [] }
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
    Files.replace(path, with: Self.text(ids))
  }
}
