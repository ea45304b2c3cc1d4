import MarketModel
import Screen

/// The mouse (issue 29): a click focuses the dashboard's pane under the pointer and picks a row
/// of the markets list; the wheel scrolls what is under it. Overlays, prompts and the ticket
/// take keys only: the pointer does nothing over them. Off with `--no-mouse`.
extension App {
  /// Lines the wheel moves per notch.
  static let wheelLines = 3

  static func handleMouse(_ m: MouseEvent, _ state: inout AppState) -> [Effect] {
    guard state.overlay == nil else { return [] }
    switch state.screen {
    case .portfolio:
      let last = max(0, portfolioValuation(state).lines.count - 1)
      switch m.action {
      case .wheelUp: state.portfolio.first = max(0, state.portfolio.first - wheelLines)
      case .wheelDown: state.portfolio.first = min(last, state.portfolio.first + wheelLines)
      case .press: break
      }
      return []
    case .markets:
      marketsMouse(m, &state)
      return []
    case .dashboard: break
    }
    if let effects = watchlistMouse(m, &state) { return effects }
    guard let layout = App.layout(state) else { return [] }
    // The split view's second book: a click focuses it, the wheel scrolls it.
    if let r = layout.book2, state.split != nil, m.x >= r.x, m.x < r.x + r.width, m.y >= r.y,
      m.y < r.y + r.height
    {
      state.focus = .book
      state.watchlist.focused = false
      state.split?.focused = true
      if m.action != .press { scroll(&state, by: m.action == .wheelUp ? -wheelLines : wheelLines) }
      return []
    }
    guard let pane = pane(at: m, in: layout) else { return [] }
    state.focus = pane
    state.watchlist.focused = false
    state.split?.focused = false
    switch m.action {
    case .press: return []
    case .wheelUp, .wheelDown:
      let lines = m.action == .wheelUp ? -wheelLines : wheelLines
      // The candle chart's wheel walks its cursor in time (up: back), as ←/→ do.
      if pane == .chart { return moveCandleCursor(&state, by: -lines / wheelLines) }
      scroll(&state, by: lines)
      return []
    }
  }

  /// The dashboard's pane that holds the cell, if any (the Activity pane and a heatmap beside
  /// the chart belong to the pane whose area they share).
  static func pane(at m: MouseEvent, in layout: Layout) -> Pane? {
    let panes: [(Pane, Rect?)] = [(.book, layout.book), (.trades, layout.trades), (.chart, layout.chart)]
    return panes.first { _, rect in
      guard let r = rect else { return false }
      return m.x >= r.x && m.x < r.x + r.width && m.y >= r.y && m.y < r.y + r.height
    }?.0
  }

  /// The markets list: a click on a row selects it (Enter then opens it); the wheel moves the
  /// selection. Row geometry as `MarketsScreen` draws it: a box over all but the status line,
  /// the column titles on its first inner row, the rows below.
  private static func marketsMouse(_ m: MouseEvent, _ state: inout AppState) {
    let rows = state.markets.ordered(state.session.markets, rates: rates(state))
    switch m.action {
    case .wheelUp: state.markets.move(by: -wheelLines, in: rows)
    case .wheelDown: state.markets.move(by: wheelLines, in: rows)
    case .press:
      let main = Rect(x: 0, y: 0, width: state.width, height: max(0, state.height - 1))
      let inner = Box(title: "", ascii: state.ascii).inner(main)
      let listRows = inner.height - 1
      let n = m.y - (inner.y + 1)
      guard listRows > 0, n >= 0, n < listRows, m.x >= inner.x, m.x < inner.x + inner.width else { return }
      let first = SymbolPicker.firstVisible(
        selected: state.markets.cursor(in: rows), count: rows.count, rows: listRows)
      let index = first + n
      guard index < rows.count else { return }
      state.markets.selected = rows[index].id
    }
  }
}
