import MarketModel
import TestSupport
import Testing
import Trading

/// The sweep: a size walked through a small book, worked by hand.
@Suite struct SweepTests {
  static func book(bids: [(Double, Int64)], asks: [(Double, Int64)]) throws -> PriceBook {
    PriceBook.contracts(bids: bids, asks: asks)
  }

  static let inverse = ContractSpec(
    symbol: "XBTUSD", kind: .inverse, multiplier: -100_000_000, underlyingToSettleMultiplier: -100_000_000,
    settlCurrency: "XBt", settlePerWhole: 1e8, settleName: "XBT", quoteCurrency: "USD", underlying: "XBT",
    lotSize: 100, tickSize: 0.5, maxOrderQty: 10_000_000, takerFee: 0.00075)

  static let linear = ContractSpec(
    symbol: "XBTUSDT", kind: .linear, multiplier: 1, underlyingToPositionMultiplier: 1_000_000,
    quoteToSettleMultiplier: 1_000_000, settlCurrency: "USDt", settlePerWhole: 1e6, settleName: "USDT",
    quoteCurrency: "USDT", underlying: "XBT", lotSize: 1_000, tickSize: 0.5, takerFee: 0.00075)

  static func close(_ a: Double?, _ b: Double) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= 1e-9 * max(abs(a), abs(b))
  }

  /// Buying 600 XBTUSD takes 300 @ 100, 200 @ 100.5 and 100 @ 101: worth 10^8 × (300/100 +
  /// 200/100.5 + 100/101) XBt, an average (harmonic) price of 100.331952…, 58.34 bps above the
  /// mid of 99.75.
  @Test func inverseBuyWalksThreeLevels() throws {
    let b = try Self.book(bids: [(99.5, 400)], asks: [(100, 300), (100.5, 200), (101, 500)])
    let s = Sweep.walk(b, side: .buy, contracts: 600, spec: Self.inverse)
    #expect(s.complete)
    #expect(s.filled == 600)
    #expect(s.levels == 3)
    #expect(s.worstPrice == 101)
    #expect(Self.close(s.value, 598_014_876.114_477_2))
    #expect(Self.close(s.averagePrice, 100.331_952_258_181_42))
    #expect(Self.close(s.slippageBps, 58.341_078_514_427_76))
    #expect(Self.close(s.fee, 448_511.157_085_857_9))
    #expect(Self.close(s.totalSettlement, 598_014_876.114_477_2 + 448_511.157_085_857_9))
    // In USD: the 600 contracts, plus the fee at the average price.
    #expect(Self.close(s.totalQuote(Self.inverse), 600 * 1.00075))
    #expect(s.shortfall(depthLimit: 25) == nil)
  }

  /// Selling takes the bids; slippage below the mid counts as a cost.
  @Test func sellTakesBids() throws {
    let b = try Self.book(bids: [(99.5, 400), (99, 1_000)], asks: [(100, 300)])
    let s = Sweep.walk(b, side: .sell, contracts: 400, spec: Self.inverse)
    #expect(s.levels == 1)
    #expect(s.averagePrice == 99.5)
    #expect(Self.close(s.slippageBps, 0.25 / 99.75 * 10_000))
    #expect(s.totalSettlement < s.value)
  }

  /// More than the book in view holds: it fills what it can and says so.
  @Test func shortfallIsHonest() throws {
    let b = try Self.book(bids: [(99.5, 400)], asks: [(100, 300), (100.5, 200), (101, 500)])
    let s = Sweep.walk(b, side: .buy, contracts: 2_000, spec: Self.inverse)
    #expect(!s.complete)
    #expect(s.filled == 1_000)
    #expect(s.fillFraction == 0.5)
    #expect(
      s.shortfall(depthLimit: 25)
        == "fills 50 % within the 25 levels subscribed; --depth full for the whole book")
    #expect(s.shortfall(depthLimit: nil) == "fills 50 %: the whole book (3 levels) is not deep enough")
    let empty = Sweep.walk(
      PriceBook(priceScale: 1, sizeScale: 0), side: .buy, contracts: 100, spec: Self.inverse)
    #expect(empty.averagePrice == nil)
    #expect(
      empty.shortfall(depthLimit: 25)
        == "fills 0 % within the 25 levels subscribed; --depth full for the whole book")
  }

  /// Linear: 0.006 XBT of XBTUSDT = 6,000 contracts: 5,000 @ 19,133.5 and 1,000 @ 19,134.
  @Test func linearAverageIsSizeWeighted() throws {
    let b = try Self.book(bids: [(19_133, 4_000)], asks: [(19_133.5, 5_000), (19_134, 3_000)])
    let s = Sweep.walk(b, side: .buy, contracts: 6_000, spec: Self.linear)
    #expect(s.value == 114_801_500)
    #expect(Self.close(s.averagePrice, 114_801_500.0 / 6_000))
    #expect(Self.close(s.totalQuote(Self.linear), 114.8015 * 1.00075))
  }

  @Test func zeroSizeIsNothing() throws {
    let b = try Self.book(bids: [(99.5, 400)], asks: [(100, 300)])
    let s = Sweep.walk(b, side: .buy, contracts: 0, spec: Self.inverse)
    #expect(s.filled == 0)
    #expect(s.shortfall(depthLimit: 25) == nil)
  }
}
