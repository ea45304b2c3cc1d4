import CrossVenue
import Kraken
import OKX
import Testing
import VenueCore

@Suite struct SpreadMatrixTests {
  static let kraken = Instruments.kraken
  static let okx = Instruments.okxInverse

  struct Edge: Sendable, CustomTestStringConvertible {
    var ask: String
    var bid: String
    var buyFee: String?
    var sellFee: String?
    var status: SpreadMatrix.Status
    /// Rounded to hundredths of a basis point.
    var bps: Double
    var testDescription: String { "ask \(ask) bid \(bid) fees \(buyFee ?? "-")/\(sellFee ?? "-")" }
  }

  static let edges: [Edge] = [
    // (100.5 - 100) / 100 = 50 bps: crossed.
    Edge(ask: "100.0", bid: "100.5", status: .crossed, bps: 50),
    // After 0.1 % each: 100.3995 - 100.1 = 0.2995 of 100.1.
    Edge(ask: "100.0", bid: "100.5", buyFee: "0.1", sellFee: "0.1", status: .crossed, bps: 29.92),
    // After 0.3 % each: 100.1985 - 100.3 < 0.
    Edge(ask: "100.0", bid: "100.5", buyFee: "0.3", sellFee: "0.3", status: .open, bps: -10.12),
    // Exactly even after the fee is not crossed.
    Edge(ask: "100.0", bid: "100.2", buyFee: "0.2", status: .open, bps: 0),
    // One tick through is.
    Edge(ask: "100.0", bid: "100.3", buyFee: "0.2", status: .crossed, bps: 9.98),
    // Not crossed: the usual.
    Edge(ask: "101.0", bid: "99.0", status: .open, bps: -198.02),
    // A fee with more decimals than the price: 0.075 %.
    Edge(ask: "100.0", bid: "100.1", buyFee: "0.075", status: .crossed, bps: 2.5),
  ]

  /// Basis points to two decimals (what the screen shows), nil as nan.
  static func hundredths(_ bps: Double?) -> Double { ((bps ?? .nan) * 100).rounded() / 100 }

  @Test(arguments: edges) func edgeInBasisPointsAfterFees(_ e: Edge) {
    let buy = view(Self.kraken, bids: [("90.0", "1")], asks: [(e.ask, "1")])
    let sell = view(Self.okx, bids: [(e.bid, "1")], asks: [("200.0", "1")])
    var fees: [Venue: FixedDecimal] = [:]
    if let f = e.buyFee { fees[.kraken] = dec(f) }
    if let f = e.sellFee { fees[.okx] = dec(f) }
    var matrix = SpreadMatrix(asset: "BTC")
    matrix.update([buy, sell], now: now, takerFeePercent: fees)
    let cell = matrix[0, 1]
    #expect(cell.status == e.status)
    #expect(Self.hundredths(cell.edgeBps) == e.bps)
    #expect(matrix[0, 0].status == .unavailable(.same))
    #expect(matrix.count == 2)
  }

  @Test func aSideOlderThanTwoSecondsIsStaleNeverCrossed() {
    var matrix = SpreadMatrix(asset: "BTC")
    for (age, status) in [(2.0, SpreadMatrix.Status.crossed), (2.001, .stale)] {
      // Within its own stale limit of 10 s: only the matrix's 2 s rule applies.
      let buy = view(Self.kraken, asks: [("100.0", "1")], age: age, staleAfter: 10)
      let sell = view(Self.okx, bids: [("100.5", "1")], age: 0.5)
      matrix.update([buy, sell], now: now)
      #expect(matrix[0, 1].status == status, "ask \(age) s old")
      #expect(matrix[0, 1].askAgeNs == s(age))
      #expect(matrix[0, 1].bidAgeNs == s(0.5))
      // The other way round it is the bid that is old.
      matrix.update([sell, buy], now: now)
      #expect(matrix[1, 0].status == status, "bid \(age) s old")
      #expect(Self.hundredths(matrix[1, 0].edgeBps) == 50)
    }
    // Past its own stale limit (under 2 s) is stale too.
    let fast = view(Self.kraken, asks: [("100.0", "1")], age: 1, staleAfter: 0.5)
    matrix.update([fast, view(Self.okx, bids: [("100.5", "1")])], now: now)
    #expect(matrix[0, 1].status == .stale)
  }

  @Test func unavailableCellsSayWhy() {
    let fault = BookSyncFault.sequenceGap(expected: 2, got: 4)
    let views = [
      view(Self.kraken, bids: [("99.0", "1")], asks: [("100.0", "1")]),
      view(Self.okx, bids: [("99.5", "1")], sync: .resyncing(fault)),
      view(Instruments.binance, bids: [("99.5", "1")], asks: [("100.0", "1")]),
      view(Instruments.xbtusd, bids: [("99.5", "100")]),
      view(Instruments.coinbaseUSDC, bids: [("99.00", "1")], linkUp: false),
    ]
    var matrix = SpreadMatrix(asset: "BTC")
    matrix.update(views, now: now)
    #expect(matrix[0, 1].status == .unavailable(.notLive))
    #expect(matrix[1, 0].status == .unavailable(.notLive))
    // USD against USDT is not one market unless stablecoins are at par.
    #expect(matrix[0, 2].status == .unavailable(.notComparable))
    // XBTUSD has no asks to buy.
    #expect(matrix[3, 0].status == .unavailable(.noQuote))
    #expect(matrix[0, 3].status == .open)
    #expect(matrix[0, 4].status == .unavailable(.notComparable))
    matrix.stablecoinsAtPar = true
    matrix.update(views, now: now)
    #expect(matrix[0, 2].status == .open)
    #expect(Self.hundredths(matrix[0, 2].edgeBps) == -50)
    #expect(matrix[0, 4].status == .unavailable(.notLive))
    // Another asset is never comparable.
    matrix.update([views[0], view(Instruments.binanceETH, bids: [("3500.00", "1")])], now: now)
    #expect(matrix[0, 1].status == .unavailable(.notComparable))
  }

  @Test func aFeeOutsideZeroToAHundredPercentIsOutOfRangeNotATrap() {
    let views = [view(Self.kraken, asks: [("100.0", "1")]), view(Self.okx, bids: [("100.5", "1")])]
    var matrix = SpreadMatrix(asset: "BTC")
    for fee in ["-0.1", "100", "250"] {
      matrix.update(views, now: now, takerFeePercent: [.kraken: dec(fee)])
      #expect(matrix[0, 1].status == .unavailable(.outOfRange), "fee \(fee)")
      #expect(matrix[0, 1].edgeBps == nil)
    }
  }
}
