/// A trading venue (and, where one venue runs separate markets on separate endpoints, that
/// market): the first part of every instrument's key. The raw value is the name the command
/// line and the config use (`kraken:BTC/USD`, `--venue binance-usdm`).
public enum Venue: String, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
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

  /// Every venue's name as bytes, made once.
  private static let utf8Names: [(Venue, [UInt8])] = allCases.map { ($0, Array($0.rawValue.utf8)) }

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

  public static func < (a: Venue, b: Venue) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }
}
