import MarketModel

extension App {
  /// The USD rates now: the one valuation the markets list, the portfolio, the picker's order
  /// and the Activity pane's notionals all use, from the universe and the watched instrument.
  public static func rates(_ s: AppState) -> Rates {
    Rates(
      universe: s.session.markets, watched: s.session.market,
      watchedAt: s.session.instrumentDataAt.map { $0.nanoseconds / 1_000_000 },
      nowMs: s.now.nanoseconds / 1_000_000, connected: s.status?.state.isConnected ?? false,
      bitcoinSources: s.venues[s.session.markets.venue]?.bitcoinSources ?? [])
  }
}
