import MarketModel
import Screen
import Session

/// The markets screen: every instrument in one list (`MarketsView`) in a box whose title says
/// how many, the sort and the filter, over the dashboard's status line. While the `instrument`
/// table waits for its partial or the connection is down, the list is dimmed and says so.
enum MarketsScreen {
  static func render(_ s: AppState) -> Grid {
    var grid = Grid(width: s.width, height: s.height)
    guard s.width >= 40, s.height >= 6 else {
      TooSmall(ascii: s.ascii).render(into: &grid, area: grid.bounds)
      return grid
    }
    let (main, status) = grid.bounds.splitBottom(1)
    let universe = App.listedMarkets(s)
    let rates = App.rates(s)
    let order = s.markets.order(universe, rates: rates)
    let connected = s.status?.state.isConnected ?? false
    // Another venue's rows come from its REST tickers, each with its age: the list is dimmed
    // only when the venue on screen's connection is down.
    let onScreen = s.markets.venues == .onScreen || s.markets.venues == .only(s.venue)
    let live = connected && (!onScreen || universe.sync == .live)
    var title = "Markets  \(order.count)"
    if order.count != universe.count { title += "/\(universe.count)" }
    if s.markets.kinds != .all { title += "  \(s.markets.kinds.label)" }
    if s.markets.byAsset && s.markets.kinds != .favourites { title += "  by asset" }
    if let note = App.venueFilterNote(s) { title += note }
    if !s.markets.filter.isEmpty || s.markets.filtering {
      title +=
        "  filter: \(s.markets.filter)"
        + (s.markets.filtering ? String(Glyphs.forTerminal(ascii: s.ascii).cursor) : "")
    }
    if let note = App.liveTickersNote(s) { title += note }
    if let note = App.venueRESTNote(s) { title += note }
    if let why = s.session.instrumentUnavailable {
      title += "  instrument table unavailable: \(why)"
    } else if !live {
      let age = universe.changedAt.map { s.now.nanoseconds / 1_000_000 - $0 }
      title += age.map { "  \(NumberFormat.age(ms: $0)) old" } ?? "  no data yet"
    }
    let box = Box(
      title: title, footer: footer(s.keys), focused: true, ascii: s.ascii)
    box.render(into: &grid, area: main)
    let inner = box.inner(main)
    let list = Rect(x: inner.x + 1, y: inner.y, width: max(0, inner.width - 1), height: inner.height)
    MarketsView(
      rows: universe.rows, order: order, rates: rates,
      cursor: s.markets.cursor(in: order, of: universe),
      sort: s.markets.kinds == .favourites || s.markets.byAsset ? nil : s.markets.sort,
      descending: s.markets.descending, nowMs: s.now.nanoseconds / 1_000_000, wallMs: s.wallMs,
      flashMs: live ? 300 : 0, starred: Set(s.markets.favourites), ascii: s.ascii
    ).render(into: &grid, area: list)
    if order.isEmpty {
      let words =
        s.markets.kinds == .favourites && s.markets.favourites.isEmpty
        ? "no favourites yet: \(s.keys.short(.marketsStar)) stars the selected row"
        : universe.count == 0 ? "waiting for the instrument list" : "no match"
      _ = grid.put(words, x: list.x, y: list.y + 1, style: Style(.muted), clip: list)
    }
    ScreenChrome.finish(&grid, s, content: inner, live: live, status: status, hints: hints(s.keys))
    return grid
  }

  /// The box's footer: the list's own keys as bound now.
  static func footer(_ keys: KeyBindings) -> String {
    let k = keys.short
    return "\(k(.marketsOpen)) open  \(k(.marketsSort(forward: true)))/\(k(.marketsDirection)) sort  "
      + "\(k(.marketsFilter)) filter  \(k(.marketsKinds)) type  \(k(.marketsStar)) star  \(k(.toggleMarkets)) back"
  }

  /// The status line's hints: the list's own keys, then the shared ones as bound now.
  static func hints(_ keys: KeyBindings) -> [KeyHint] {
    [
      keys.hint(.marketsOpen, "open"), keys.hint(.marketsSort(forward: true), "sort"),
      keys.hint(.marketsDirection, "direction"), keys.hint(.marketsFilter, "filter"),
      keys.hint(.marketsKinds, "type"), keys.hint(.marketsStar, "star"), keys.hint(.toggleMarkets, "back"),
      keys.hint(.help, "help"), keys.hint(.quit, "quit"),
    ].compactMap { $0 }
  }
}
