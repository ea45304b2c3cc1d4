import MarketModel
import Testing

/// The watched symbol's liquidations: one event per order as it enters, the open orders kept
/// by id, other symbols skipped, the last minute's tally per side.
@Suite struct LiquidationLogTests {
  static func row(
    _ n: UInt64, _ symbol: Symbol = "XBTUSD", side: Side? = .sell, price: Double? = 100, qty: Int64? = 1_000
  )
    -> LiquidationRow
  {
    LiquidationRow(
      orderID: MatchID(high: 7, low: n), symbol: symbol, side: side, price: price, leavesQty: qty)
  }

  @Test func ordersEnterFillAndLeave() {
    var log = LiquidationLog(symbol: "XBTUSD")
    #expect(log.apply(.partial, [Self.row(1)][...], nowMs: 1_000) == 1)
    #expect(
      log.apply(.insert, [Self.row(2, side: .buy, qty: 500), Self.row(3, "ETHUSD")][...], nowMs: 2_000) == 1)
    #expect(log.open.count == 2)
    // An update changes what is left, not the events; a delete closes it.
    #expect(log.apply(.update, [Self.row(2, side: nil, price: nil, qty: 200)][...], nowMs: 2_500) == 0)
    #expect(log.open[MatchID(high: 7, low: 2)]?.leavesQty == 200)
    log.apply(.delete, [Self.row(2, side: nil, price: nil, qty: nil)][...], nowMs: 3_000)
    #expect(log.open.count == 1)
    #expect(log.events.map(\.size) == [500, 1_000])
    #expect(log.events.map(\.side) == [.buy, .sell])
    // The same order again in a fresh image is not a new liquidation.
    #expect(log.apply(.partial, [Self.row(1)][...], nowMs: 4_000) == 0)
    #expect(log.tally(.sell, since: 0) == LiquidationLog.Tally(count: 1, contracts: 1_000))
    #expect(log.tally(.buy, since: 1_500) == LiquidationLog.Tally(count: 1, contracts: 500))
    #expect(log.tally(.buy, since: 2_001) == LiquidationLog.Tally())
  }

  @Test func theRingKeepsTheNewest() {
    var log = LiquidationLog(symbol: "XBTUSD", capacity: 2)
    for n in 1...5 { log.apply(.insert, [Self.row(UInt64(n), qty: Int64(n))][...], nowMs: Int64(n)) }
    #expect(log.recorded == 5)
    #expect(log.events.map(\.size) == [5, 4])
  }
}
