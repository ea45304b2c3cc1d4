import MarketModel
import Screen
import Trading

extension App {
  /// Keys on the portfolio screen: scrolling and back. Nil passes the key on to the dashboard's
  /// keymap (quit, help, reconnect, pause, `P` back, `m` markets); every other key is taken here.
  static func handlePortfolio(_ key: Key, _ state: inout AppState) -> [Effect]? {
    if key == .escape {
      state.screen = .dashboard
      return []
    }
    // Every row the screen lists (file and paper positions alike), so each can be scrolled to.
    let count = max(0, portfolioValuation(state).lines.count - 1)
    // The dashboard's moving keys scroll the list (as rebound in the config).
    switch state.keys.command(for: key) {
    case .scrollUp?: state.portfolio.first = max(0, state.portfolio.first - 1)
    case .scrollDown?: state.portfolio.first = min(count, state.portfolio.first + 1)
    case .pageUp?: state.portfolio.first = max(0, state.portfolio.first - 10)
    case .pageDown?: state.portfolio.first = min(count, state.portfolio.first + 10)
    case .scrollHome?: state.portfolio.first = 0
    case .quit?, .help?, .togglePortfolio?, .reconnect?, .togglePause?: return nil
    case .toggleMarkets?: state.screen = .markets
    default: break
    }
    return []
  }

  /// The portfolio valued at the universe's marks now, in USD at the app's rates.
  public static func portfolioValuation(_ s: AppState) -> PortfolioValuation {
    Portfolio.value(
      held: s.portfolio.held, fills: s.paper.ledger.fills, universe: s.session.markets,
      nowMs: s.now.nanoseconds / 1_000_000, wallMs: s.marketNowMs,
      connected: s.status?.state.isConnected ?? false, rates: rates(s), marks: venueMarks(s),
      venueNames: s.venues.mapValues(\.displayName))
  }
}
