import VenueCore

extension VenueAbout {
  /// BitMEX, the first venue: everything tradeterm does runs on it.
  public static let bitmex = VenueAbout(
    venue: .bitmex, examples: ["XBTUSD", "bitmex:ETHUSD", "bitmex:XBTUSDT"],
    bookRule: "partial + id map (orderBookL2_25 or orderBookL2; a fault resubscribes for a fresh partial)",
    reads:
      "book, trades, quotes, instruments (every symbol), liquidations, candles (REST); demo, record, replay",
    selectable: true)
}
