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
    /// A name that is no venue's (`known`: the venues tradeterm follows, in their registration's
    /// order; empty when the caller has no list, and then any well-formed name is one).
    case unknownVenue(String, known: [Venue] = [])
    case emptySymbol
    case symbolTooLong(String)

    public var description: String {
      switch self {
      case .unknownVenue(let name, let known) where known.isEmpty:
        "unknown venue \"\(name)\" (`tradeterm venues` lists them)"
      case .unknownVenue(let name, let known):
        "unknown venue \"\(name)\" (venues: \(known.map(\.rawValue).joined(separator: ", ")))"
      case .emptySymbol: "no symbol after the venue"
      case .symbolTooLong(let s): "symbol longer than \(Symbol.maxLength) bytes: \(s)"
      }
    }
  }

  /// Reads `venue:SYMBOL`, or a bare `SYMBOL` on `defaultVenue`. The venue name is
  /// case-insensitive; the symbol is kept as written (venues decide their own case). A venue must
  /// be one of `venues` (the registered ones, which the caller has) unless that is empty, when
  /// any well-formed name is taken.
  public static func parse(
    _ text: String, defaultVenue: Venue = .bitmex, venues: [Venue] = []
  ) -> Result<InstrumentKey, ParseError> {
    var venue = defaultVenue
    var symbolText = Substring(text)
    if let colon = text.firstIndex(of: ":") {
      let name = String(text[..<colon])
      guard let v = Venue(name: name, among: venues) else {
        return .failure(.unknownVenue(name, known: venues))
      }
      venue = v
      symbolText = text[text.index(after: colon)...]
    }
    guard !symbolText.isEmpty else { return .failure(.emptySymbol) }
    guard let symbol = Symbol(String(symbolText)) else { return .failure(.symbolTooLong(String(symbolText))) }
    return .success(InstrumentKey(venue: venue, symbol: symbol))
  }

  /// The symbol part of `venue:SYMBOL` text (the text itself when what is before the colon is
  /// no venue's name).
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
