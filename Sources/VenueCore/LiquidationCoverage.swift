/// Which of a venue's markets send liquidations, as its adapter subscribes them: what the
/// Activity pane reads to say why a market has none, rather than show an empty list that looks
/// live. Declared by each venue's `VenueAbout`.
public enum LiquidationCoverage: Sendable, Hashable {
  /// Every market of the venue sends them (a derivatives venue: BitMEX, Binance USDⓈ-M, Bybit's
  /// linear and inverse).
  case everyMarket
  /// A spot venue: no positions, so none to liquidate (Binance spot, Bybit spot).
  case spotVenue
  /// The venue publishes none (Kraken and Coinbase, spot here).
  case unpublished
  /// Only the instruments whose symbol ends so are subscribed (OKX's swaps, `-SWAP`); a symbol
  /// that reads as a spot pair (`VenueAbout.spotPairSeparator`) is a spot market.
  case symbolsEnding(String)
}
