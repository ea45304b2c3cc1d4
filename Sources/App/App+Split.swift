import MarketModel
import Screen
import Session

/// The split view of two books (`tradeterm ETHUSD kraken:ETH/USD`, issue 29): the market on screen and
/// a second instrument's book beside it, each on its own feed and session. The header, the tape,
/// the chart and the ticket follow the market on screen (the primary, `▶`); `S` swaps the two
/// (the runner swaps their feeds: `Effect.swapSplit`), `|` leaves the view (its feed stops) and
/// opens it again.
extension App {
  /// The dashboard's layout as drawn now: split when the second book is open.
  static func layout(_ state: AppState) -> Layout? {
    Layout.compute(width: state.width, height: state.height, zoom: state.zoom, split: state.split != nil)
  }

  /// `|`: leaves the split view (its feed stops; the instrument is kept for the next `|`), or
  /// opens it again; with no second instrument, opens the symbol picker to choose one (Enter
  /// opens it beside the market on screen, Esc cancels), except in a replay, which plays one
  /// recording.
  static func toggleSplit(_ state: inout AppState) -> [Effect] {
    let k = state.keys.short
    if let split = state.split {
      state.split = nil
      state.notice = Notice(
        "split left; \(k(.toggleSplit)) opens \(PickerState.label(split.id, on: .bitmex)) again",
        until: state.now + StatusNote.noticeSeconds)
      return [.closeSplit]
    }
    guard let partner = state.splitPartner else {
      if state.mode == .replay {
        state.notice = Notice(
          "no second book in a replay: it plays one recording", until: state.now + StatusNote.noticeSeconds)
        return []
      }
      return openPicker(&state, secondBook: true)
    }
    return [.openSplit(partner)]
  }

  /// The second-book picker's Enter on `text`: the instrument it names from the venue on screen
  /// (`VENUE:SYMBOL` another venue's) opened beside the market on screen; the market on screen
  /// itself, a venue not followed here, or a text that names none is said and nothing opens.
  static func openSplitPicked(_ text: String, _ state: inout AppState) -> [Effect] {
    let refusal: String
    switch PickerState.instrument(
      text, on: state.venue, venues: state.markets.venueOrder)
    {
    case .failure(let problem): refusal = problem.description
    case .success(let id) where id == InstrumentID(venue: state.venue, symbol: state.market.symbol):
      refusal = "\(PickerState.label(id, on: state.venue)) is the book on screen: pick another"
    case .success(let id) where id.venue != state.venue && !state.followableVenues.contains(id.venue):
      refusal = "\(state.displayName(id.venue)): not followed here yet (see `tradeterm venues`)"
    case .success(let id): return [.openSplit(id)]
    }
    state.notice = Notice(refusal, until: state.now + StatusNote.noticeSeconds * 2)
    state.dirty = true
    return []
  }

  /// `S`: asks the runner to swap the two books (the primary is the one the header, the tape,
  /// the chart and the ticket follow); says why not when there is no second book, or while
  /// `--record` writes the primary's frames.
  static func askSwapSplit(_ state: inout AppState) -> [Effect] {
    guard state.split != nil else {
      state.notice = Notice(
        "no second book to swap with: \(state.keys.short(.toggleSplit)) opens one",
        until: state.now + StatusNote.noticeSeconds)
      return []
    }
    if state.recording {
      state.notice = Notice(
        "--record writes \(state.market.symbol)'s frames: the books stay as they are",
        until: state.now + StatusNote.noticeSeconds)
      return []
    }
    return [.swapSplit]
  }

  /// A tick at `wallMs`: the second book's flashes older than the main book's flash fade.
  static func fadeSplitFlashes(wallMs: Int64, _ state: inout AppState) {
    guard let flashes = state.split?.flashes, !flashes.isEmpty else { return }
    let kept = flashes.filter { wallMs - $0.value < flashMs }
    guard kept.count != flashes.count else { return }
    state.split?.flashes = kept
    state.dirty = true
  }

  /// The runner follows `id` for the split view now, with `session` fresh on its book rule.
  static func splitOpened(_ id: InstrumentID, _ session: MarketSession, _ state: inout AppState) {
    state.split = SplitBook(id: id, session: session)
    state.splitPartner = id
    state.dirty = true
  }

  /// The runner swapped the feeds: the second book's session is the market on screen (entered as
  /// a switch enters one: what the app kept of the old market beside its session goes), and the
  /// old market's session, still followed, is the second book.
  static func splitSwapped(_ state: inout AppState) -> [Effect] {
    guard let split = state.split else { return [] }
    let old = SplitBook(
      id: InstrumentID(venue: state.venue, symbol: state.market.symbol), session: state.session)
    let effects = enterMarket(split.session, &state)
    state.split = old
    state.splitPartner = old.id
    let name = PickerState.label(InstrumentID(venue: state.venue, symbol: state.market.symbol), on: .bitmex)
    state.notice = Notice(
      "\(name) on screen: the tape, the chart and the ticket follow it",
      until: state.now + StatusNote.noticeSeconds)
    return effects
  }

  /// One drain of the split view's second feed: into its own session (BitMEX's `batch`, or
  /// another venue's `venueBatch`). Returns what its feed must be asked (a resync of a book that
  /// stopped adding up).
  static func ingestSplit(
    _ update: FeedUpdate, batch: MarketBatch?, venueBatch: VenueBatch?, now: MonotonicTime, wallMs: Int64,
    _ state: inout AppState
  ) -> [Effect] {
    state.now = now
    state.wallMs = wallMs
    guard var split = state.split else { return [] }
    // Out of the state while it is changed: one copy of the session, not two.
    state.split = nil
    let step =
      if let venueBatch {
        split.session.ingest(update, venueBatch, now: now)
      } else {
        split.session.ingest(update, batch ?? MarketBatch(), now: now)
      }
    for price in split.session.market.changedPrices { split.flashes[price] = wallMs }
    state.split = split
    if step.changedAnything { state.dirty = true }
    return step.commands.map(Effect.splitFeed)
  }
}
