/// An instrument's identity everywhere (sessions, alerts, paper orders, favourites, recordings):
/// the venue and the venue's own symbol, written `venue:SYMBOL` (`kraken:BTC/USD`,
/// `binance-usdm:BTCUSDT`). A bare symbol is BitMEX's.
public struct InstrumentKey: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var venue: Venue
  public var symbol: Symbol

  public init(venue: Venue, symbol: Symbol) {
    self.venue = venue
    self.symbol = symbol
  }

  /// Why `venue:SYMBOL` text was refused.
  public enum ParseError: Error, Sendable, Hashable, CustomStringConvertible {
    case unknownVenue(String)
    case emptySymbol
    case symbolTooLong(String)

    public var description: String {
      switch self {
      case .unknownVenue(let name):
        "unknown venue \"\(name)\" (venues: \(Venue.allCases.map(\.rawValue).joined(separator: ", ")))"
      case .emptySymbol: "no symbol after the venue"
      case .symbolTooLong(let s): "symbol longer than \(Symbol.maxLength) bytes: \(s)"
      }
    }
  }

  /// Reads `venue:SYMBOL`, or a bare `SYMBOL` on `defaultVenue`. The venue name is
  /// case-insensitive; the symbol is kept as written (venues decide their own case).
  public static func parse(_ text: String, defaultVenue: Venue = .bitmex) -> Result<InstrumentKey, ParseError>
  {
    var venue = defaultVenue
    var symbolText = Substring(text)
    if let colon = text.firstIndex(of: ":") {
      let name = String(text[..<colon])
      guard let v = Venue(name: name) else { return .failure(.unknownVenue(name)) }
      venue = v
      symbolText = text[text.index(after: colon)...]
    }
    guard !symbolText.isEmpty else { return .failure(.emptySymbol) }
    guard let symbol = Symbol(String(symbolText)) else { return .failure(.symbolTooLong(String(symbolText))) }
    return .success(InstrumentKey(venue: venue, symbol: symbol))
  }

  /// The symbol part of `venue:SYMBOL` text (the text itself when it names no known venue).
  public static func symbolPart(of text: String) -> String {
    guard let colon = text.firstIndex(of: ":"), Venue(name: String(text[..<colon])) != nil else {
      return text
    }
    return String(text[text.index(after: colon)...])
  }

  /// `venue:SYMBOL`.
  public var description: String { "\(venue.rawValue):\(symbol)" }

  public static func < (a: InstrumentKey, b: InstrumentKey) -> Bool {
    a.venue != b.venue ? a.venue < b.venue : a.symbol < b.symbol
  }
}
