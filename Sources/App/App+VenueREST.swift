import MarketModel
import Screen
import Session

extension App {
  /// Whether the market is a venue's whose public REST the app asks (not BitMEX's own REST, not
  /// a replay).
  static func followsVenueREST(_ state: AppState) -> Bool {
    state.session.markets.venue != .bitmex && state.mode != .replay
  }

  /// A venue's REST answer: the instruments' facts (the watched one's to the header and the
  /// book's grouping, all to the markets list), the chart's history, the markets list's
  /// tickers, or a failure to say.
  static func handle(venueREST result: VenueRESTResult, _ state: inout AppState) -> [Effect] {
    let symbol = state.market.symbol
    switch result {
    case .instruments(let rows):
      state.venueREST.instrumentsFailure = nil
      for spec in rows.rows {
        state.venueREST.specs[InstrumentID(venue: spec.key.venue, symbol: spec.key.symbol)] = spec
      }
      note(rowErrors: rows.errors, &state)
      state.session.merge(venueSpecs: rows.rows)
      adoptVenueSpec(&state)
    case let .candles(candleSymbol, intervalMs, _, candles) where candleSymbol == symbol:
      state.session.backfill(venueCandles: candles, intervalMs: intervalMs, nowMs: state.wallMs)
      if let width = CandleInterval(rawValue: intervalMs) { state.view.olderCandlesAsked[width] = nil }
    case .tickers(let rows):
      let first = state.venueREST.tickersAt == nil
      state.venueREST.tickersAt = state.now
      state.venueREST.tickersFailure = nil
      note(rowErrors: rows.errors, &state)
      state.session.merge(restTickers: rows.rows, specs: state.venueREST.specs, now: state.now)
      // The list had only the facts to sort by when it opened: with the first prices the cursor
      // goes to the instrument watched, not to whichever row sorted first without them.
      let watched = InstrumentID(venue: state.session.markets.venue, symbol: symbol)
      if first, state.session.markets[watched] != nil { state.markets.selected = watched }
      pinMarketsCursor(&state)
    case let .failed(.candles(candleSymbol, intervalMs, _, _), reason) where candleSymbol == symbol:
      // Asked again the next time this width is chosen (or the cursor reaches the oldest
      // candle); live trades build candles meanwhile.
      if let width = CandleInterval(rawValue: intervalMs) {
        if state.view.olderCandlesAsked[width] != nil {
          state.view.olderCandlesAsked[width] = nil
        } else {
          state.view.candlesRequested.remove(width)
        }
      }
      state.notice = Notice("candle history failed: \(reason)", until: state.now + StatusNote.noticeSeconds)
    case .failed(.tickers, let reason):
      state.venueREST.tickersFailure = reason
    case .failed(.instruments, let reason):
      state.venueREST.instrumentsFailure = reason
      state.notice = Notice(
        "\(symbol)'s facts (tick, lot) not had: \(reason)", until: state.now + StatusNote.noticeSeconds)
    default:
      return []
    }
    state.dirty = true
    return []
  }

  /// The watched instrument's facts from those the venue's REST gave, when it gave them.
  static func adoptVenueSpec(_ state: inout AppState) {
    let id = InstrumentID(venue: state.session.markets.venue, symbol: state.market.symbol)
    if let spec = state.venueREST.specs[id] { state.session.setInstrumentSpec(spec) }
  }

  private static func note(rowErrors errors: [String], _ state: inout AppState) {
    guard let last = errors.last else { return }
    state.venueREST.rowErrors += errors.count
    state.venueREST.lastRowError = last
  }

  /// Asks for the tickers of every instrument while the markets list of a venue is shown, or the
  /// watchlist (its favourites whose live ticker has not come, or that the feed cannot follow,
  /// stay current): at once, then every `VenueRESTState.tickerRefresh` seconds
  /// (`Effect.loadSymbols`).
  static func venueTickersDue(_ state: inout AppState) -> [Effect] {
    guard state.screen == .markets || state.watchlist.visible, followsVenueREST(state) else { return [] }
    if let asked = state.venueREST.tickersAskedAt, state.now - asked < VenueRESTState.tickerRefresh {
      return []
    }
    state.venueREST.tickersAskedAt = state.now
    return [.loadSymbols]
  }

  /// What the markets list's title says of a venue's REST tickers: their source and age, or why
  /// they failed; nil for BitMEX's list.
  static func venueRESTNote(_ state: AppState) -> String? {
    guard followsVenueREST(state) else { return nil }
    var words: String
    if let at = state.venueREST.tickersAt {
      words = "  REST \(NumberFormat.age(ms: Int64(max(0, state.now - at) * 1_000))) old"
    } else {
      words = state.venueREST.tickersFailure == nil ? "  REST: asking" : ""
    }
    if let why = state.venueREST.tickersFailure { words += "  REST failed: \(why)" }
    return words
  }
}
