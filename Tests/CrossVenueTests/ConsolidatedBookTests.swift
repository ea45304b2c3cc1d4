import CrossVenue
import Testing
import VenueCore

@Suite struct ConsolidatedBookTests {
  /// Every contract kind quoting BTC in USD and USDT, with hand-worked numbers (base units at 8
  /// decimals; bids bucket down, asks up, by 1).
  static func sixBooks() -> [VenueView] {
    [
      // 20,000 × 1 USD at 100,000.0 = 0.2 BTC; 10,000 at 99,999.5 = 0.10000050… BTC.
      view(
        Instruments.xbtusd, bids: [("100000.0", "20000"), ("99999.5", "10000")], asks: [("100000.5", "5000")]),
      // 30 × 100 USD at 100,000.2 = 0.02999994 BTC; 10 at 100,001.0 = 0.0099999 BTC.
      view(Instruments.okxInverse, bids: [("100000.2", "30")], asks: [("100001.0", "10")]),
      view(Instruments.kraken, bids: [("99999.9", "0.5")], asks: [("100002.3", "0.25")]),
      // 2.5 contracts of 0.01 BTC; 1 contract.
      view(Instruments.okxLinear, bids: [("100010.1", "2.5")], asks: [("100011.0", "1")]),
      view(Instruments.binance, bids: [("100010.99", "0.1")]),
      view(Instruments.binanceUSDM, asks: [("100011.5", "0.003")]),
    ]
  }

  static func options(par: Bool = false, step: String = "1", depth: Int = 10) -> ConsolidatedBook.Options {
    guard let o = ConsolidatedBook.Options(asset: "BTC", step: dec(step), depth: depth, stablecoinsAtPar: par)
    else { preconditionFailure() }
    return o
  }

  /// A side as `price size [member:units …]`.
  static func rows(_ group: QuoteGroup, _ side: BookSide) -> [String] {
    group[side].enumerated().map { n, level in
      let shares = group.members.indices.compactMap { m -> String? in
        let units = group.contribution(side, level: n, member: m)
        return units == 0 ? nil : "\(m):\(units)"
      }
      return "\(level.price) \(level.size) [\(shares.joined(separator: " "))]"
    }
  }

  @Test func everyContractKindMergesInBaseUnitsByQuote() {
    var book = ConsolidatedBook(options: Self.options())
    book.update(Self.sixBooks(), now: now)
    #expect(book.groups.map(\.quote) == ["USD", "USDT"])
    let usd = book.groups[0]
    #expect(usd.members == [0, 1, 2])
    #expect(usd.quotes == ["USD"])
    #expect(!usd.atPar)
    #expect(
      Self.rows(usd, .bid) == [
        "100000 22999994 [0:20000000 1:2999994]",
        "99999 60000050 [0:10000050 2:50000000]",
      ])
    #expect(
      Self.rows(usd, .ask) == [
        "100001 5999965 [0:4999975 1:999990]",
        "100003 25000000 [2:25000000]",
      ])
    let usdt = book.groups[1]
    #expect(usdt.members == [3, 4, 5])
    #expect(Self.rows(usdt, .bid) == ["100010 12500000 [0:2500000 1:10000000]"])
    #expect(Self.rows(usdt, .ask) == ["100011 1000000 [0:1000000]", "100012 300000 [2:300000]"])
    #expect(usdt.bids[0].members == 0b011)
    #expect(book.venues.map(\.group) == [0, 0, 0, 1, 1, 1])
    #expect(book.venues.allSatisfy { $0.isMerged })
  }

  @Test func stablecoinsAtParAreOneGroupThatSaysSo() {
    var book = ConsolidatedBook(options: Self.options(par: true))
    var views = Self.sixBooks()
    views.append(view(Instruments.coinbaseUSDC, bids: [("100005.00", "0.01")]))
    book.update(views, now: now)
    #expect(book.groups.count == 1)
    let all = book.groups[0]
    #expect(all.atPar)
    #expect(all.quote == "USD")
    #expect(all.quotes == ["USD", "USDC", "USDT"])
    #expect(all.members == [0, 1, 2, 3, 4, 5, 6])
    #expect(
      Self.rows(all, .bid) == [
        "100010 12500000 [3:2500000 4:10000000]",
        "100005 1000000 [6:1000000]",
        "100000 22999994 [0:20000000 1:2999994]",
        "99999 60000050 [0:10000050 2:50000000]",
      ])
    #expect(all.asks.map(\.price) == [dec("100001"), dec("100003"), dec("100011"), dec("100012")])
    // Without par, USDC is a third group, after USD.
    book.options.stablecoinsAtPar = false
    book.update(views, now: now)
    #expect(book.groups.map(\.quote) == ["USD", "USDC", "USDT"])
    #expect(book.venues[6].group == 1)
  }

  @Test func aCoarserStepMergesMoreAndKeepsTheStepsScale() {
    var book = ConsolidatedBook(options: Self.options(step: "2.5"))
    book.update(Self.sixBooks(), now: now)
    let usd = book.groups[0]
    // 100,000.0 and 100,000.2 → 100,000.0; 99,999.9 and 99,999.5 → 99,997.5.
    #expect(usd.bids.map(\.price.description) == ["100000.0", "99997.5"])
    #expect(usd.bids.map(\.size) == [22_999_994, 60_000_050])
    // 100,000.5, 100,001.0 and 100,002.3 are all in the 100,002.5 bucket.
    #expect(usd.asks.map(\.price.description) == ["100002.5"])
    #expect(usd.asks[0].size == 30_999_965)
    #expect(usd.asks[0].memberCount == 3)
  }

  @Test func severalLevelsOfOneVenueInABucketAddUp() {
    var book = ConsolidatedBook(options: Self.options())
    book.update(
      [
        // Spot: the sizes add up, then convert once (0.75000001 BTC).
        view(Instruments.kraken, bids: [("99999.9", "0.5"), ("99999.5", "0.25"), ("99999.0", "0.00000001")]),
        // Inverse: each level at its own price, rounded on its own: 1,000 USD at 99,999.5 is
        // 1,000,005.000025 units and at 99,999.0 1,000,010.0001; 100 at 99,998.5 100,001.50002.
        view(Instruments.xbtusd, bids: [("99999.5", "1000"), ("99999.0", "1000"), ("99998.5", "100")]),
      ], now: now)
    #expect(
      Self.rows(book.groups[0], .bid) == ["99999 77000016 [0:75000001 1:2000015]", "99998 100002 [1:100002]"])
  }

  @Test func depthLimitsTheBucketsKept() {
    var book = ConsolidatedBook(options: Self.options(depth: 1))
    book.update(Self.sixBooks(), now: now)
    #expect(book.groups[0].bids.count == 1)
    #expect(book.groups[0].asks.count == 1)
  }

  struct Left: Sendable, CustomTestStringConvertible {
    var name: String
    var view: VenueView
    var state: VenueState
    var why: Exclusion
    var testDescription: String { name }
  }

  static let kraken = Instruments.kraken
  static let fault = BookSyncFault.checksumMismatch(expected: 1, computed: 2)
  static let leftOut: [Left] = [
    Left(
      name: "stale", view: view(kraken, bids: [("99999.9", "0.5")], age: 6, staleAfter: 5), state: .stale,
      why: .stale(ageNs: s(6), limitNs: s(5))),
    Left(
      name: "resyncing", view: view(kraken, bids: [("99999.9", "0.5")], sync: .resyncing(fault)),
      state: .syncing, why: .resyncing(fault)),
    Left(
      name: "waiting", view: view(kraken, bids: [("99999.9", "0.5")], sync: .waiting), state: .syncing,
      why: .waiting),
    Left(
      name: "down", view: view(kraken, bids: [("99999.9", "0.5")], linkUp: false), state: .down, why: .down),
    Left(
      name: "quanto without a rate",
      view: view(
        Instruments.spec(
          "bitmex:XBTQ", .quantoPerpetual, quote: "USD", settle: "ETH", tick: "0.5", lot: "1",
          contract: .quanto(multiplier: dec("1"), settlePerWhole: dec("1"))), bids: [("99999.5", "1")]),
      state: .live, why: .noSettleRate("ETH")),
  ]

  @Test(arguments: leftOut) func aVenueNotLiveLeavesTheBookAndSaysWhy(_ c: Left) {
    var book = ConsolidatedBook(options: Self.options())
    let others = view(Instruments.xbtusd, bids: [("100000.0", "20000")])
    book.update([others, c.view], now: now)
    #expect(book.venues[1].exclusion == c.why)
    #expect(book.venues[1].state == c.state)
    #expect(book.venues[1].group == 0)
    let usd = book.groups[0]
    #expect(usd.merged == [true, false])
    #expect(Self.rows(usd, .bid) == ["100000 20000000 [0:20000000]"])
    var strip = VenueStrip()
    strip.update([others, c.view], now: now, consolidated: book)
    #expect(strip.rows[1].exclusion == c.why)
    #expect(strip.rows[1].state == c.state)
    #expect(strip.rows[0].exclusion == nil)
  }

  @Test func aSyncPolicysFaultTakesTheVenueOutAtOnce() {
    // BitMEX's rule through the one enum a session holds: a partial, then a delta naming a
    // level the book does not hold.
    var policy = AnyBookSync.partial(PartialSync())
    var b = Instruments.xbtusd.makeBook()
    let partial = [LevelChange(side: .bid, price: dec("100000.0"), size: dec("20000"))]
    _ = policy.receive(.snapshot(receivedAt: now - s(1)), partial[...], book: &b)
    var book = ConsolidatedBook(options: Self.options())
    book.update([VenueView(spec: Instruments.xbtusd, book: b, policy: policy, staleAfterNs: s(5))], now: now)
    #expect(book.venues[0].isMerged)
    #expect(book.venues[0].ageNs == s(1))
    let unknown = [LevelChange(side: .ask, price: dec("100001.0"), size: dec("0"))]
    _ = policy.receive(.delta(receivedAt: now), unknown[...], book: &b)
    book.update([VenueView(spec: Instruments.xbtusd, book: b, policy: policy, staleAfterNs: s(5))], now: now)
    #expect(book.venues[0].exclusion == .resyncing(.unknownLevel(side: .ask, price: dec("100001.0"))))
    #expect(book.venues[0].state == .syncing)
    #expect(book.groups[0].bids.isEmpty)
    var strip = VenueStrip()
    strip.update([VenueView(spec: Instruments.xbtusd, book: b, policy: policy, staleAfterNs: s(5))], now: now)
    #expect(strip.rows[0].integrity == IntegrityCounts(checks: 0, failures: 1, resyncs: 1))
  }

  @Test func theStaleLimitIsInclusiveAndAHeartbeatKeepsAQuietBookFresh() {
    var book = ConsolidatedBook(options: Self.options())
    let atLimit = view(Self.kraken, bids: [("99999.9", "0.5")], age: 5, staleAfter: 5)
    // Binance's diff stream is silent on an unchanged book: heard 1 s ago, changed 9 s ago.
    let quiet = view(Instruments.binance, bids: [("100010.99", "0.1")], age: 9, staleAfter: 5, heardAge: 1)
    let silent = view(Instruments.binance, bids: [("100010.99", "0.1")], age: 9, staleAfter: 5, heardAge: 6)
    book.update([atLimit, quiet, silent], now: now)
    #expect(book.venues.map(\.state) == [.live, .live, .stale])
    #expect(book.venues[1].ageNs == s(1))
    #expect(book.venues[2].exclusion == .stale(ageNs: s(6), limitNs: s(5)))
    #expect(Exclusion.stale(ageNs: s(6), limitNs: s(5)).description == "stale: 6.0s old, limit 5.0s")
  }

  @Test func anotherAssetIsListedButInNoGroup() {
    var book = ConsolidatedBook(options: Self.options())
    book.update([view(Instruments.binanceETH, bids: [("3500.00", "1")]), Self.sixBooks()[0]], now: now)
    #expect(book.venues[0].exclusion == .otherAsset("ETH"))
    #expect(book.venues[0].group == nil)
    #expect(book.groups.map(\.members) == [[1]])
  }

  @Test func quantoConsolidatesWithTheSettlementRate() {
    guard var options = ConsolidatedBook.Options(asset: "ETH", step: dec("0.5")) else { return }
    options.depth = 5
    var book = ConsolidatedBook(options: options)
    // 10 ETHUSD contracts at 100,000 USD/XBT: 1 ETH; Binance ETHUSDT is in its own group.
    let quanto = view(Instruments.ethusd, bids: [("3500.00", "10")], settleRate: "100000")
    let spot = view(Instruments.binanceETH, bids: [("3500.40", "2.5")])
    book.update([quanto, spot], now: now)
    #expect(book.groups.map(\.quote) == ["USD", "USDT"])
    #expect(book.groups[0].bids == [ConsolidatedLevel(price: dec("3500.0"), size: 100_000_000, members: 1)])
    #expect(book.groups[1].bids == [ConsolidatedLevel(price: dec("3500.0"), size: 250_000_000, members: 1)])
  }

  @Test func aBookWhoseNumbersDoNotFitIsLeftOutNotWrapped() {
    var book = ConsolidatedBook(options: Self.options())
    let spec = Instruments.spec("kraken:BIG", .spot, quote: "USD", tick: "1", lot: "1", contract: .base)
    // 9·10^18 units of 1 BTC do not fit 8 decimals.
    let huge = view(spec, bids: [("100", "9000000000000000000")])
    book.update([huge, Self.sixBooks()[2]], now: now)
    #expect(book.venues[0].exclusion == .outOfRange)
    #expect(book.venues[0].state == .live)
    #expect(book.groups[0].bids.map(\.size) == [50_000_000])
  }

  @Test func theViewsChangingKeepsGroupsInStep() {
    var book = ConsolidatedBook(options: Self.options())
    book.update(Self.sixBooks(), now: now)
    // Only the USDT books: the USD group goes.
    book.update(Array(Self.sixBooks()[3...]), now: now)
    #expect(book.groups.map(\.quote) == ["USDT"])
    #expect(book.groups[0].members == [0, 1, 2])
    #expect(book.venues.map(\.group) == [0, 0, 0])
    book.update([], now: now)
    #expect(book.groups.isEmpty)
  }

  @Test func badOptionsAreRefused() {
    #expect(ConsolidatedBook.Options(asset: "BTC", step: dec("0")) == nil)
    #expect(ConsolidatedBook.Options(asset: "BTC", step: dec("-1")) == nil)
    #expect(ConsolidatedBook.Options(asset: "BTC", step: dec("1"), depth: 0) == nil)
    #expect(ConsolidatedBook.Options(asset: "BTC", step: dec("1"), baseScale: 19) == nil)
  }
}
