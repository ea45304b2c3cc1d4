/// What a Binance stream carries.
enum BinanceStreamKind: Sendable, Hashable {
  /// `<symbol>@depth[@Nms]`: diff depth, `U`/`u` (and `pu` on USDⓈ-M).
  case depth
  /// `<symbol>@bookTicker`: the best bid/ask with the book's update id `u`.
  case bookTicker
  /// `<symbol>@trade`.
  case trade
  /// `<symbol>@aggTrade`.
  case aggTrade
  /// `<symbol>@ticker` or `!ticker@arr`: the rolling 24 h ticker.
  case ticker
  /// `<symbol>@miniTicker` or `!miniTicker@arr`.
  case miniTicker
  /// USDⓈ-M `<symbol>@markPrice[@1s]`: mark and index price, funding rate and time (every
  /// second here).
  case markPrice
  /// USDⓈ-M `<symbol>@forceOrder` or `!forceOrder@arr`: liquidation orders as they fill.
  case forceOrder
}
