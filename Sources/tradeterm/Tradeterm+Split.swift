import Config
import MarketModel
import VenueCore

extension Tradeterm {
  /// Two instruments open the split view (`tradeterm ETHUSD kraken:ETH/USD`): the second must name
  /// another instrument than the first, on a venue the dashboard follows live, and the run must
  /// be the live dashboard (or `--demo`'s). More than two, or a second with `--once` or
  /// `--replay`, is one clear line.
  func validateSplit() throws {
    guard instruments.count > 1 else { return }
    if let first = instrument, first == "config" || first == "venues" {
      throw fail("`tradeterm \(first)` takes no instrument")
    }
    if instruments.count > 2 {
      throw fail(
        "at most two instruments: the split view shows two books side by side (`tradeterm \(Venues.homeSymbol) ETHUSD`); "
          + "\(instruments.count) given")
    }
    if once { throw fail("--once prints one book; two instruments open the dashboard's split view") }
    if replay != nil {
      throw fail("--replay plays one recording: two instruments are followed live (or --demo)")
    }
  }

  /// The second instrument given, `VENUE:SYMBOL` or a bare symbol (the first one's venue: BitMEX,
  /// `--venue`'s or the config's), spelled as its venue spells it; nil with one instrument. A
  /// bad one (an unknown venue, a venue the dashboard cannot follow, a symbol that cannot be
  /// one, the first instrument again) throws its one line.
  func splitInstrument(besides first: StartInstrument) throws -> InstrumentKey? {
    guard instruments.count == 2 else { return nil }
    let text = instruments[1]
    let defaultVenue = first.venue
    guard text.unicodeScalars.allSatisfy(TerminalText.isSafe), !text.contains(" ") else {
      throw fail("the second instrument must be printable, without spaces")
    }
    let key: InstrumentKey
    switch InstrumentKey.parse(text, defaultVenue: defaultVenue, venues: Venues.names) {
    case .failure(let error): throw fail(TerminalText.sanitized(error.description))
    case .success(let parsed): key = parsed
    }
    guard let symbol = Symbol(Self.venueSpelling(key.symbol.description)) else {
      throw fail("the second instrument's symbol must be 1 to \(Symbol.maxLength) characters")
    }
    if key.venue != .bitmex, VenueLive.of(key.venue, url: nil) == nil {
      let why = Venues.about(key.venue)?.reads ?? "no adapter"
      throw fail(
        "\(Venues.displayName(key.venue)) is not selectable yet (\(why)); `tradeterm venues` says what each venue can do"
      )
    }
    let second = InstrumentKey(venue: key.venue, symbol: symbol)
    let home = Venues.home.defaultSymbol ?? ""
    let firstKey = InstrumentKey(
      venue: first.venue, symbol: Symbol(Self.venueSpelling(first.symbol ?? home)) ?? Symbol(home) ?? "?")
    if second == firstKey {
      throw fail(
        "\(Self.keyText(firstKey)) twice: the split view shows two different instruments (`tradeterm \(Venues.homeSymbol) ETHUSD`)"
      )
    }
    return second
  }

  /// `ETHUSD` for BitMEX's, `kraken:BTC/USD` for another venue's.
  static func keyText(_ key: InstrumentKey) -> String {
    key.venue == .bitmex ? key.symbol.description : "\(key.venue):\(key.symbol)"
  }
}
