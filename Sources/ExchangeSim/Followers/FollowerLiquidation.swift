import MarketModel

/// A liquidation on a follower venue (Bybit derivatives, OKX swaps): the reference instrument's
/// liquidation order as it entered its `liquidation` table (`SimConfig.activity`), at the same
/// moment, on the same side, its price moved by the listing's basis onto the listing's grid,
/// its size the follower's typical taker order times the order's size in the reference's
/// typical taker orders (so the shared price process drives every venue's liquidations).
struct FollowerLiquidation: Sendable, Hashable {
  /// A reference instrument's liquidation, as the followers need it.
  struct Source: Sendable, Hashable {
    /// The liquidation order's side: `.sell` closes a long.
    var side: Side
    /// Its limit (the bankruptcy price), as a price.
    var price: Double
    /// Its size in the reference's typical taker orders.
    var takerOrders: Double
  }

  /// The liquidation order's side: `.sell` closes a long (Bybit writes the position's side, the
  /// opposite; OKX both).
  var side: Side
  /// In the listing's price units.
  var ticks: Int64
  /// In the listing's size units, at least one lot.
  var size: Int64
  var timeMs: Int64

  /// `source` on `market`'s listing at `timeMs`; nil when its price does not fit the grid.
  init?(_ source: Source, market: FollowerMarket, timeMs: Int64) {
    let listing = market.listing
    let units = source.price * (1 + listing.basis) * listing.pricePerOne / Double(listing.tickUnits)
    guard units.isFinite, units >= 1, units < 1e15 else { return nil }
    let lots = (market.tradeSize * source.takerOrders / Double(listing.lotUnits)).rounded()
    guard lots.isFinite, lots < 1e12 else { return nil }
    side = source.side
    ticks = Int64(units.rounded()) * listing.tickUnits
    size = max(1, Int64(lots)) * listing.lotUnits
    self.timeMs = timeMs
  }
}
