import Binance
import Bybit
import MarketModel
import Screen
import Testing

@testable import App

/// The alert engine, table-driven: each case is a rule and a run of observations (a value, or
/// nil for stale data, at a time); the expected result is the steps at which it fires.
@Suite struct AlertEngineTests {
  /// Rules' numbers read as typed: no Double noise, no exponent.
  @Test(arguments: [
    (0.0006, "0.0006"), (98_000.0, "98000"), (98_000.5, "98000.5"), (0.5, "0.5"), (-0.01, "-0.01"),
    (0.00001, "0.00001"),
  ])
  func numbersReadAsTyped(value: Double, text: String) {
    #expect(AlertRule.number(value) == text)
  }

  /// A funding rate reads as the percent typed, without the noise of `rate × 100`.
  @Test func fundingRatesReadAsTyped() {
    #expect(AlertRule.percent(0.0006 / 100) == "0.0006")
    #expect(
      AlertRule(symbol: "XBTUSD", kind: .fundingAbove(0.0006 / 100)).summary == "XBTUSD funding >= 0.0006%")
  }

  struct Case: CustomStringConvertible {
    var name: String
    var rule: AlertRule
    /// (seconds, observation)
    var steps: [(Double, AlertObservation)]
    /// Indices of `steps` that fire.
    var fires: [Int]
    var description: String { name }
  }

  static let sym: Symbol = "XBTUSD"

  static func last(_ p: Double?) -> AlertObservation { AlertObservation(symbol: sym, last: p) }
  static func mark(_ p: Double?) -> AlertObservation { AlertObservation(symbol: sym, mark: p) }
  static func funding(_ r: Double?) -> AlertObservation { AlertObservation(symbol: sym, funding: r) }
  static func trades(_ sizes: Int64...) -> AlertObservation {
    AlertObservation(
      symbol: sym, trades: sizes.map { Trade(timeMs: 0, symbol: sym, side: .buy, size: $0, price: 100) })
  }
  static func book(mid: Double?, _ levels: (Double, Int64)...) -> AlertObservation {
    AlertObservation(symbol: sym, mid: mid, levels: levels.map { PriceLevel(price: $0.0, size: $0.1) })
  }
  /// The best fresh edge across the asset's venues, in bps (nil: no pair with both sides fresh).
  static func spread(_ bps: Double?) -> AlertObservation {
    var o = AlertObservation(symbol: "BTC")
    o.spreadBps = bps
    o.spreadPair = bps.map { _ in "buy coinbase:BTC-USD, sell kraken:BTC/USD" }
    return o
  }
  /// Prices at one step a second.
  static func run(
    _ prices: [Double?], from t: Double = 0, _ f: (Double?) -> AlertObservation = last
  )
    -> [(Double, AlertObservation)]
  {
    prices.enumerated().map { (t + Double($0.offset), f($0.element)) }
  }

  static let cases: [Case] = [
    Case(
      name: "above fires on the crossing only", rule: AlertRule(symbol: sym, kind: .above(100, .last)),
      steps: run([98, 99, 100, 101, 99, 102]), fires: [2]),
    Case(
      name: "already above at the start is no crossing",
      rule: AlertRule(symbol: sym, kind: .above(100, .last)), steps: run([105, 106, 99, 101]), fires: [3]),
    Case(
      name: "stale values neither fire nor break the crossing",
      rule: AlertRule(symbol: sym, kind: .above(100, .last)), steps: run([98, nil, nil, 101, nil, 102]),
      fires: [3]),
    Case(
      name: "mark, not last", rule: AlertRule(symbol: sym, kind: .above(100, .mark)),
      steps: run([98, 101], last) + run([98, 101], from: 2, mark), fires: [3]),
    Case(
      name: "below", rule: AlertRule(symbol: sym, kind: .below(100, .last)),
      steps: run([101, 100.5, 100, 99]),
      fires: [2]),
    Case(
      name: "every: again after it clears, past the cool-down",
      rule: AlertRule(symbol: sym, kind: .above(100, .last), rearm: .every(cooldownSeconds: 10)),
      // crosses at 1, back below at 2, across at 3 (in the cool-down: no), below 4, across at 12.
      steps: [
        (0, last(99)), (1, last(101)), (2, last(99)), (3, last(101)), (4, last(99)), (12, last(101)),
        (13, last(102)),
      ],
      fires: [1, 5]),
    Case(
      name: "once never fires again", rule: AlertRule(symbol: sym, kind: .above(100, .last)),
      steps: run([99, 101, 99, 101, 99, 101]), fires: [1]),
    Case(
      name: "funding above", rule: AlertRule(symbol: sym, kind: .fundingAbove(0.0005)),
      steps: run([0.0001, 0.0004, 0.0006, 0.0007], funding), fires: [2]),
    Case(
      name: "funding below, stale ignored", rule: AlertRule(symbol: sym, kind: .fundingBelow(0)),
      steps: run([0.0001, nil, -0.0001], funding), fires: [2]),
    Case(
      name: "venues crossed: the first fresh crossing counts, a stale matrix changes nothing",
      rule: AlertRule(symbol: "BTC", kind: .spread(bps: 5), rearm: .every(cooldownSeconds: 0)),
      steps: run([6, 7, nil, 4.9, -3, nil, 5, 5.5], spread), fires: [0, 6]),
    Case(
      name: "a large trade", rule: AlertRule(symbol: sym, kind: .trade(size: 1000)),
      steps: [(0, trades(10, 999)), (1, trades(5, 1000)), (2, trades(5000))], fires: [1]),
    Case(
      name: "large trades every 5 s",
      rule: AlertRule(symbol: sym, kind: .trade(size: 1000), rearm: .every(cooldownSeconds: 5)),
      steps: [(0, trades(2000)), (1, trades(3000)), (6, trades(1000))], fires: [0, 2]),
    Case(
      name: "a wall appears near mid, once per appearance",
      rule: AlertRule(symbol: sym, kind: .wall(size: 500, bps: 10), rearm: .every(cooldownSeconds: 0)),
      steps: [
        (0, book(mid: 100, (99.99, 100), (100.5, 900))),  // 900 is 50 bps away: no
        (1, book(mid: 100, (99.95, 600))),  // 5 bps: fires
        (2, book(mid: 100, (99.95, 700))),  // still there: no
        (3, book(mid: nil)),  // no live book: says nothing
        (4, book(mid: 100, (99.95, 700))),  // still there: no
        (5, book(mid: 100, (99.95, 100))),  // gone
        (6, book(mid: 100, (100.05, 800))),  // back: fires
      ],
      fires: [1, 6]),
    Case(
      name: "a wall present at the start fires",
      rule: AlertRule(symbol: sym, kind: .wall(size: 500, bps: 10)),
      steps: [(0, book(mid: 100, (99.95, 600)))], fires: [0]),
    Case(
      name: "move of 2% within 1 minute",
      rule: AlertRule(symbol: sym, kind: .move(percent: 2, minutes: 1), rearm: .every(cooldownSeconds: 0)),
      // 100 → 101.9 (1.9 %) → 102 (2 %): fires; then measured from 102: 103 no, 104.1 yes.
      steps: [(0, last(100)), (10, last(101.9)), (20, last(102)), (30, last(103)), (40, last(104.1))],
      fires: [2, 4]),
    Case(
      name: "a move slower than the window does not fire",
      rule: AlertRule(symbol: sym, kind: .move(percent: 2, minutes: 1)),
      steps: [(0, last(100)), (50, last(101)), (100, last(102)), (150, last(103))], fires: []),
    Case(
      name: "a move across stale data compares fresh values only",
      rule: AlertRule(symbol: sym, kind: .move(percent: 5, minutes: 1)),
      steps: [(0, last(100)), (1, last(nil)), (2, last(nil)), (3, last(106))], fires: [3]),
  ]

  @Test(arguments: cases) func fires(_ c: Case) {
    var engine = AlertEngine()
    engine.add(c.rule)
    var fired: [Int] = []
    for (i, step) in c.steps.enumerated() {
      let out = engine.observe(step.1, nowMs: Int64(step.0 * 1000))
      #expect(out.count <= 1)
      if !out.isEmpty { fired.append(i) }
    }
    #expect(fired == c.fires, "\(c.name)")
  }

  @Test func otherSymbolsAreIgnored() {
    var engine = AlertEngine()
    engine.add(AlertRule(symbol: "ETHUSD", kind: .above(100, .last)))
    #expect(engine.observe(Self.last(99), nowMs: 0).isEmpty)
    #expect(engine.observe(Self.last(101), nowMs: 1).isEmpty)
  }

  /// The same symbol on two venues is two markets: Bybit's BTCUSDT alert does not fire on
  /// Binance's BTCUSDT price, and says its venue when it fires on its own.
  @Test func anotherVenuesSameSymbolIsIgnored() {
    var engine = AlertEngine()
    engine.add(AlertRule(symbol: "BTCUSDT", venue: .bybitLinear, kind: .above(100, .last)))
    var binance = AlertObservation(symbol: "BTCUSDT", last: 99)
    binance.venue = .binance
    #expect(engine.symbols(on: .binance).isEmpty && engine.symbols(on: .bybitLinear) == ["BTCUSDT"])
    #expect(engine.observe(binance, nowMs: 0).isEmpty)
    binance.last = 101
    #expect(engine.observe(binance, nowMs: 1).isEmpty)
    var bybit = AlertObservation(symbol: "BTCUSDT", last: 99)
    bybit.venue = .bybitLinear
    #expect(engine.observe(bybit, nowMs: 2).isEmpty)
    bybit.last = 101
    #expect(
      engine.observe(bybit, nowMs: 3).map(\.message) == ["bybit-linear:BTCUSDT last 101 crossed above 100"])
  }

  @Test func onlyLiveAddedUnspentAlertsPersist() {
    var engine = AlertEngine()
    engine.add(AlertRule(symbol: Self.sym, kind: .above(100, .last)), fromConfig: true)
    let live = AlertRule(symbol: Self.sym, kind: .below(50, .last))
    let spent = AlertRule(symbol: Self.sym, kind: .above(200, .last))
    engine.add(live)
    engine.add(spent)
    _ = engine.observe(Self.last(150), nowMs: 0)
    _ = engine.observe(Self.last(250), nowMs: 1)
    #expect(engine.persistent == [live])
  }

  /// A move window beyond Int64's milliseconds (1e300 minutes) is a window of for ever, not a
  /// trap once a price arrives.
  @Test func aHugeMoveWindowDoesNotTrap() {
    var engine = AlertEngine()
    engine.add(AlertRule(symbol: Self.sym, kind: .move(percent: 1, minutes: 1e300)))
    #expect(engine.observe(Self.last(100), nowMs: 1_000).isEmpty)
    #expect(engine.observe(Self.last(102), nowMs: 2_000).count == 1)
  }
}
