import MarketModel

/// The Activity pane's list, newest on top: one row per wall event —
/// `12:01:02 ADD  bid  97,950.0   1.20M  5.1bp`, `PULL`/`EAT` with how long the wall rested.
///
/// Added walls in the side's colour, eaten ones bold, pulled ones muted. On narrow areas the
/// resting time goes first, then the distance, then the time of day.
public struct ActivityView: Sendable {
  public var events: [WallWatch.Event]
  public var priceDecimals: Int
  public var utcOffsetMinutes: Int
  /// What the list says while there is nothing to show.
  public var empty: String

  public init(events: [WallWatch.Event], priceDecimals: Int, utcOffsetMinutes: Int = 0, empty: String = "") {
    self.events = events
    self.priceDecimals = priceDecimals
    self.utcOffsetMinutes = utcOffsetMinutes
    self.empty = empty
  }

  public func render(into grid: inout Grid, area: Rect) {
    let area = area.intersection(grid.bounds)
    guard !area.isEmpty else { return }
    grid.fill(area, with: Cell(" "))
    if events.isEmpty {
      _ = grid.put(empty, x: area.x, y: area.y, style: Style(.muted), clip: area)
      return
    }
    for (n, event) in events.prefix(area.height).enumerated() {
      let (text, style) = row(event, width: area.width)
      _ = grid.put(text, x: area.x, y: area.y + n, style: style, clip: area)
    }
  }

  /// One event's text fitted to `width`, and its style.
  public func row(_ e: WallWatch.Event, width: Int) -> (String, Style) {
    let verb: String
    let style: Style
    switch e.change {
    case .added:
      verb = "ADD "
      style = Style(e.side == .buy ? .buy : .sell)
    case .pulled:
      verb = "PULL"
      style = Style(.muted)
    case .eaten:
      verb = "EAT "
      style = Style(e.side == .buy ? .buy : .sell, bold: true)
    }
    let time = NumberFormat.timeOfDay(ms: e.timeMs, utcOffsetMinutes: utcOffsetMinutes, milliseconds: false)
    let side = e.side == .buy ? "bid" : "ask"
    let price = NumberFormat.price(e.price, decimals: priceDecimals).paddedLeft(11)
    let size = NumberFormat.compact(Double(e.size)).paddedLeft(7)
    let distance =
      e.distanceBps.map { (NumberFormat.fixed($0, decimals: $0 < 10 ? 2 : 1) + "bp").paddedLeft(9) } ?? ""
    let rested = e.restedMs.map { " " + NumberFormat.duration(ms: $0).paddedLeft(6) } ?? ""
    let core = "\(verb) \(side) \(price) \(size)"
    for candidate in [
      "\(time) \(core)\(distance)\(rested)", "\(time) \(core)\(distance)", "\(time) \(core)", core,
    ] where candidate.count <= width {
      return (candidate, style)
    }
    return (String(core.prefix(width)), style)
  }
}

extension String {
  /// The text right-aligned in `width` columns (left as it is when longer).
  fileprivate func paddedLeft(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
