import MarketModel
import Screen

/// The watchlist pane (`W`, issue 29): the favourites, live, a line each, over the trades. It
/// takes the keys when opened, by Tab (book → watchlist → trades → chart) and by a click: ↑/↓
/// select a line, Enter opens it through the one switch (`App.open`), as a click on a line does.
/// While it is open the feed follows the favourites' tickers (`App.liveTickersDue`).
extension App {
  /// The watchlist's area on the dashboard as laid out now; nil when it is not shown (closed,
  /// another screen, a zoom without the trades column, a column too short).
  static func watchlistArea(_ state: AppState) -> Rect? {
    guard state.watchlist.visible, state.screen == .dashboard,
      let layout = App.layout(state)
    else { return nil }
    return DashboardView.watchlistSplit(state, layout.trades).watchlist
  }

  /// Whether the watchlist has the keys: it has the focus and is shown.
  static func watchlistHasKeys(_ state: AppState) -> Bool {
    state.watchlist.focused && watchlistArea(state) != nil
  }

  /// The symbols of the venue on screen the open watchlist needs followed; none while it is
  /// closed.
  static func watchlistTickers(_ state: AppState) -> [Symbol] {
    guard state.watchlist.visible else { return [] }
    return state.markets.favourites.filter { $0.venue == state.venue }.map(\.symbol)
  }

  /// `W`: opens the pane with the keys (a zoom on the book or the chart ends, so that it
  /// shows), or closes it.
  static func toggleWatchlist(_ state: inout AppState) {
    state.watchlist.visible.toggle()
    state.watchlist.focused = state.watchlist.visible
    if state.watchlist.visible, let zoom = state.zoom, zoom != .trades { state.zoom = nil }
  }

  /// Tab (Shift-Tab `backwards`): the next pane, the watchlist between the book and the trades
  /// while it shows.
  static func cycleFocus(_ state: inout AppState, backwards: Bool) {
    // The split view's second book has focus by a click only: Tab moves on from the book pane.
    state.split?.focused = false
    guard watchlistArea(state) != nil else {
      state.watchlist.focused = false
      state.focus = state.focus.next(backwards: backwards)
      return
    }
    if state.watchlist.focused {
      state.watchlist.focused = false
      state.focus = backwards ? .book : .trades
    } else if state.focus == (backwards ? .trades : .book) {
      state.watchlist.focused = true
    } else {
      state.focus = state.focus.next(backwards: backwards)
    }
  }

  /// Enter with the keys: the selected favourite opened (another symbol of the venue on screen
  /// in place, another venue's by the runner); nothing when the pane does not have the keys.
  static func openWatchlistLine(_ state: inout AppState) -> [Effect] {
    let favourites = state.markets.favourites
    guard watchlistHasKeys(state), !favourites.isEmpty else { return [] }
    let id = favourites[state.watchlist.cursor(in: favourites)]
    state.watchlist.selected = id
    return open(id, &state)
  }

  /// ↑/↓, PgUp/PgDn and Home with the keys: the selection moves.
  static func moveWatchlist(_ state: inout AppState, by n: Int) {
    state.watchlist.move(by: n, in: state.markets.favourites)
  }

  /// The mouse over the watchlist: the pane takes the keys; a click on a line opens it, the
  /// wheel moves the selection. Nil when the pointer is not over the pane.
  static func watchlistMouse(_ m: MouseEvent, _ state: inout AppState) -> [Effect]? {
    guard let area = watchlistArea(state), m.x >= area.x, m.x < area.x + area.width, m.y >= area.y,
      m.y < area.y + area.height
    else { return nil }
    state.watchlist.focused = true
    switch m.action {
    case .wheelUp: moveWatchlist(&state, by: -wheelLines)
    case .wheelDown: moveWatchlist(&state, by: wheelLines)
    case .press:
      // The list as `renderWatchlist` draws it: inside the box, after a column of margin.
      let inner = Box(title: "", ascii: state.ascii).inner(area)
      let n = m.y - inner.y
      let favourites = state.markets.favourites
      guard n >= 0, n < inner.height, m.x >= inner.x, m.x < inner.x + inner.width else { return [] }
      let index = DashboardView.watchlistView(state).firstVisible(height: inner.height) + n
      guard index < favourites.count else { return [] }
      state.watchlist.selected = favourites[index]
      return openWatchlistLine(&state)
    }
    return []
  }
}
