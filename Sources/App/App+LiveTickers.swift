import MarketModel
import Session

extension App {
  /// Whether the markets list's other rows can be live on this market: a venue's feed that
  /// subscribes on its connection, or whose tickers of every instrument come on one stream of a
  /// connection of its own (Binance: it names its streams in the URL, so nothing is subscribed
  /// in place). Not BitMEX (its all-symbols `instrument` table is live already), not a replay.
  static func watchesLiveTickers(_ state: AppState) -> Bool {
    let venue = state.session.markets.venue
    return followsVenueREST(state)
      && (!state.venuesReopenedPerSymbol.contains(venue) || tickersOfEveryInstrumentAtOnce(state))
  }

  /// Whether the venue's tickers of every instrument come on one stream (Binance's
  /// `!ticker@arr`, `!miniTicker@arr`: the feed opens it for any watch), so every row is live,
  /// with no limit.
  static func tickersOfEveryInstrumentAtOnce(_ state: AppState) -> Bool {
    let venue = state.session.markets.venue
    return venue == .binance || venue == .binanceUSDM
  }

  /// Keeps the feed watching the tickers of the rows the markets list shows: asked when the list
  /// opens or its rows change, every one up to `LiveTickers.limit` (past it, the first in the
  /// list's order), and none when it closes (`FeedCommand.watchTickers`). Nothing when nothing
  /// changed: this runs after every event.
  static func liveTickersDue(_ state: inout AppState) -> [Effect] {
    guard state.marketsVisible, watchesLiveTickers(state) else {
      guard state.liveTickers.basis != nil else { return [] }
      let wasWatching = !state.liveTickers.symbols.isEmpty
      state.liveTickers = LiveTickers()
      return wasWatching ? [.feed(.watchTickers([]))] : []
    }
    let universe = state.session.markets
    let limit = tickersOfEveryInstrumentAtOnce(state) ? Int.max : LiveTickers.limit
    var basis = LiveTickers.Basis(
      venue: universe.venue, symbol: state.market.symbol, filter: "", sort: .symbol, descending: false,
      kinds: .all, rows: universe.count)
    // Within the limit every row is live whatever the list shows, so typing a filter or sorting
    // asks the venue nothing.
    if universe.count > limit {
      (basis.filter, basis.sort) = (state.markets.filter, state.markets.sort)
      (basis.descending, basis.kinds) = (state.markets.descending, state.markets.kinds)
    }
    guard basis != state.liveTickers.basis else { return [] }
    state.liveTickers.basis = basis
    let order: [Int]
    if universe.count > limit {
      order = state.markets.order(universe, rates: rates(state))
    } else {
      order = Array(universe.rows.indices)
    }
    state.liveTickers.offered = universe.count > limit ? universe.count : order.count
    let symbols = order.prefix(limit).map { universe.rows[$0].id.symbol }
    guard symbols != state.liveTickers.symbols else { return [] }
    state.liveTickers.symbols = symbols
    state.dirty = true
    return [.feed(.watchTickers(symbols))]
  }

  /// What the markets list's title says of its live tickers: how many, and the limit when the
  /// venue has more rows than that; nil when none is watched.
  static func liveTickersNote(_ state: AppState) -> String? {
    let live = state.liveTickers
    guard !live.symbols.isEmpty else { return nil }
    if live.offered > live.symbols.count {
      return "  live: first \(live.symbols.count) of \(live.offered), others on REST"
    }
    return "  live: \(live.symbols.count)"
  }
}
