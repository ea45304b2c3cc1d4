import MarketModel
import VenueCore

extension PickerState {
  /// Whether `text` could name an instrument, and so may be typed: a symbol of at most
  /// `Symbol.maxLength` bytes, after at most one `venue:` no longer than a venue's name.
  public static func fits(_ text: String) -> Bool {
    let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2 else { return text.utf8.count <= Symbol.maxLength }
    return parts[0].utf8.count <= longestVenueName && !parts[1].contains(":")
      && parts[1].utf8.count <= Symbol.maxLength
  }

  /// The longest venue name there can be (`Venue.maxLength`; `bybit-inverse` is 13).
  static let longestVenueName = VenueCore.Venue.maxLength

  /// The instrument `text` names from a screen on `venue`: `VENUE:SYMBOL` names that venue's
  /// (`kraken:ETH/USD`, `bitmex:ETHUSD`; the venue's name in any case), a bare symbol the venue
  /// on screen's. A trader on Kraken who types `ETH/USD` means Kraken's pair, and BitMEX's
  /// `ETHUSD` from there is written `bitmex:ETHUSD`: a bare symbol never leaves the venue.
  /// Fails with the words to show: an unknown venue (not one of `venues`, the registered ones
  /// in their order, unless that is empty: the message lists them), no symbol, one too long.
  public static func instrument(
    _ text: String, on venue: InstrumentID.Venue, venues: [InstrumentID.Venue] = []
  ) -> Result<InstrumentID, InstrumentKey.ParseError> {
    InstrumentKey.parse(text, defaultVenue: venue, venues: venues).map {
      InstrumentID(venue: $0.venue, symbol: $0.symbol)
    }
  }

  /// How the picker lists `id` on a screen on `venue`: the bare symbol on its own venue, else
  /// `venue:SYMBOL` (`bitmex:ETHUSD` too), so that the entry reads back as the same instrument.
  public static func label(_ id: InstrumentID, on venue: InstrumentID.Venue) -> String {
    id.venue == venue ? id.symbol.description : "\(id.venue.name):\(id.symbol)"
  }
}
