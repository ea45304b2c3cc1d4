import MarketModel
import Screen

extension DashboardView {
  /// The dashboard pane with the keys: none while the watchlist has them.
  static func paneFocus(_ s: AppState) -> Pane? { App.watchlistHasKeys(s) ? nil : s.focus }

  /// The trades column split for the watchlist (`W`): the pane on top, a line per favourite and
  /// its border (at most half the column), and the rest for the trades and the Activity pane;
  /// the column whole when the pane is closed or the column shorter than 8 rows.
  static func watchlistSplit(_ s: AppState, _ column: Rect?) -> (watchlist: Rect?, rest: Rect?) {
    guard s.watchlist.visible, let column, column.height >= 8 else { return (nil, column) }
    let wanted = max(1, s.markets.favourites.count) + 2
    let (top, rest) = column.splitTop(min(wanted, column.height / 2))
    return (top, rest)
  }

  /// The watchlist pane: its box (focused while it has the keys, its footer the keys in force)
  /// and a line per favourite (`WatchlistView`).
  static func renderWatchlist(_ s: AppState, into grid: inout Grid, area: Rect) {
    let k = s.keys.short
    let hasKeys = App.watchlistHasKeys(s)
    let favourites = s.markets.favourites
    let footer =
      hasKeys
      ? "\(k(.scrollUp))/\(k(.scrollDown)) · \(k(.watchlistOpen)): open · \(k(.toggleWatchlist)): hide"
      : "\(k(.toggleWatchlist)): hide"
    let box = Box(
      title: "Watchlist" + (favourites.isEmpty ? "" : "  \(favourites.count)"), footer: footer,
      focused: hasKeys, ascii: s.ascii)
    box.render(into: &grid, area: area)
    let inner = box.inner(area)
    // The margin too: the grid may be the last frame's, where the tape was.
    grid.fill(inner)
    watchlistView(s).render(into: &grid, area: inner.splitRight(max(0, inner.width - 1)).1)
  }

  /// The watchlist's list as drawn now (the mouse reads its scroll from it too).
  static func watchlistView(_ s: AppState) -> WatchlistView {
    let k = s.keys.short
    return WatchlistView(
      lines: watchlistLines(s), cursor: s.watchlist.cursor(in: s.markets.favourites),
      showsCursor: App.watchlistHasKeys(s),
      empty: "no favourites: \(k(.toggleMarkets)), then \(k(.marketsStar)) stars a row", ascii: s.ascii)
  }

  /// A line per favourite, in the order starred: the venue on screen's from its markets list's
  /// rows (BitMEX's all-symbols table; a venue's tickers, followed while the pane is open, or its
  /// REST tickers with their age), each as old as its row's last update and stale past the row's
  /// own limit (quiet for three times its usual interval, a REST price past
  /// `MarketUniverse.restFreshMs`, or the whole list not live); another venue's has no number
  /// here and says so.
  static func watchlistLines(_ s: AppState) -> [WatchlistView.Line] {
    let universe = s.session.markets
    let nowMs = s.now.nanoseconds / 1_000_000
    let listLive = (s.status?.state.isConnected ?? false) && universe.sync == .live
    return s.markets.favourites.map { id in
      let label = PickerState.label(id, on: s.venue)
      guard id.venue == s.venue else {
        // Only the venue on screen is followed: a number kept from another would look current.
        let why = App.venueRefusal(id.venue, s) == nil ? "not live: open it" : "not live here"
        return WatchlistView.Line(label: label, quote: .absent(why, short: "not live"))
      }
      let current = id.symbol == s.market.symbol
      guard let row = universe[id] else {
        return WatchlistView.Line(label: label, current: current, quote: .absent("no data yet"))
      }
      let i = row.instrument
      func priced(_ ageMs: Int64, stale: Bool) -> WatchlistView.Line {
        WatchlistView.Line(
          label: label, current: current,
          quote: .priced(
            last: i.lastPrice, decimals: i.priceDecimals, change24h: i.change24h, ageMs: max(0, ageMs),
            stale: stale))
      }
      if let age = row.restAge(now: nowMs) { return priced(age, stale: age > MarketUniverse.restFreshMs) }
      guard let changedAt = row.changedAt else {
        return WatchlistView.Line(label: label, current: current, quote: .absent("no data yet"))
      }
      return priced(nowMs - changedAt, stale: !listLive || row.isQuiet(now: nowMs))
    }
  }
}
