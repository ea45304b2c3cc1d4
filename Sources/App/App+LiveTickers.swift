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
  /// with no limit (`AppState.venuesTickingEveryInstrument`, from the venues' adapters).
  static func tickersOfEveryInstrumentAtOnce(_ state: AppState) -> Bool {
    state.venuesTickingEveryInstrument.contains(state.session.markets.venue)
  }

  /// Keeps the feed watching the tickers of the rows the markets list shows and of the
  /// favourites the open watchlist shows: asked when the list or the watchlist opens or their
  /// rows change, every one up to `LiveTickers.limit` (past it, the favourites and the first
  /// rows in the list's order), and none when both are closed (`FeedCommand.watchTickers`): what
  /// only one of them needed stops with it. Nothing when nothing changed: this runs after every
  /// event.
  static func liveTickersDue(_ state: inout AppState) -> [Effect] {
    let favourites = Array(watchlistTickers(state).prefix(LiveTickers.limit))
    guard state.screen == .markets || !favourites.isEmpty, watchesLiveTickers(state) else {
      guard state.liveTickers.basis != nil else { return [] }
      let wasWatching = !state.liveTickers.symbols.isEmpty
      state.liveTickers = LiveTickers()
      return wasWatching ? [.feed(.watchTickers([]))] : []
    }
    let universe = state.session.markets
    let list = state.screen == .markets
    let limit = tickersOfEveryInstrumentAtOnce(state) ? Int.max : LiveTickers.limit
    var basis = LiveTickers.Basis(
      venue: universe.venue, symbol: state.market.symbol, filter: "", sort: .symbol, descending: false,
      kinds: .all, rows: list ? universe.count : 0, favourites: favourites)
    // Within the limit every row is live whatever the list shows, so typing a filter or sorting
    // asks the venue nothing.
    if list, universe.count > limit {
      (basis.filter, basis.sort) = (state.markets.filter, state.markets.sort)
      (basis.descending, basis.kinds) = (state.markets.descending, state.markets.kinds)
    }
    guard basis != state.liveTickers.basis else { return [] }
    state.liveTickers.basis = basis
    let order: [Int]
    if !list {
      order = []
    } else if universe.count > limit {
      order = state.markets.order(universe, rates: rates(state))
    } else {
      order = Array(universe.rows.indices)
    }
    state.liveTickers.offered = universe.count > limit ? universe.count : order.count
    // The watchlist's favourites first: the list's rows past the limit are on REST and say so,
    // a watchlist line has no room to.
    let starred = Set(favourites)
    let rows = order.lazy.map { universe.rows[$0].id.symbol }.filter { !starred.contains($0) }
    let symbols = favourites + rows.prefix(max(0, limit - favourites.count))
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
