import Feed
import MarketModel
import Screen

/// The app's logic: one function from (state, event) to a new state and effects.
public enum App {
  /// How long a changed book level stays highlighted, and new trades.
  static let flashMs: Int64 = 300
  static let newTradeMs: Int64 = 200

  /// Applies `event` to `state`; returns what the outside world must do.
  public static func update(_ state: inout AppState, _ event: AppEvent, batch: MarketBatch? = nil) -> [Effect]
  {
    switch event {
    case .key(let key):
      state.dirty = true
      return handle(key, &state)
    case .resize(let w, let h):
      state.width = w
      state.height = h
      state.dirty = true
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
      let before = state.flashes.count
      state.flashes = state.flashes.filter { wallMs - $0.value < flashMs }
      if state.flashes.count != before { state.dirty = true }
      if state.newTrades > 0, wallMs >= state.newTradesUntil {
        state.newTrades = 0
        state.dirty = true
      }
      return []
    case .feed(let update, let now, let wallMs):
      state.now = now
      state.wallMs = wallMs
      var effects: [Effect] = []
      if update.tablesReset { state.market.resetTables() }
      if let status = update.status { state.status = status }
      state.decodeErrors += update.decodeErrors
      if let e = update.lastDecodeError { state.lastDecodeError = e }
      if let failure = update.recorderError {
        state.recordingFailure = failure
        state.dirty = true
      }
      if let batch {
        let tapeBefore = state.market.tape.newest?.matchID
        let tapeCountBefore = state.market.tape.count
        for fault in state.market.apply(batch) {
          effects.append(.resync(topic: fault.topic))
          state.resyncs += 1
        }
        noteChanges(batch, &state, wallMs: wallMs)
        if state.market.tape.newest?.matchID != tapeBefore || state.market.tape.count != tapeCountBefore {
          state.newTrades = min(state.market.tape.count, state.newTrades + countNew(batch, state))
          state.newTradesUntil = wallMs + newTradeMs
        }
        if !batch.isEmpty {
          state.lastDataAt = now
          state.dirty = true
        }
      }
      // An empty drain (a wake-up with nothing new) changes nothing on screen.
      if update.status != nil || update.tablesReset || update.decodeErrors > 0 || !effects.isEmpty {
        state.dirty = true
      }
      return effects
    case .symbols(let list):
      state.symbols = list
      if state.picker != nil { state.picker?.symbols = list }
      state.dirty = true
      return []
    }
  }

  private static func countNew(_ batch: MarketBatch, _ state: AppState) -> Int {
    var n = 0
    for event in batch.events {
      if case .trades(let s) = event, s.action != .partial {
        n += batch.trades[s.rows].filter { $0.symbol == state.market.symbol }.count
      }
    }
    return n
  }

  /// Remembers which prices changed, for the flash.
  private static func noteChanges(_ batch: MarketBatch, _ state: inout AppState, wallMs: Int64) {
    for event in batch.events {
      guard case .book(let m) = event, m.action != .partial else { continue }
      for row in batch.bookRows[m.rows] where row.symbol == state.market.symbol {
        if let price = row.price { state.flashes[price] = wallMs }
      }
    }
  }

  // MARK: Keys

  private static func handle(_ key: Key, _ state: inout AppState) -> [Effect] {
    if state.helpVisible {
      state.helpVisible = false
      return key == .interrupt ? [.quit] : []
    }
    if state.picker != nil { return handlePicker(key, &state) }
    guard let command = Keymap.command(for: key) else { return [] }
    switch command {
    case .focusNext: state.focus = state.focus.next()
    case .focusPrevious: state.focus = state.focus.next(backwards: true)
    case .zoom(let pane):
      state.zoom = state.zoom == pane ? nil : pane
      state.focus = pane
    case .unzoom: state.zoom = nil
    case .groupCoarser: state.groupingIndex = min(state.groupingIndex + 1, AppState.groupings.count - 1)
    case .groupFiner: state.groupingIndex = max(state.groupingIndex - 1, 0)
    case .toggleBars: state.barsByTotal.toggle()
    case .cycleChart:
      switch state.chartInterval {
      case .oneSecond: state.chartInterval = .oneMinute
      case .oneMinute: state.chartInterval = .fiveMinutes
      case .fiveMinutes: state.chartInterval = .oneSecond
      }
    case .openPicker:
      state.picker = PickerState(symbols: state.symbols)
      return state.symbols.isEmpty ? [.loadSymbols] : []
    case .togglePause: state.paused.toggle()
    case .reconnect: return [.reconnect]
    case .help: state.helpVisible = true
    case .quit:
      state.quitting = true
      return [.quit]
    case .scrollUp: scroll(&state, by: -1)
    case .scrollDown: scroll(&state, by: 1)
    case .pageUp: scroll(&state, by: -10)
    case .pageDown: scroll(&state, by: 10)
    case .scrollHome:
      state.bookScroll = 0
      state.tapeScroll = 0
    }
    return []
  }

  private static func scroll(_ state: inout AppState, by n: Int) {
    switch state.focus {
    case .book: state.bookScroll = max(0, state.bookScroll + n)
    case .trades: state.tapeScroll = max(0, min(state.tapeScroll + n, max(0, state.market.tape.count - 1)))
    case .chart: break
    }
  }

  private static func handlePicker(_ key: Key, _ state: inout AppState) -> [Effect] {
    guard var picker = state.picker else { return [] }
    switch key {
    case .escape:
      state.picker = nil
      return []
    case .interrupt:
      state.picker = nil
      state.quitting = true
      return [.quit]
    case .enter:
      let matches = picker.matches
      state.picker = nil
      guard !matches.isEmpty else { return [] }
      let chosen = matches[min(picker.selected, matches.count - 1)]
      guard let symbol = Symbol(chosen), symbol != state.market.symbol else { return [] }
      // The old book is gone at once: nothing of XBTUSD may show under ETHUSD.
      state.market = MarketState(symbol: symbol)
      state.flashes = [:]
      state.bookScroll = 0
      state.tapeScroll = 0
      state.lastDataAt = nil
      return [.switchSymbol(chosen)]
    case .up: picker.selected = max(0, picker.selected - 1)
    case .down: picker.selected = min(max(0, picker.matches.count - 1), picker.selected + 1)
    case .backspace:
      if !picker.filter.isEmpty { picker.filter.removeLast() }
      picker.selected = 0
    case .character(let c) where c.isLetter || c.isNumber || c == "." || c == "_":
      picker.filter.append(Character(c.uppercased()))
      picker.selected = 0
    default: break
    }
    state.picker = picker
    return []
  }
}
