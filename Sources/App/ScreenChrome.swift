import Screen

/// What the full-screen lists (markets, portfolio) draw around their content: the content dimmed
/// when it is not live, the one status line, and the help overlay on top when it is open.
enum ScreenChrome {
  static func finish(
    _ grid: inout Grid, _ s: AppState, content: Rect, live: Bool, status: Rect, hints: [KeyHint]
  ) {
    if !live { grid.restyle(content) { $0.dim = true } }
    DashboardView.statusLine(s, hints: hints).render(into: &grid, area: status)
    if let page = s.overlay?.helpPage {
      HelpOverlay(entries: DashboardView.helpLines(s), ascii: s.ascii, page: page)
        .render(into: &grid, area: grid.bounds)
    }
  }
}
