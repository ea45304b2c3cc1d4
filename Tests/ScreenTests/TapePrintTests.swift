import MarketModel
import TestSupport
import Testing
import Trading

@testable import Screen

/// The tape a trader reads: one print per taker order, a minimum size, and the notional in the
/// quote currency from the instrument's contract facts.
@Suite struct TapePrintTests {
  static let inverse = ContractSpec(
    symbol: "XBTUSD", kind: .inverse, multiplier: -100_000_000, underlyingToSettleMultiplier: -100_000_000,
    settlCurrency: "XBt", settlePerWhole: 1e8, settleName: "XBT", quoteCurrency: "USD", underlying: "XBT",
    lotSize: 100, tickSize: 0.5)
  static let linear = ContractSpec(
    symbol: "XBTUSDT", kind: .linear, multiplier: 1, underlyingToPositionMultiplier: 1_000_000,
    quoteToSettleMultiplier: 1_000_000, settlCurrency: "USDt", settlePerWhole: 1e6, settleName: "USDT",
    quoteCurrency: "USDT", underlying: "XBT", lotSize: 1_000, tickSize: 0.5)

  static let t0 = Fixtures.noon
  static func trade(_ ms: Int64, _ side: Side?, _ size: Int64, _ price: Double) -> Trade {
    Trade(timeMs: t0 + ms, symbol: "XBTUSD", side: side, size: size, price: price)
  }

  /// Newest first: a buy order that swept three levels, a lone sell, a sell order of two trades,
  /// then a buy at the same time as that sell (another aggressor: another order).
  static let sweep: [Trade] = [
    trade(0, .buy, 300, 50_001.0),
    trade(0, .buy, 200, 50_000.5),
    trade(0, .buy, 100, 50_000.0),
    trade(-500, .sell, 40, 49_999.5),
    trade(-900, .sell, 1_000, 49_999.0),
    trade(-900, .sell, 2_000, 49_999.5),
    trade(-900, .buy, 5, 49_999.5),
  ]

  @Test func runsOfOneTakerOrderFoldIntoOnePrint() {
    let prints = TapePrint.group(Self.sweep, aggregate: true)
    #expect(prints.map(\.size) == [600, 40, 3_000, 5])
    #expect(prints.map(\.count) == [3, 1, 2, 1])
    #expect(prints[0].lastPrice == 50_001.0 && prints[0].firstPrice == 50_000.0 && prints[0].swept)
    #expect(prints[2].lastPrice == 49_999.0 && prints[2].firstPrice == 49_999.5)
    #expect(!prints[1].swept)
    // Not aggregated: every trade its own print.
    #expect(TapePrint.group(Self.sweep, aggregate: false).map(\.size) == Self.sweep.map(\.size))
  }

  @Test func indexPrintsAndSameTimeOtherSideNeverFold() {
    let trades = [Self.trade(0, nil, 0, 1.0), Self.trade(0, nil, 0, 1.0), Self.trade(0, .sell, 1, 1.0)]
    #expect(TapePrint.group(trades, aggregate: true).count == 3)
  }

  @Test func summedSizesSaturateInsteadOfTrapping() {
    let trades = [Self.trade(0, .buy, .max - 1, 1.0), Self.trade(0, .buy, 5, 1.0)]
    #expect(TapePrint.group(trades, aggregate: true).map(\.size) == [.max])
  }

  @Test func skipAndLimitCountPrintsNotTrades() {
    let prints = TapePrint.group(Self.sweep, aggregate: true, skip: 1, limit: 2)
    #expect(prints.map(\.size) == [40, 3_000])
  }

  @Test func notionalComesFromTheContractFacts() throws {
    // XBTUSD: one USD a contract, whatever the price.
    let usd = TapeNotional(spec: Self.inverse)
    #expect(usd.value(size: 600, price: 50_001) == 600)
    #expect(usd.currency == "USD")
    // XBTUSDT: a contract is 10^-6 XBT, so 1,000,000 contracts at 50,000 are 50,000 USDT.
    let usdt = TapeNotional(spec: Self.linear)
    let v = try #require(usdt.value(size: 1_000_000, price: 50_000))
    #expect(abs(v - 50_000) < 1e-6)
    #expect(usdt.value(size: 1, price: 0) == nil)
    // A sweep's notional is the sum of its trades' at their prices.
    let trades = [Self.trade(0, .buy, 1_000_000, 50_000), Self.trade(0, .buy, 2_000_000, 49_000)]
    let print = try #require(TapePrint.group(trades, aggregate: true, notional: usdt).first)
    #expect(abs((print.notional ?? 0) - 148_000) < 1e-6)
  }

  @Test func theFilterStepsAreInTheQuoteCurrencyWhenTheNotionalIsKnown() {
    let usd = TapeNotional(spec: Self.inverse)
    #expect(TapeFilter.step(0, notional: usd, sizeScale: 0) == .none)
    #expect(TapeFilter.step(2, notional: usd, sizeScale: 0) == TapeFilter(.notional(10_000)))
    #expect(
      TapeFilter.step(TapeFilter.steps + 1, notional: usd, sizeScale: 0) == TapeFilter(.notional(1_000)))
    #expect(TapeFilter.step(2, notional: usd, sizeScale: 0).label(currency: "USD") == "≥10K USD")
    // Without a notional: whole units of the tape's size (a scale-8 tape counts 10^-8).
    #expect(TapeFilter.step(2, notional: nil, sizeScale: 8) == TapeFilter(.size(1_000_000_000)))
    #expect(TapeFilter.step(2, notional: nil, sizeScale: 8).label(sizeScale: 8, ascii: true) == ">=10")
    // Never traps at an absurd scale.
    #expect(TapeFilter.step(4, notional: nil, sizeScale: 30) == TapeFilter(.size(.max)))
  }

  @Test func theFilterMeasuresTheWholeOrder() {
    // 10 contracts of 1,000 USD notional each... of XBTUSD: 600 USD, 40, 3,000, 5.
    let usd = TapeNotional(spec: Self.inverse)
    let prints = TapePrint.group(
      Self.sweep, aggregate: true, filter: TapeFilter(.notional(500)), notional: usd)
    #expect(prints.map(\.size) == [600, 3_000])
    // Trade by trade, no single trade of the 600 sweep reaches 500.
    let each = TapePrint.group(
      Self.sweep, aggregate: false, filter: TapeFilter(.notional(500)), notional: usd)
    #expect(each.map(\.size) == [1_000, 2_000])
  }

  @Test func theTapeDrawsOrdersWithCountAndNotional() {
    var view = TapeView(trades: Self.sweep, priceDecimals: 1, nowMs: Self.t0 + 10_000)
    view.aggregate = true
    view.notional = TapeNotional(spec: Self.inverse)
    let g = Snapshot.framed(52, 6) { g, area in view.render(into: &g, area: area) }
    #expect(
      Fixtures.lines(g)[1...4] == [
        "· 12:01:05.123  BUY   50,001.0      600 ×3      600·",
        "· 12:01:04.623  SELL  49,999.5       40          40·",
        "· 12:01:04.223  SELL  49,999.0    3,000 ×2     3.0K·",
        "· 12:01:04.223  BUY   49,999.5        5           5·",
      ])
    #expect(view.showsNotional(width: 50, height: 4))
    // Narrower: the side's word goes before the notional, then the notional, then the count.
    #expect(view.showsNotional(width: 40, height: 4))
    #expect(!view.showsNotional(width: 39, height: 4))
    let narrow = Snapshot.framed(40, 3) { g, area in view.render(into: &g, area: area) }
    #expect(narrow.line(1) == "· 12:01:05  BUY   50,001.0      600 ×3 ·")
    let ascii = {
      var v = view; v.ascii = true; return v
    }()
    let a = Snapshot.framed(40, 3) { g, area in ascii.render(into: &g, area: area) }
    #expect(a.line(1) == "· 12:01:05  BUY   50,001.0      600 x3 ·")
  }

  @Test func aFilterThatHidesEverythingSaysSo() {
    var view = TapeView(trades: Self.sweep, priceDecimals: 1, nowMs: Self.t0)
    view.filter = TapeFilter(.size(1_000_000))
    let g = Snapshot.framed(40, 3) { g, area in view.render(into: &g, area: area) }
    #expect(g.line(1).contains("no trades at ≥1M yet"), "\(g.line(1))")
  }

  @Test func liquidationsUnderTheMinimumAreHiddenToo() {
    var view = TapeView(trades: Self.sweep, priceDecimals: 1, nowMs: Self.t0)
    // Newest first, as the log keeps them.
    view.liquidations = [
      LiquidationLog.Event(timeMs: Self.t0 + 2, side: .sell, price: 49_000, size: 5_000),
      LiquidationLog.Event(timeMs: Self.t0 + 1, side: .sell, price: 49_000, size: 50),
    ]
    view.filter = TapeFilter(.size(1_000))
    #expect(view.rowsInView(height: 5).map(\.size) == [5_000, 1_000, 2_000])
  }

  @Test func scrollCountsPrintsAndClamps() {
    var view = TapeView(trades: Self.sweep, priceDecimals: 1, nowMs: Self.t0, scroll: 50)
    view.aggregate = true
    #expect(view.maxScroll(height: 2) == 2)
    #expect(view.rowsInView(height: 2).map(\.size) == [3_000, 5])
  }

  @Test func snapshotWide() {
    var trades: [Trade] = []
    for i in 0..<40 {
      let side: Side = (i / 3) % 2 == 0 ? .buy : .sell
      trades.append(
        Self.trade(-Int64(i / 3) * 411, side, Int64(1 + i * i * 37), 50_000 + Double(i % 5) * 0.5))
    }
    var view = TapeView(trades: trades, priceDecimals: 1, nowMs: Self.t0 + 100, largeSize: 20_000)
    view.aggregate = true
    view.notional = TapeNotional(spec: Self.linear)
    let g = Snapshot.framed(60, 14) { g, area in view.render(into: &g, area: area) }
    Snapshot.expect(g, named: "tape-orders-60x14")
  }
}
