import MarketModel
import Screen

extension DashboardView {
  /// The trades pane's area and the Activity pane's under it (`w`): the lower half of the
  /// trades column when the pane is on and the column is tall enough, else none.
  static func activitySplit(_ s: AppState, _ trades: Rect?) -> (trades: Rect?, activity: Rect?) {
    guard s.activityVisible, let trades, trades.height >= 10 else { return (trades, nil) }
    let (top, bottom) = trades.splitBottom(trades.height / 2)
    return (top, bottom)
  }

  /// The walls resting now, for the book's marks.
  static func activityWalls(_ s: AppState) -> Set<Double> {
    guard s.session.bookIsLive else { return [] }
    return Set(s.walls.wallPrices(.buy) + s.walls.wallPrices(.sell))
  }

  /// The Activity pane: liquidations and the wall watch's events, newest first; its title
  /// counts the last minute's liquidations per side, its footer gives the wall threshold.
  static func renderActivity(_ s: AppState, into grid: inout Grid, area: Rect) {
    let minute = s.marketNowMs - 60_000
    let sells = s.liquidations.tally(.sell, since: minute)
    let buys = s.liquidations.tally(.buy, since: minute)
    func volume(_ t: LiquidationLog.Tally) -> String {
      guard t.count > 0 else { return "" }
      let usd = notionalUSD(s, size: t.contracts, price: s.market.instrument.lastPrice)
      return " " + (usd.map { "$" + NumberFormat.compact($0) } ?? NumberFormat.compact(Double(t.contracts)))
    }
    let title =
      "Activity  liq 1m: \(sells.count) sell\(volume(sells)) · \(buys.count) buy\(volume(buys))"
      + (s.session.bookIsLive ? "" : staleNote(s.age(of: s.session.bookDataAt)))
    var footer = "walls"
    if let threshold = s.walls.threshold {
      footer += " ≥ " + NumberFormat.compact(Double(threshold))
      if s.walls.fixedThreshold == nil { footer += " auto" }
    }
    let box = Box(
      title: title, footer: footer + " · \(s.keys.short(.toggleActivity)): hide", focused: false,
      ascii: s.ascii)
    box.render(into: &grid, area: area)
    let rows = box.inner(area).height
    var liquidations: [ActivityView.Item] = []
    s.liquidations.forEachEvent { e in
      liquidations.append(.liquidation(e, notionalUSD: notionalUSD(s, size: e.size, price: e.price)))
      return liquidations.count < rows
    }
    var walls: [WallWatch.Event] = []
    s.walls.forEachEvent { e in
      walls.append(e)
      return walls.count < rows
    }
    let empty = s.walls.threshold == nil ? "learning the book's sizes…" : "no liquidation or wall yet"
    let inner = box.inner(area)
    // The margin too: the grid may be the last frame's, where the tape was.
    grid.fill(inner)
    ActivityView(
      items: ActivityView.merged(walls: walls, liquidations: liquidations, limit: rows),
      priceDecimals: s.market.priceDecimals, utcOffsetMinutes: s.utcOffsetMinutes, empty: empty
    ).render(into: &grid, area: inner.splitRight(max(0, inner.width - 1)).1)
    if !s.session.bookIsLive { grid.restyle(area) { $0.dim = true } }
  }

  /// The USD value of `size` contracts of the watched instrument at `price`, when the
  /// instrument's facts allow.
  static func notionalUSD(_ s: AppState, size: Int64, price: Double?) -> Double? {
    let instrument = s.market.instrument
    return instrument.contractValue(Double(size), at: price).flatMap {
      instrument.settlementToUSD($0, usdPerXBT: s.session.markets.usdPerXBT)
    }
  }
}
