import App
import Bybit
import Config
import Foundation
import Kraken
import MarketModel
import TestSupport
import XCTest

/// Alert numbers as the config and the alerts file write them: every number reads back exactly
/// (1e20 was written `1e+2`, 1e-9 `0`), a rule that would not read back is not saved, and a bad
/// rule in the alerts file is skipped, not the file.
final class AlertNumberTests: XCTestCase {
  /// SplitMix64: a seeded sequence (the seed is printed with every failure).
  struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    /// A finite positive double: any bit pattern, or one with few decimals (a typed price).
    mutating func positive() -> Double {
      if next() % 2 == 0 {
        while true {
          let d = Double(bitPattern: next() & ~(1 << 63))
          if d.isFinite && d > 0 { return d }
        }
      }
      let decimals = Int(next() % 10)
      let whole = Double(next() % 10_000_000)
      return max(1e-9, (whole + Double(next() % 1000) / 1000) / pow(10, Double(decimals)))
    }
  }

  static let seed =
    ProcessInfo.processInfo.environment["TRADETERM_TEST_SEED"].flatMap { UInt64($0) }
    ?? UInt64.random(in: 0...UInt64.max)

  func testTheFixedCases() {
    for (value, text) in [
      (1e20, "1e+20"), (1e50, "1e+50"), (1.5e20, "1.5e+20"), (0.000000001, "0.000000001"),
      (4e-9, "0.000000004"),
      (0.0006, "0.0006"), (98_000.5, "98000.5"), (98_000, "98000"), (1e-300, "1e-300"), (-0.01, "-0.01"),
    ] {
      XCTAssertEqual(AlertRule.number(value), text)
    }
    XCTAssertEqual(AlertRule.percent(0.0006 / 100), "0.0006")
    XCTAssertEqual(AlertRule.percent(0.0001), "0.01")
  }

  /// Random doubles, every bit pattern: the text reads back as the same double.
  func testEveryNumberReadsBackExactly() {
    var random = SplitMix(state: Self.seed)
    var wrong: [String] = []
    for _ in 0..<100_000 {
      let v = random.next() % 2 == 0 ? random.positive() : -random.positive()
      let text = AlertRule.number(v)
      if Double(text) != v { wrong.append("\(v) written \(text)") }
    }
    XCTAssertEqual(wrong.prefix(5), [], "seed \(Self.seed) (TRADETERM_TEST_SEED=\(Self.seed) repeats it)")
  }

  /// Random rules of every kind written as the alerts file writes them and loaded back: the
  /// same rules (a funding rule's rate, typed as a percent, included).
  func testRulesReadBackAsTheSameRules() {
    var random = SplitMix(state: Self.seed ^ 0xA1)
    var rules: [AlertRule] = []
    // Every number within the config's ranges (which refuse the rest with an error of their own):
    // prices and sizes up to 1e15, windows up to a year, bps up to 10,000, funding ±100 %.
    func within(_ limit: Double) -> Double {
      let v = random.positive()
      if v <= limit { return v }
      let r = v.truncatingRemainder(dividingBy: limit)
      return r > 0 ? r : limit / 2
    }
    for n in 0..<2_000 {
      let v = within(1e15)
      let kind: AlertRule.Kind =
        switch n % 6 {
        case 0: .above(v, .last)
        case 1: .below(v, .mark)
        case 2: .move(percent: v, minutes: within(525_600))
        case 3: .fundingAbove(within(100) / 100)
        case 4: .fundingBelow(-within(100) / 100)
        default: .wall(size: Int64(random.next() % 1_000_000_000) + 1, bps: within(10_000))
        }
      let rearm: AlertRule.Rearm = n % 2 == 0 ? .once : .every(cooldownSeconds: within(525_600 * 60))
      rules.append(AlertRule(symbol: "XBTUSD", kind: kind, rearm: rearm))
    }
    let (text, refused) = Settings.alertsFile(rules)
    XCTAssertEqual(refused, [], "seed \(Self.seed)")
    guard case .success(let loaded) = ConfigLoader.loadAlerts(text, file: "alerts") else {
      return XCTFail("the alerts file did not load; seed \(Self.seed)")
    }
    XCTAssertEqual(loaded.skipped, [], "seed \(Self.seed)")
    let differing = zip(rules, loaded.rules).filter { $0.0 != $0.1 }.prefix(3).map { "\($0.0) read \($0.1)" }
    XCTAssertEqual(differing, [], "seed \(Self.seed)")
    XCTAssertEqual(loaded.rules.count, rules.count, "seed \(Self.seed)")
  }

  /// Each venue's alert reads back with its venue (`symbol = "kraken:BTC/USD"`); BitMEX's is
  /// written bare as before, and a symbol as long as a symbol can be keeps its venue too.
  func testEachVenuesRuleReadsBackWithItsVenue() throws {
    let rules = [
      AlertRule(symbol: "XBTUSD", kind: .above(100_000, .last)),
      AlertRule(symbol: "BTC/USD", venue: .kraken, kind: .below(90_000, .last)),
      AlertRule(
        symbol: try XCTUnwrap(Symbol(String(repeating: "P", count: Symbol.maxLength))), venue: .bybitLinear,
        kind: .move(percent: 2, minutes: 5)),
    ]
    let (text, refused) = Settings.alertsFile(rules)
    XCTAssertEqual(refused, [])
    XCTAssertTrue(
      text.contains("symbol = \"XBTUSD\"\n") && text.contains("symbol = \"kraken:BTC/USD\"\n"), text)
    guard case .success(let loaded) = ConfigLoader.loadAlerts(text, file: "alerts") else {
      return XCTFail("the alerts file did not load:\n\(text)")
    }
    XCTAssertEqual(loaded.skipped, [])
    XCTAssertEqual(loaded.rules, rules)
    // An unknown venue is said, not taken as a BitMEX symbol with a colon in it.
    guard
      case .success(let bad) = ConfigLoader.loadAlerts(
        "[[alerts]]\nsymbol = \"nasdaq:AAPL\"\nabove = 1\n", file: "alerts", venues: RegisteredVenues.names)
    else { return XCTFail("one bad alert is skipped, not the file") }
    XCTAssertEqual(bad.rules, [])
    XCTAssertTrue(
      bad.skipped.first?.description.contains("unknown venue \"nasdaq\"") == true, "\(bad.skipped)")
  }

  /// A rule whose symbol has a space (from a server) is not written: the file stays loadable.
  func testARuleThatWouldNotReadBackIsNotSaved() throws {
    let good = AlertRule(symbol: "XBTUSD", kind: .above(100_000, .last))
    let bad = AlertRule(symbol: "XBT USD", kind: .below(0.000000001, .last))
    let (text, refused) = Settings.alertsFile([good, bad])
    XCTAssertEqual(refused, [bad])
    guard case .success(let loaded) = ConfigLoader.loadAlerts(text, file: "alerts") else {
      return XCTFail("the alerts file did not load")
    }
    XCTAssertEqual(loaded.rules, [good])
  }

  /// One bad rule in the alerts file is skipped with a warning naming it; the others load.
  func testABadRuleIsSkippedNotTheFile() throws {
    let text = """
      [[alerts]]
      symbol = "XBTUSD"
      above = 100000

      [[alerts]]
      symbol = "XBT USD"
      below = 1

      [[alerts]]
      symbol = "ETHUSD"
      move = 2
      within = 5
      """
    guard case .success(let loaded) = ConfigLoader.loadAlerts(text, file: "alerts") else {
      return XCTFail("the whole alerts file was refused")
    }
    XCTAssertEqual(
      loaded.rules,
      [
        AlertRule(symbol: "XBTUSD", kind: .above(100_000, .last)),
        AlertRule(symbol: "ETHUSD", kind: .move(percent: 2, minutes: 5)),
      ])
    XCTAssertEqual(loaded.skipped.count, 1)
    XCTAssertEqual(loaded.skipped.first?.position.line, 6)
    XCTAssertTrue(loaded.skipped.first?.message.hasPrefix("alert #2 skipped: symbol must be") == true)
  }
}
