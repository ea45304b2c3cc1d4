import VenueCore

extension VenueAbout {
  /// BitMEX, the first venue: everything tradeterm does runs on it. A run that names no
  /// instrument opens on its Bitcoin perpetual.
  public static let bitmex = VenueAbout(
    venue: .bitmex, displayName: "BitMEX", examples: ["XBTUSD", "bitmex:ETHUSD", "bitmex:XBTUSDT"],
    bookRule: "partial + id map (orderBookL2_25 or orderBookL2; a fault resubscribes for a fresh partial)",
    reads:
      "book, trades, quotes, instruments (every symbol), liquidations, candles (REST); demo, record, replay",
    selectable: true, defaultSymbol: BitMEXInstruments.bitcoinPerpetual.description, mark: "M",
    liquidations: .everyMarket,
    bitcoinSources: [BitMEXInstruments.bitcoinPerpetual, BitMEXInstruments.bitcoinIndex])
}

/// BitMEX instruments tradeterm names itself: the one a run opens on by default, and the ones
/// whose price is Bitcoin's in US dollars.
public enum BitMEXInstruments {
  /// The Bitcoin perpetual against the dollar (inverse: one USD a contract).
  public static let bitcoinPerpetual: Symbol = "XBTUSD"
  /// BitMEX's Bitcoin index against the dollar.
  public static let bitcoinIndex: Symbol = ".BXBT"
}
