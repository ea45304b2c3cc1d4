import MarketModel
import Screen
import Session
import Trading

/// The portfolio screen: every position (`PortfolioView`) in a box whose title says how many and
/// where they came from, over the dashboard's status line. While the `instrument` table waits for
/// its partial or the connection is down, the whole table is dimmed and the title says how old
/// the marks are.
enum PortfolioScreen {
  static func render(_ s: AppState) -> Grid {
    var grid = Grid(width: s.width, height: s.height)
    guard s.width >= 40, s.height >= 8 else {
      TooSmall(ascii: s.ascii).render(into: &grid, area: grid.bounds)
      return grid
    }
    let (main, status) = grid.bounds.splitBottom(1)
    let valuation = App.portfolioValuation(s)
    let universe = s.session.markets
    let connected = s.status?.state.isConnected ?? false
    let live = connected && universe.sync == .live
    let files = valuation.lines.filter { $0.source == .file }.count
    let paper = valuation.lines.count - files
    var title = "Portfolio  \(valuation.lines.count)"
    title += "  file \(files)" + (s.portfolio.fileName.map { " (\($0))" } ?? "") + "  paper \(paper)"
    if !live {
      let age = universe.changedAt.map { s.now.nanoseconds / 1_000_000 - $0 }
      title += age.map { "  marks \(NumberFormat.age(ms: $0)) old" } ?? "  no marks yet"
    }
    let box = Box(
      title: title, footer: footer(s.keys), focused: true, ascii: s.ascii)
    box.render(into: &grid, area: main)
    let inner = box.inner(main)
    let list = Rect(x: inner.x + 1, y: inner.y, width: max(0, inner.width - 1), height: inner.height)
    PortfolioView(valuation: valuation, first: s.portfolio.first, ascii: s.ascii).render(
      into: &grid, area: list)
    ScreenChrome.finish(&grid, s, content: inner, live: live, status: status, hints: hints(s.keys))
    return grid
  }

  /// The box's footer, with the keys in force.
  static func footer(_ keys: KeyBindings) -> String {
    let k = keys.short
    return
      "\(k(.scrollUp))/\(k(.scrollDown)) scroll  \(k(.togglePortfolio)) back  \(k(.toggleMarkets)) markets  "
      + "\(k(.help)) help"
  }

  /// The screen's hints, with the keys in force.
  static func hints(_ keys: KeyBindings) -> [KeyHint] {
    [
      KeyHint(keys.label(.scrollDown) + "/" + keys.label(.scrollUp), "scroll"),
      keys.hint(.togglePortfolio, "back"), keys.hint(.toggleMarkets, "markets"), keys.hint(.help, "help"),
      keys.hint(.quit, "quit"),
    ].compactMap { $0 }
  }
}
