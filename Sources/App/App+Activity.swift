import MarketModel
import Session

extension App {
  /// Feeds the wall watch from one drain: the trades just printed (to tell eaten from pulled),
  /// then the book as it stands. A book waiting for its partial (a reconnect, a resync) starts
  /// the watch afresh: the walls in the next image are not news. Liquidations come from BitMEX's
  /// `liquidation` table (`batch`) or another venue's liquidation stream (`venueBatch`).
  static func watchActivity(
    _ step: MarketSession.Step, _ batch: MarketBatch?, _ venueBatch: VenueBatch? = nil,
    _ state: inout AppState
  ) {
    if step.resetTopics.contains(where: { $0.channel == .book }) { state.view.walls.reset() }
    // A reset `liquidation` table needs nothing here: its next image replaces the open orders,
    // and the orders it repeats are not counted again.
    let liquidationsBefore = state.view.liquidations.recorded
    if let batch {
      for event in batch.events {
        guard case .liquidations(let slice) = event else { continue }
        // Stamped with the market's clock: in a replay, the recording's time.
        state.view.liquidations.apply(slice.action, batch.liquidations[slice.rows], nowMs: state.marketNowMs)
      }
    }
    if let venueBatch {
      for event in venueBatch.events {
        guard case .liquidations(let symbol, let range) = event else { continue }
        // Every symbol's may come (an all-market stream): the log keeps the market's own.
        state.view.liquidations.record(
          venueBatch.liquidations[range], of: symbol, sizeScale: state.market.tapeSizeScale,
          nowMs: state.marketNowMs)
      }
    }
    if state.view.liquidations.recorded != liquidationsBefore { state.dirty = true }
    let tape = state.market.tape
    var n = min(step.changes.liveTrades, tape.count)
    while n > 0 {
      n -= 1
      state.view.walls.observe(trade: tape[n])
    }
    let before = state.view.walls.recorded
    if step.changes.bookChanged, state.session.bookIsLive {
      state.view.walls.observe(book: state.market.book, nowMs: state.marketNowMs)
    }
    if state.view.walls.recorded != before, state.activityVisible { state.dirty = true }
  }

  /// Tells the gone walls pulled or eaten once their grace is over, when the book is quiet.
  static func settleActivity(_ state: inout AppState) {
    let before = state.view.walls.recorded
    state.view.walls.settle(nowMs: state.marketNowMs)
    if state.view.walls.recorded != before, state.activityVisible { state.dirty = true }
  }
}
