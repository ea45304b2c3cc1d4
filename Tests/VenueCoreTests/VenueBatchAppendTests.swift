import Testing
import VenueCore

/// Two connections' batches made one: every event points at its own rows after the append.
@Suite struct VenueBatchAppendTests {
  @Test func rangesAndIndexesMoveWithTheirRows() {
    var book = VenueBatch()
    book.events.append(.book(symbol: "BTCUSDT", update: .snapshot(last: 7), levels: 0..<2))
    book.levels = [bid("100", "1"), ask("101", "2")]
    book.appendTrade(
      VenueTrade(price: FixedDecimal("100")!, size: FixedDecimal("1")!, aggressor: .sell), symbol: "BTCUSDT")
    book.appendTicker(VenueTicker(), symbol: "BTCUSDT")
    var other = VenueBatch()
    other.events.append(
      .book(symbol: "BTCUSDT", update: BookUpdate(kind: .delta, first: 8, last: 8), levels: 0..<1))
    other.levels = [bid("99", "3")]
    other.appendTrade(
      VenueTrade(price: FixedDecimal("101")!, size: FixedDecimal("2")!, aggressor: .buy), symbol: "BTCUSDT")
    other.appendTrade(
      VenueTrade(price: FixedDecimal("102")!, size: FixedDecimal("4")!, aggressor: .buy), symbol: "BTCUSDT")
    var mark = VenueTicker(partial: true)
    mark.markPrice = FixedDecimal("100.5")!
    other.appendTicker(mark, symbol: "BTCUSDT")
    other.events.append(.heartbeat)

    book.append(contentsOf: other)
    #expect(book.events.count == 7)
    #expect(book.levels.count == 3)
    #expect(book.trades.count == 3)
    #expect(book.tickers.count == 2)
    guard case .book(_, _, let levels) = book.events[3] else { Issue.record("\(book.events[3])"); return }
    #expect(book.levels(levels).map(\.price) == [FixedDecimal("99")!])
    guard case .trades(_, let trades) = book.events[4] else { Issue.record("\(book.events[4])"); return }
    #expect(book.trades[trades].map(\.price) == [FixedDecimal("101")!, FixedDecimal("102")!])
    guard case .ticker(_, let index) = book.events[5] else { Issue.record("\(book.events[5])"); return }
    #expect(book.tickers[index].markPrice == FixedDecimal("100.5")!)
    #expect(book.events[6] == .heartbeat)
  }

  @Test func anEmptyBatchAddsNothing() {
    var batch = VenueBatch()
    batch.appendTicker(VenueTicker(), symbol: "BTCUSDT")
    batch.append(contentsOf: VenueBatch())
    #expect(batch.events.count == 1)
  }
}
