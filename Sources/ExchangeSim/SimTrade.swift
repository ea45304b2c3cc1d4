import MarketModel

/// One simulated trade print, as the `trade` table and REST `/trade` send it.
struct SimTrade: Sendable, Hashable {
  var timeMs: Int64
  /// The aggressor's side: a `Buy` lifted the best ask, a `Sell` hit the best bid.
  var side: Side
  var size: Int64
  var ticks: Int64
  var tickDirection: TickDirection
  /// A GUID, as BitMEX's `trdMatchID`.
  var matchID: String
  /// Value in the settlement currency's minor unit (satoshis for XBt, micro-USDT for USDt).
  var grossValue: Int64
  /// Size in the base currency (XBT for XBTUSD, SOL for SOLUSDT).
  var homeNotional: Double
  /// Size in the quote currency.
  var foreignNotional: Double
}
