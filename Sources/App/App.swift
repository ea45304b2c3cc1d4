import MarketModel
import Screen
import Session

/// The app's logic: one function from (state, event) to a new state and effects.
public enum App {
  /// How long a changed book level stays highlighted, and new trades.
  static let flashMs: Int64 = 300
  static let newTradeMs: Int64 = 200

  /// Applies `event` to `state`; returns what the outside world must do. A feed event comes with
  /// the batch it drained: BitMEX's `batch`, or another venue's `venueBatch`.
  public static func update(
    _ state: inout AppState, _ event: AppEvent, batch: MarketBatch? = nil, venueBatch: VenueBatch? = nil
  ) -> [Effect] {
    let effects = apply(&state, event, batch: batch, venueBatch: venueBatch)
    // What a key, the mouse, a resize, a REST answer or the journal changed is drawn in the next
    // frame slot; the clock's ages and fades, and a feed drain that moved only the book's depth
    // (`apply` marks the rest), at the depth pace (`FramePacer`).
    switch event {
    case .tick, .feed: break
    default: if state.dirty { state.urgent = true }
    }
    cacheCombinedMarkets(&state)
    // Whatever the event changed (the list opened or closed, its rows, the market), the feed
    // watches the tickers the markets list shows.
    return effects + liveTickersDue(&state)
  }

  private static func apply(
    _ state: inout AppState, _ event: AppEvent, batch: MarketBatch?, venueBatch: VenueBatch?
  ) -> [Effect] {
    switch event {
    case .key(let key):
      state.dirty = true
      let effects = handle(key, &state)
      // A key draws a frame even while paused: what is on screen is as old as the data now.
      state.view.shownDataAt = state.paused ? state.session.bookDataAt : nil
      return effects
    case .mouse(let event):
      state.dirty = true
      return handleMouse(event, &state)
    case .resize(let w, let h):
      state.width = w
      state.height = h
      state.dirty = true
      if state.paused { state.view.shownDataAt = state.session.bookDataAt }
      return []
    case .tick(let now, let wallMs):
      state.now = now
      state.wallMs = wallMs
      // Countdowns, ages and the funding clock move once a second: redraw then, not more.
      let second = now.nanoseconds / 1_000_000_000
      if second != state.lastTickSecond {
        state.lastTickSecond = second
        state.dirty = true
      }
      // (Filtered only when one has faded: the loop ticks at every wake.)
      if state.view.flashes.values.contains(where: { wallMs - $0 >= flashMs }) {
        state.view.flashes = state.view.flashes.filter { wallMs - $0.value < flashMs }
        state.dirty = true
      }
      fadeSplitFlashes(wallMs: wallMs, &state)
      if state.screen == .markets, let at = state.session.markets.changedAt,
        now.nanoseconds / 1_000_000 - at < 400
      {
        state.dirty = true
      }
      if let t = state.ticket, wallMs - max(t.bidFlashUntil, t.askFlashUntil) < 400 { state.dirty = true }
      if state.view.newTrades > 0, wallMs >= state.view.newTradesUntil {
        state.view.newTrades = 0
        state.dirty = true
      }
      settleActivity(&state)
      // A quiet book still ends its moment: the heatmap draws finished moments only.
      if let newest = state.view.heatmap.newestMoment, newest != state.view.heatmap.moment(state.marketNowMs),
        state.session.bookIsLive
      {
        sampleHeatmap(&state)
      }
      return candleRefresh(&state) + retakeJournal(&state) + venueTickersDue(&state) + otherMarketsDue(&state)
    case .feed(let update, let now, let wallMs):
      state.now = now
      state.wallMs = wallMs
      let touchBefore = touchPrices(state)
      let step: MarketSession.Step
      if let venueBatch {
        step = state.session.ingest(update, venueBatch, now: now)
      } else {
        step = state.session.ingest(update, batch ?? MarketBatch(), now: now)
      }
      if step.rewound { forgetReplayedFuture(&state) }
      if step.changes.liveTrades > 0 {
        state.view.newTrades = min(state.market.tape.count, state.view.newTrades + step.changes.liveTrades)
        state.view.newTradesUntil = wallMs + newTradeMs
      }
      for price in state.market.changedPrices { state.view.flashes[price] = wallMs }
      watchActivity(step, batch, venueBatch, &state)
      if step.marketsChanged > 0 { pinMarketsCursor(&state) }
      if step.changes.bookChanged || step.changes.liveTrades > 0 { sampleHeatmap(&state) }
      // An empty drain (a wake-up with nothing new) changes nothing on screen.
      if step.changedAnything
        || ((state.screen != .dashboard || state.watchlist.visible)
          && step.marketsChanged > 0)
      {
        state.dirty = true
        if !movedOnlyTheDepth(step, state, touchBefore: touchBefore) { state.urgent = true }
      }
      let paper = ticketAfterFeed(&state, liveTrades: step.changes.liveTrades)
      if !paper.isEmpty {
        state.dirty = true
        state.urgent = true
      }
      return step.commands.map(Effect.feed) + paper + checkAlerts(&state, liveTrades: step.changes.liveTrades)
    case .symbols(let list):
      state.symbols = list
      state.symbolsFailure = nil
      if state.picker != nil {
        let ordered = pickerSymbols(state)
        state.changePicker { $0.symbols = ordered }
      }
      state.dirty = true
      return []
    case .rest(let result) where state.venue != .bitmex:
      // BitMEX's REST while another venue is on screen: its list for the markets list's filter.
      mergeBitMEXMarkets(result, &state)
      return []
    case .rest(let result):
      return handle(result, &state)
    case .venueREST(let result):
      return handle(venueREST: result, &state)
    case .otherVenueREST(let venue, let result):
      mergeOtherMarkets(venue, result, &state)
      return []
    case .paper(let news):
      return handle(news, &state)
    case .marketOpened(let session):
      return enterMarket(session, &state)
    case .splitFeed(let update, let now, let wallMs):
      return ingestSplit(update, batch: batch, venueBatch: venueBatch, now: now, wallMs: wallMs, &state)
    case .splitOpened(let id, let session):
      splitOpened(id, session, &state)
      return []
    case .splitSwapped:
      return splitSwapped(&state)
    case .marketRefused(let id, let reason):
      return refuseMarket(id, reason: reason, &state)
    }
  }

  /// The best bid's and best ask's prices on screen.
  static func touchPrices(_ state: AppState) -> (bid: Double?, ask: Double?) {
    let book = state.market.book
    return (book.bestBid?.price, book.bestAsk?.price)
  }

  /// Whether a drain changed the dashboard's book below its best prices and nothing else: sizes
  /// and levels of the depth, no trade, no new best price, no instrument, status or fault. A
  /// trader reads the touch and the tape at once; the depth is drawn at the depth pace.
  static func movedOnlyTheDepth(
    _ step: MarketSession.Step, _ state: AppState, touchBefore: (bid: Double?, ask: Double?)
  ) -> Bool {
    let c = step.changes
    guard state.screen == .dashboard, c.bookChanged, c.newTrades == 0, !c.instrumentChanged, !c.quotesChanged,
      c.faults.isEmpty, !step.statusChanged, step.resetTopics.isEmpty, step.decodeErrors == 0,
      step.skippedRows == 0, step.recorderFailure == nil, !step.rewound, !step.replayMoved,
      step.marketsChanged == 0 || !state.watchlist.visible
    else { return false }
    let touch = touchPrices(state)
    return touch.bid == touchBefore.bid && touch.ask == touchBefore.ask
  }

  /// A REST answer: instrument facts, the symbol list, chart history, or a failure to say.
  private static func handle(_ result: RESTResult, _ state: inout AppState) -> [Effect] {
    switch result {
    case .instrument(let symbol, let row?) where symbol == state.market.symbol.description:
      state.session.merge(instrument: row)
      state.dirty = true
    case .active(let rows):
      state.session.merge(markets: rows)
      // The picker lists what can be traded now; settled and unlisted contracts are left out.
      let symbols = rows.filter { $0.state == nil || $0.state == "Open" }.map(\.symbol.description).sorted()
      let refused = refuseUnknownAlerts(&state, known: rows.map(\.symbol.description))
      return refused + update(&state, .symbols(symbols))
    case .candles(let symbol, let interval, let bins) where symbol == state.market.symbol.description:
      state.session.backfillCandles(bins: bins, interval: interval)
      state.view.olderCandlesAsked[interval] = nil
      state.dirty = true
    case .failed(.candles(let symbol, let interval, _, let endMs), let reason)
    where symbol == state.market.symbol.description:
      // Asked again the next time this width is chosen (or the cursor reaches the oldest
      // candle); live trades build candles meanwhile.
      if endMs == nil { state.view.candlesRequested.remove(interval) }
      state.view.olderCandlesAsked[interval] = nil
      state.notice = Notice(
        "\(interval.label) candle history failed: \(reason)", until: state.now + StatusNote.noticeSeconds)
      state.dirty = true
    case .failed(.active, let reason):
      state.symbolsFailure = reason
      state.dirty = true
    default:
      break
    }
    return []
  }

  /// Watch `symbol` on the dashboard (the picker's and the markets list's Enter): the old book is
  /// gone at once, nothing of the old symbol may show under the new one, and the new symbol's facts and chart
  /// history are asked for.
  static func switchDashboard(to symbol: Symbol, _ state: inout AppState) -> [Effect] {
    guard symbol != state.market.symbol else { return [] }
    let commands = state.session.switchSymbol(to: symbol)
    adoptVenueSpec(&state)
    freshView(&state)
    return commands.map(Effect.feed) + [.loadStartData(symbol: symbol.description)] + candleHistory(&state)
  }

  /// The market on screen is another instrument now: what the app kept of the old one beside
  /// the session goes, whole (`InstrumentView`).
  static func freshView(_ state: inout AppState) {
    let symbol = state.market.symbol
    state.view = InstrumentView(
      symbol: symbol, wallThreshold: state.wallThresholds[symbol], candlesRequested: startCandlesAsked(state),
      emptying: state.view.heatmap)
  }

  /// A replay went back (a seek back, `R`): what the app kept of the market beside the session
  /// (which starts again itself) is from the replay's future, and goes: the liquidations, the
  /// wall watch, the heatmap, the flashes.
  static func forgetReplayedFuture(_ state: inout AppState) {
    let symbol = state.market.symbol
    state.view.flashes = [:]
    state.view.newTrades = 0
    state.view.walls = WallWatch(fixedThreshold: state.wallThresholds[symbol])
    state.view.liquidations = LiquidationLog(symbol: symbol)
    state.view.heatmap.removeAll()
    state.dirty = true
  }

  // MARK: Chart

  /// `c`: sparkline 1s → 1m → 5m → candles 1m → 5m → 1h → 1d → heatmap → sparkline 1s.
  static func cycleChart(_ state: inout AppState) -> [Effect] {
    state.view.candleCursorMs = nil
    switch state.chartMode {
    case .sparkline:
      switch state.chartInterval {
      case .oneSecond: state.chartInterval = .oneMinute
      case .oneMinute: state.chartInterval = .fiveMinutes
      case .fiveMinutes, .oneHour, .oneDay:
        state.chartMode = .candles
        state.candleInterval = .oneMinute
      }
    case .candles:
      if state.candleInterval == .oneDay {
        state.chartMode = .heatmap
      } else {
        state.candleInterval = state.candleInterval.next
      }
    case .heatmap:
      state.chartMode = .sparkline
      state.chartInterval = .oneSecond
    }
    return candleHistory(&state)
  }

  /// The book into the heatmap's current moment, in bands of the book's grouping (a new
  /// grouping starts the heatmap again), with the last trade.
  static func sampleHeatmap(_ state: inout AppState) {
    let market = state.market
    let last = market.tape.newest.map { (price: $0.price, timeMs: $0.timeMs) }
    state.view.heatmap.update(
      book: market.book, step: market.displayTickSize * Double(state.groupingTicks),
      timeMs: state.marketNowMs,
      lastTrade: last)
  }

  /// The candle widths a newly watched symbol's start data asks for (`Effect.startCandleIntervals`:
  /// the line chart's history is its candles), so the candle chart does not ask for them again;
  /// none in a replay, which asks nothing.
  public static func startCandlesAsked(_ state: AppState) -> Set<CandleInterval> {
    state.mode == .replay ? [] : Set(Effect.startCandleIntervals)
  }

  /// Asks for the shown candle width's history once per symbol, and the finer widths' (they
  /// complete the candle in progress: `CandleSet.completed`); not in a replay, whose candles
  /// come from its trades.
  static func candleHistory(_ state: inout AppState) -> [Effect] {
    guard state.chartMode == .candles, state.mode != .replay else { return [] }
    // At most what a pane this wide can show, one page (BitMEX serves 1000 rows a call).
    let count = min(1_000, max(120, state.width))
    var effects: [Effect] = []
    for interval in CandleInterval.allCases.reversed()
    where interval.hasBins && interval.milliseconds <= state.candleInterval.milliseconds
      && !state.view.candlesRequested.contains(interval)
    {
      state.view.candlesRequested.insert(interval)
      effects.append(.loadCandles(symbol: state.market.symbol.description, interval: interval, count: count))
    }
    return effects
  }

  /// The tape joined in the middle of a minute, so that minute's candle lacks its first trades,
  /// and with it the candles in progress of every wider width (`CandleSet.completed`). Once the
  /// minute is over (and a few seconds for the exchange to close its bin), its complete bin is
  /// asked for, once.
  static func candleRefresh(_ state: inout AppState) -> [Effect] {
    guard state.chartMode == .candles, state.mode != .replay, !state.view.candleRefreshAsked,
      state.view.candlesRequested.contains(.oneMinute)
    else { return [] }
    let minutes = state.market.candles[.oneMinute]
    guard let since = minutes.liveSinceMs else { return [] }
    let end = CandleInterval.oneMinute.start(since) + CandleInterval.oneMinute.milliseconds
    guard (minutes.backfilledUntilMs ?? .min) < end, state.marketNowMs >= end + 3_000 else { return [] }
    state.view.candleRefreshAsked = true
    return [.loadCandles(symbol: state.market.symbol.description, interval: .oneMinute, count: 10)]
  }

  /// `←`/`→` on the candle chart (focused or zoomed). Reaching the oldest candle held asks for
  /// the page before it (once at a time, until the series is full), not in a replay.
  static func moveCandleCursor(_ state: inout AppState, by n: Int) -> [Effect] {
    guard state.chartMode == .candles,
      (state.focus == .chart && !watchlistHasKeys(state)) || state.zoom == .chart
    else { return [] }
    let interval = state.candleInterval
    let series = state.market.candles[interval]
    guard let newest = series.last, let oldest = series.candles.first else { return [] }
    let step = interval.milliseconds
    let at = state.view.candleCursorMs.map { max(oldest.startMs, min($0, newest.startMs)) } ?? newest.startMs
    let moved = max(oldest.startMs, min(at - Int64(n) * step, newest.startMs))
    state.view.candleCursorMs = moved == newest.startMs ? nil : moved
    guard moved == oldest.startMs, n > 0, state.mode != .replay, series.count < series.capacity,
      state.view.olderCandlesAsked[interval] == nil
    else { return [] }
    state.view.olderCandlesAsked[interval] = oldest.startMs
    // Bins are stamped with their end: the one ending where the oldest candle starts is the
    // newest of the page before.
    return [
      .loadCandles(
        symbol: state.market.symbol.description, interval: interval,
        count: min(1_000, series.capacity - series.count), endMs: oldest.startMs)
    ]
  }

  // MARK: Keys

  private static func handle(_ key: Key, _ state: inout AppState) -> [Effect] {
    if !state.banners.isEmpty {
      // Any key acknowledges the alerts' banner; Esc and Enter do only that, every other key
      // also does its job (`A` opens the list: it used to be swallowed).
      state.banners = []
      if key == .escape || key == .enter { return [] }
    }
    // The overlay takes the key first, then the screen; what neither takes is the dashboard's.
    switch state.overlay {
    case .quitQuestion?:
      state.overlay = nil
      guard key == .character("y") || key == .character("Y") || key == .interrupt else { return [] }
      state.quitting = true
      return [.quit]
    case .alertPrompt?: return handleAlertPrompt(key, &state)
    case .alertList?: return handleAlertList(key, &state)
    case .help(let page, let ticket)?:
      // Space turns the page while there is one more; any other key closes (back to the
      // ticket it was opened over).
      let pages = HelpOverlay(entries: DashboardView.helpLines(state), ascii: state.ascii).pageCount(
        in: Rect(x: 0, y: 0, width: state.width, height: state.height))
      if key == .character(" "), page + 1 < pages {
        state.overlay = .help(page: page + 1, ticket: ticket)
        return []
      }
      state.overlay = ticket.map(AppOverlay.ticket)
      return key == .interrupt ? [.quit] : []
    case .picker?: return handlePicker(key, &state)
    case .ticket?: return handleTicket(key, &state)
    case .chartMenu?:
      // The chooser takes one key: a chart's, or Esc; any other closes it and does its job.
      state.overlay = nil
      if case .chooseChart(let choice)? = state.keys.command(for: key, in: .chartMenu) {
        choice.apply(to: &state)
        return candleHistory(&state)
      }
      if key == .escape { return [] }
    case nil: break
    }
    switch state.screen {
    case .portfolio: if let effects = handlePortfolio(key, &state) { return effects }
    case .markets: if let effects = handleMarkets(key, &state) { return effects }
    case .dashboard: break
    }
    guard let command = state.keys.command(for: key) else { return [] }
    switch command {
    case .marketsSort, .marketsDirection, .marketsKinds, .marketsStar, .marketsFilter, .marketsOpen,
      .marketsByAsset, .marketsVenue,
      .ticketField, .ticketBuy, .ticketSell, .ticketFlipSide, .ticketType, .ticketConfirm, .ticketCancelOrder,
      .chooseChart:
      // A screen's own commands, bound in its own scope: never the dashboard's.
      break
    case .focusNext: cycleFocus(&state, backwards: false)
    case .focusPrevious: cycleFocus(&state, backwards: true)
    case .zoom(let pane):
      state.zoom = state.zoom == pane ? nil : pane
      state.focus = pane
      state.watchlist.focused = false
    case .unzoom: state.zoom = nil
    case .groupCoarser: state.groupingIndex = min(state.groupingIndex + 1, AppState.groupings.count - 1)
    case .groupFiner: state.groupingIndex = max(state.groupingIndex - 1, 0)
    case .toggleBars: state.barsByTotal.toggle()
    // The tape's rows change: back to the newest, not to a row that now means another print.
    case .toggleTapeOrders:
      state.tapeByOrder.toggle()
      state.view.tapeScroll = 0
    case .cycleTapeFilter:
      state.tapeFilterStep = (state.tapeFilterStep + 1) % TapeFilter.steps
      state.view.tapeScroll = 0
    case .cycleChart: return cycleChart(&state)
    case .chartMenu: state.overlay = .chartMenu
    case .toggleAverages: state.chartAverages.toggle()
    case .scrollLeft: return moveCandleCursor(&state, by: 1)
    case .scrollRight: return moveCandleCursor(&state, by: -1)
    case .openPicker: return openPicker(&state)
    case .toggleMarkets:
      state.screen = state.screen == .markets ? .dashboard : .markets
      pinMarketsCursor(&state)
    case .togglePortfolio:
      state.screen = state.screen == .portfolio ? .dashboard : .portfolio
    case .toggleActivity: state.activityVisible.toggle()
    case .toggleWatchlist: toggleWatchlist(&state)
    case .watchlistOpen: return openWatchlistLine(&state)
    case .toggleHeatmap: state.heatmapBeside.toggle()
    case .toggleSplit: return toggleSplit(&state)
    case .swapSplit: return askSwapSplit(&state)
    case .openTicket:
      // An index is a published price: nothing to order (issue 29, point 12).
      if state.market.instrument.kind == .index {
        state.notice = Notice(
          "\(state.market.symbol) is an index: a published price, not traded",
          until: state.now + StatusNote.noticeSeconds)
        return []
      }
      openTicket(&state)
    case .togglePause: state.paused.toggle()
    case .reconnect:
      // `r` that cannot act says why instead of doing nothing.
      if let refusal = StatusNote.reconnectRefusal(state) {
        state.notice = Notice(refusal, until: state.now + StatusNote.noticeSeconds)
        return []
      }
      return [.feed(.reconnectNow)]
    case .help: state.overlay = .help(page: 0, ticket: nil)
    case .quit:
      if state.confirmQuit && key != .interrupt {
        state.overlay = .quitQuestion
        return []
      }
      state.quitting = true
      return [.quit]
    case .openAcross: return openAcross(&state)
    case .addAlert: openAlertPrompt(&state)
    case .listAlerts: state.overlay = .alertList(selected: 0)
    case .scrollUp: scroll(&state, by: -1)
    case .scrollDown: scroll(&state, by: 1)
    case .pageUp: scroll(&state, by: -10)
    case .pageDown: scroll(&state, by: 10)
    case .scrollHome where watchlistHasKeys(state):
      state.watchlist.selected = state.markets.favourites.first
    case .scrollHome:
      state.view.bookScroll = 0
      state.split?.scroll = 0
      state.view.tapeScroll = 0
      state.view.candleCursorMs = nil
    case .replay(let control):
      guard state.mode == .replay else {
        state.notice = Notice(
          "replay keys work in a replay (--replay FILE)", until: state.now + StatusNote.noticeSeconds)
        return []
      }
      return [.replay(control)]
    }
    return []
  }

  /// `s` (and `|` with no second instrument, `secondBook`): the symbol picker, its list asked
  /// for when there is none yet.
  static func openPicker(_ state: inout AppState, secondBook: Bool = false) -> [Effect] {
    state.overlay = .picker(PickerState(symbols: pickerSymbols(state), secondBook: secondBook))
    if state.symbols.isEmpty {
      state.symbolsFailure = nil
      return [.loadSymbols]
    }
    return []
  }

  /// The picker's list: the favourites first in the order starred — another venue's as
  /// `venue:SYMBOL`, this venue's when listed (or when the venue has no list here yet) —, then
  /// the venue's other symbols by volume.
  static func pickerSymbols(_ state: AppState) -> [String] {
    let here = state.venue
    let listed = PickerState.ordered(
      state.symbols, favourites: state.markets.favourites.filter { $0.venue == here },
      universe: state.session.markets, rates: rates(state))
    let known = Set(listed)
    let unlisted = here != .bitmex && state.symbols.isEmpty
    let starred = state.markets.favourites.compactMap { id -> String? in
      let label = PickerState.label(id, on: here)
      return id.venue != here || unlisted || known.contains(label) ? label : nil
    }
    let first = Set(starred)
    return starred + listed.filter { !first.contains($0) }
  }

  /// On the markets screen, the cursor names an instrument as soon as the list has rows (so a
  /// re-sort moves it with its instrument); once set, nothing is ordered here again.
  static func pinMarketsCursor(_ state: inout AppState) {
    let universe = listedMarkets(state)
    guard state.screen == .markets, state.markets.selected == nil, universe.count > 0 else { return }
    state.markets.pinSelection(in: state.markets.order(universe, rates: rates(state)), of: universe)
  }

  static func scroll(_ state: inout AppState, by n: Int) {
    if watchlistHasKeys(state) { return moveWatchlist(&state, by: n) }
    switch state.focus {
    case .book where state.split?.focused == true:
      let scroll = state.split?.scroll ?? 0
      state.split?.scroll = max(0, scroll + n)
    case .book: state.view.bookScroll = max(0, state.view.bookScroll + n)
    case .trades:
      state.view.tapeScroll = max(0, min(state.view.tapeScroll + n, max(0, state.market.tape.count - 1)))
    case .chart: break
    }
  }

  private static func handlePicker(_ key: Key, _ state: inout AppState) -> [Effect] {
    guard var picker = state.picker else { return [] }
    switch key {
    case .escape:
      state.overlay = nil
      return []
    case .interrupt:
      state.overlay = nil
      state.quitting = true
      return [.quit]
    case .enter:
      let matches = picker.matches
      state.overlay = nil
      // The selected match; with none (no list, or the list lacks it), the text typed: either
      // names a symbol of the venue on screen, or `VENUE:SYMBOL` another venue's.
      let chosen = matches.isEmpty ? picker.filter : matches[min(picker.selected, matches.count - 1)]
      guard !chosen.isEmpty else { return [] }
      return picker.secondBook ? openSplitPicked(chosen, &state) : openPicked(chosen, &state)
    case .up: picker.selected = max(0, picker.selected - 1)
    case .down: picker.selected = min(max(0, picker.matches.count - 1), picker.selected + 1)
    case .backspace:
      if !picker.filter.isEmpty { picker.filter.removeLast() }
      picker.selected = 0
    case .character("r") where state.symbols.isEmpty && state.symbolsFailure != nil && picker.filter.isEmpty:
      // The list failed: `r` asks again (a symbol starting with R can be typed once it loads,
      // or after another character).
      state.symbolsFailure = nil
      return [.loadSymbols]
    case .character(let c)
    where c.isASCII && (c.isLetter || c.isNumber || c == "." || c == "_" || c == "-" || c == "/" || c == ":")
      && PickerState.fits(picker.filter + String(c)):
      // Symbols are short and ASCII: what could never be one is not typed (`:` after a venue's
      // name: `kraken:ETH/USD`).
      picker.filter.append(Character(c.uppercased()))
      picker.selected = 0
    default: break
    }
    state.overlay = .picker(picker)
    return []
  }
}
