/// A trading venue (and, where one venue runs separate markets on separate endpoints, that
/// market): the first part of every instrument's key, in the core and in the model alike
/// (`InstrumentID.Venue` is this type). The raw value is the name the command line, the config,
/// the journal, the favourites file and recordings use (`kraken:BTC/USD`, `--venue
/// binance-usdm`): the pure layers parse it without any adapter, so the name is all of a venue
/// that is declared here; everything else about it is its adapter's `VenueAbout`.
///
/// A value of one byte: compared and hashed by its position in `allCases` (never by its name,
/// which a raw-value enum would otherwise hash), as the feed and replay do per message.
public enum Venue: String, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible, Codable {
  case bitmex
  case kraken
  case binance
  case binanceUSDM = "binance-usdm"
  case coinbase
  case bybitSpot = "bybit-spot"
  case bybitLinear = "bybit-linear"
  case bybitInverse = "bybit-inverse"
  case okx

  /// The venue named `name`, case-insensitively (`Kraken`, `BINANCE-USDM`).
  public init?(name: String) {
    guard let v = Venue(rawValue: name.lowercased()) else { return nil }
    self = v
  }

  /// The venue whose name is exactly these bytes (a recording's tag), or nil; no String made.
  public init?(utf8 bytes: UnsafeRawBufferPointer) {
    for (venue, name) in Self.utf8Names where name.count == bytes.count {
      if name.withUnsafeBytes({ $0.elementsEqual(bytes) }) {
        self = venue
        return
      }
    }
    return nil
  }

  /// A venue in the journal and the favourites file: its name, as the command line writes it.
  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let venue = Venue(rawValue: text) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "venue \(text)"))
    }
    self = venue
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    try c.encode(rawValue)
  }

  /// Every venue's name as bytes, made once.
  private static let utf8Names: [(Venue, [UInt8])] = allCases.map { ($0, Array($0.rawValue.utf8)) }

  /// Its position in `allCases` (the order the cases are declared in). A case-only enum is
  /// stored as that number, so reading its one byte is the position: no switch, no search.
  public var ordinal: UInt8 { withUnsafeBytes(of: self) { $0[0] } }

  /// The venue's name as JSON and CSV outputs write it (`bitmex`): its raw value.
  public var name: String { rawValue }

  /// The name people know it by.
  public var displayName: String {
    switch self {
    case .bitmex: "BitMEX"
    case .kraken: "Kraken"
    case .binance: "Binance"
    case .binanceUSDM: "Binance USDⓈ-M"
    case .coinbase: "Coinbase"
    case .bybitSpot: "Bybit spot"
    case .bybitLinear: "Bybit linear"
    case .bybitInverse: "Bybit inverse"
    case .okx: "OKX"
    }
  }

  public var description: String { rawValue }

  public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }

  public static func == (a: Venue, b: Venue) -> Bool { a.ordinal == b.ordinal }

  public static func < (a: Venue, b: Venue) -> Bool { a.ordinal < b.ordinal }
}
