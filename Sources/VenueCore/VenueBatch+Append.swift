extension VenueBatch {
  /// Appends every event of `other` after this batch's own, its level, trade, ticker and
  /// liquidation ranges moved to where their rows land here: the batches of several connections
  /// made one.
  public mutating func append(contentsOf other: VenueBatch) {
    guard !other.events.isEmpty else { return }
    let (levelBase, tradeBase, tickerBase) = (levels.count, trades.count, tickers.count)
    let liquidationBase = liquidations.count
    events.reserveCapacity(events.count + other.events.count)
    for event in other.events {
      switch event {
      case let .book(symbol, update, range):
        events.append(.book(symbol: symbol, update: update, levels: Self.moved(range, by: levelBase)))
      case let .trades(symbol, range):
        events.append(.trades(symbol: symbol, trades: Self.moved(range, by: tradeBase)))
      case let .liquidations(symbol, range):
        events.append(.liquidations(symbol: symbol, liquidations: Self.moved(range, by: liquidationBase)))
      case let .ticker(symbol, index):
        events.append(.ticker(symbol: symbol, ticker: index + tickerBase))
      default:
        events.append(event)
      }
    }
    levels.append(contentsOf: other.levels)
    trades.append(contentsOf: other.trades)
    tickers.append(contentsOf: other.tickers)
    liquidations.append(contentsOf: other.liquidations)
  }

  private static func moved(_ range: Range<Int>, by base: Int) -> Range<Int> {
    (range.lowerBound + base)..<(range.upperBound + base)
  }
}
