import MarketModel
import Session
import VenueCore

extension App {
  /// Watch `id` (the picker's, the markets list's and a favourite's Enter): another symbol of the
  /// venue on screen switches the feed's subscription (`switchDashboard`) where the feed can;
  /// another venue's, or another symbol of a venue whose feed cannot (Binance), asks
  /// the runner for that venue's feed (`Effect.openMarket`), which answers with
  /// `AppEvent.marketOpened` (or `.marketRefused`). Until then the market on screen stays: a venue
  /// that cannot be followed here is refused with a notice and nothing else changes.
  static func open(_ id: InstrumentID, _ state: inout AppState) -> [Effect] {
    // The split view's second book already follows it: the two swap, nothing waits for a book.
    if state.split?.id == id { return askSwapSplit(&state) }
    if id.venue == state.venue {
      guard id.symbol != state.market.symbol else { return [] }
      // A feed that can change its symbol does so; Binance's takes a connection of its own.
      guard state.venuesReopenedPerSymbol.contains(id.venue) else {
        return switchDashboard(to: id.symbol, &state)
      }
    }
    if let why = venueRefusal(id.venue, state) {
      state.notice = Notice(why, until: state.now + StatusNote.noticeSeconds * 2)
      state.dirty = true
      return []
    }
    return [.openMarket(id)]
  }

  /// Why `venue` cannot be opened from this screen, or nil when it can.
  static func venueRefusal(_ venue: InstrumentID.Venue, _ state: AppState) -> String? {
    let name = state.displayName(venue)
    if let why = state.venueSwitchRefusal { return "\(name) not opened: \(why)" }
    guard state.followableVenues.contains(venue) else {
      // Short: the status line keeps 64 columns for it. `tradeterm venues` has the list.
      return "\(name): not followed here yet (see `tradeterm venues`)"
    }
    return nil
  }

  /// The runner follows another venue now, with `session` fresh on its book rule: everything
  /// the app kept of the old market beside the session (its book flashes, tape highlights, wall
  /// watch, liquidations, heatmap, candle requests, scroll positions, the ticket on its prices,
  /// the symbol list of its venue) goes, and a BitMEX market asks for its list, facts and chart
  /// history again.
  static func enterMarket(_ session: MarketSession, _ state: inout AppState) -> [Effect] {
    let symbol = session.market.symbol
    state.session = session
    // A new feed watches no ticker yet: the markets list asks its own again.
    state.liveTickers = LiveTickers()
    // The picker and the ticket were for the old market (a help over the ticket stays, alone).
    state.overlay = state.overlay.flatMap(\.withoutMarket)
    freshView(&state)
    // The list named the old venue's symbols (a bare one is the venue on screen's).
    state.symbols = []
    state.symbolsFailure = nil
    state.markets.selected = nil
    state.notice = Notice(
      "now on \(state.displayName(state.venue)) \(symbol)", until: state.now + StatusNote.noticeSeconds)
    state.dirty = true
    guard state.venue == .bitmex else { return candleHistory(&state) }
    return [.loadSymbols, .loadStartData(symbol: symbol.description)] + candleHistory(&state)
  }

  /// The runner could not follow `id` (`reason` says why): the market on screen stays.
  static func refuseMarket(_ id: InstrumentID, reason: String, _ state: inout AppState) -> [Effect] {
    state.notice = Notice("\(id) not opened: \(reason)", until: state.now + StatusNote.noticeSeconds * 2)
    state.dirty = true
    return []
  }

  /// The picker's Enter on `text` (the selected entry, or what was typed when nothing in the
  /// list matches): the instrument it names from the venue on screen, opened; a text that names
  /// none (an unknown venue) says why.
  static func openPicked(_ text: String, _ state: inout AppState) -> [Effect] {
    switch PickerState.instrument(
      text, on: state.venue, venues: state.markets.venueOrder)
    {
    case .success(let id): return open(id, &state)
    case .failure(let problem):
      state.notice = Notice(problem.description, until: state.now + StatusNote.noticeSeconds * 2)
      state.dirty = true
      return []
    }
  }
}
