import Files
import MarketModel
import VenueCore

#if canImport(Glibc)
import Glibc
#endif

/// The starred instruments, kept across runs in `$XDG_STATE_HOME/tradeterm/favourites`
/// (`~/.local/state/tradeterm/favourites` when unset): one `venue:SYMBOL` a line, in the
/// user's order, each with its own venue (`bitmex:ETHUSD`, `kraken:BTC/USD`). Written atomically (a temp file in the same directory, then rename), so a
/// crash leaves the old list or the new one, never half of one.
///
/// Symbols come from the server: a byte outside printable ASCII (a newline, an escape
/// sequence) or a `%` is written `%XX`, so no symbol can add a line of its own or reach a
/// terminal that prints the file. Two tradeterms starring at once do not undo each other:
/// `merge` re-reads the file under a lock and applies only this one's changes.
public struct FavouritesFile: Sendable {
  public var path: String
  /// The largest file read (a list of every BitMEX instrument is a few KB).
  public static let maxBytes = 1 << 20

  public init(path: String) {
    self.path = path
  }

  /// The file for this user, or nil when neither `XDG_STATE_HOME` nor `HOME` is set.
  public static func standard() -> FavouritesFile? {
    Files.statePath("favourites").map(FavouritesFile.init(path:))
  }

  /// The starred instruments; none when the file is missing or cannot be used. Unknown venues
  /// and malformed lines are skipped.
  public func load() -> [InstrumentID] {
    (try? read().get()) ?? []
  }

  /// The starred instruments (none when the file is missing), or why the file cannot be used:
  /// only a regular file of at most `maxBytes` is read (a FIFO or a device there neither hangs
  /// nor fills memory).
  public func read() -> Result<[InstrumentID], Files.Refusal> {
    switch Files.readRegular(path, limit: Self.maxBytes) {
    case .success(let bytes): return .success(Self.parse(String(decoding: bytes, as: UTF8.self)))
    case .failure(let refusal) where refusal.code == ENOENT: return .success([])
    case .failure(let refusal):
      return .failure(Files.Refusal("\(path): \(refusal.words)", code: refusal.code))
    }
  }

  /// The lines of a favourites file as ids.
  public static func parse(_ text: String) -> [InstrumentID] {
    var out: [InstrumentID] = []
    var seen = Set<InstrumentID>()
    for line in text.split(whereSeparator: \.isNewline) {
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2, let venue = Venue(rawValue: String(parts[0])), let text = unescaped(parts[1]),
        let symbol = Symbol(text)
      else { continue }
      let id = InstrumentID(venue: venue, symbol: symbol)
      if seen.insert(id).inserted { out.append(id) }
    }
    return out
  }

  /// The file's text for `ids`.
  public static func text(_ ids: [InstrumentID]) -> String {
    ids.map { "\($0.venue.name):\(escaped($0.symbol.description))\n" }.joined()
  }

  /// `symbol` with every byte outside printable ASCII, and `%`, as `%XX`.
  static func escaped(_ symbol: String) -> String {
    var out = ""
    for byte in symbol.utf8 {
      if byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "%") {
        out.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        out += "%" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    return out
  }

  /// The symbol an escaped field spells, or nil when an escape is malformed or the bytes are
  /// not UTF-8.
  static func unescaped(_ field: Substring) -> String? {
    var bytes: [UInt8] = []
    var utf8 = field.utf8[...]
    while let byte = utf8.popFirst() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
      else { return nil }
      bytes.append(value)
      utf8 = utf8.dropFirst(2)
    }
    return String(validating: bytes, as: UTF8.self)
  }

  /// Writes `ids`: the directory is made if missing, then a temp file is written, flushed and
  /// renamed over the old one. Returns why it failed, or nil.
  public func save(_ ids: [InstrumentID]) -> String? {
    Files.replace(path, with: Self.text(ids))
  }

  /// Saves this process's changes: `ids` is its list now, `base` the list it last read or
  /// saved. Under a lock (`<path>.lock`, so a second tradeterm waits), the file is read again,
  /// the stars this process removed since `base` are taken out of it and those it added are put
  /// at the end, and the result is written. Returns the list written (stars added by another
  /// process included), or why nothing was.
  public func merge(
    _ ids: [InstrumentID], since base: [InstrumentID]
  ) -> Result<[InstrumentID], Files.Refusal> {
    Files.makeDirectories(Files.directory(of: path), mode: 0o700)
    let lock: Int32
    switch Files.openRegular(path + ".lock", flags: O_RDWR | O_CREAT, mode: 0o600) {
    case .success(let fd): lock = fd
    case .failure(let refusal):
      return .failure(Files.Refusal("\(path).lock: \(refusal.words)", code: refusal.code))
    }
    defer { close(lock) }
    while flock(lock, LOCK_EX) != 0 {
      guard errno == EINTR else {
        return .failure(
          Files.Refusal("cannot lock \(path).lock: \(String(cString: strerror(errno)))", code: errno))
      }
    }
    let onDisk: [InstrumentID]
    switch read() {
    case .success(let ids): onDisk = ids
    case .failure(let refusal): return .failure(refusal)
    }
    let now = Set(ids)
    let before = Set(base)
    var merged = onDisk.filter { now.contains($0) || !before.contains($0) }
    var present = Set(merged)
    for id in ids where !before.contains(id) && present.insert(id).inserted { merged.append(id) }
    if let failure = save(merged) { return .failure(Files.Refusal(failure)) }
    return .success(merged)
  }
}
