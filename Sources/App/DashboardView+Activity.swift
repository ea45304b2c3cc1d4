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

  /// The Activity pane: the wall watch's events, newest first; its title gives the threshold.
  static func renderActivity(_ s: AppState, into grid: inout Grid, area: Rect) {
    var title = "Activity  walls"
    if let threshold = s.walls.threshold {
      title += " ≥ " + NumberFormat.compact(Double(threshold))
      if s.walls.fixedThreshold == nil { title += " auto" }
    }
    let box = Box(title: title, footer: "w: hide", focused: false, ascii: s.ascii)
    box.render(into: &grid, area: area)
    let empty = s.walls.threshold == nil ? "learning the book's sizes…" : "no wall moved yet"
    ActivityView(
      events: Array(s.walls.events.prefix(area.height)), priceDecimals: s.market.priceDecimals,
      utcOffsetMinutes: s.utcOffsetMinutes, empty: empty
    ).render(into: &grid, area: box.inner(area).splitRight(max(0, box.inner(area).width - 1)).1)
    if !s.session.bookIsLive { grid.restyle(area) { $0.dim = true } }
  }
}
