import BitMEX
import MarketModel
import Screen
import Session
import TestSupport
import Testing
import Trading

@testable import App

/// The markets list and the portfolio value XBT in USD by one rule (issue 23, "One valuation"):
/// on the same state, the markets screen's USD volume of an instrument that traded exactly 1 XBT
/// today equals the portfolio screen's USD exposure of a position worth exactly 1 XBT. The states
/// are the ones where the two screens used to disagree: XBTUSD's mark and last apart (the list
/// took the last, the portfolio the mark), and XBTUSD missing with the index `.BXBT` known (the
/// list took the index, the portfolio had no rate). The portfolio's USD line names the rate's
/// instrument, price and age.
@Suite struct ValuationAgreementTests {
  /// ETHUSD: quanto, 100 XBt per USD of price, settled in XBt. At 1,000 a contract is worth
  /// 100,000 XBt, so 1,000 contracts are 1 XBT; its 24 h turnover is 1 XBT too.
  static func ethusd() -> InstrumentUpdate {
    var u = InstrumentUpdate(symbol: "ETHUSD")
    u.state = "Open"
    u.typ = "FFWCSX"
    u.isInverse = false
    u.isQuanto = true
    u.multiplier = 100
    u.fields.settle(.bitmex("XBt")!)
    u.underlying = "ETH"
    u.quoteCurrency = "USD"
    u.lotSize = 1
    u.tickSize = 0.05
    u.quoteToSettleMultiplier = 3_108
    u.markPrice = 1_000
    u.lastPrice = 1_000
    u.turnover24h = 100_000_000
    return u
  }

  static func xbtusd(mark: Double?, last: Double) -> InstrumentUpdate {
    var u = InstrumentUpdate(symbol: "XBTUSD")
    u.state = "Open"
    u.typ = "FFWCSX"
    u.isInverse = true
    u.multiplier = -100_000_000
    u.fields.settle(.bitmex("XBt")!)
    u.underlying = "XBT"
    u.quoteCurrency = "USD"
    u.lotSize = 100
    u.tickSize = 0.5
    u.underlyingToSettleMultiplier = -100_000_000
    u.markPrice = mark
    u.lastPrice = last
    u.volume24h = 1_000
    return u
  }

  static func index(last: Double) -> InstrumentUpdate {
    var u = InstrumentUpdate(symbol: ".BXBT")
    u.typ = "MRCXXX"
    u.quoteCurrency = "USD"
    u.lastPrice = last
    return u
  }

  /// A LIVE state at 1 s whose all-symbols partial holds `rows`, holding 1 XBT of ETHUSD, then
  /// 2 s later (a tick: no new prices).
  static func state(_ rows: [InstrumentUpdate]) -> AppState {
    var s = AppState(symbol: "XBTUSD", mode: .demo, width: 160, height: 30, ascii: false, color: true)
    s.venues = RegisteredVenues.all
    s.portfolio.held = [HeldPosition(symbol: "ETHUSD", quantity: 1_000, entry: 1_000)]
    var batch = MarketBatch()
    batch.instruments = rows
    batch.events = [.instrument(TableSlice(action: .partial, filterSymbol: nil, rows: 0..<rows.count))]
    let update = FeedUpdate(
      status: FeedStatus(state: .live, symbol: "XBTUSD"),
      resetTopics: [
        Subscription(.book, "XBTUSD", depth: 25), Subscription(.trades, "XBTUSD"), Subscription(.ticker),
        Subscription(.liquidations),
      ])
    _ = App.update(&s, .feed(update, now: .init(seconds: 1), wallMs: 1_000), batch: batch)
    _ = App.update(&s, .tick(now: .init(seconds: 3), wallMs: 3_000))
    return s
  }

  /// The markets screen's USD volume of ETHUSD, read from its `Vol $24h` column (`100.0K`).
  static func marketsVolume(_ state: AppState) throws -> Double {
    var s = state
    s.screen = .markets
    let lines = DashboardView.render(s).text.split(separator: "\n").map(String.init)
    let header = try #require(lines.first { $0.contains("Symbol") && $0.contains("Vol $24h") })
    let row = try #require(lines.first { $0.contains("ETHUSD") }, "\(lines)")
    // The cell under the header's `Vol $24h`: the word of the row that ends nearest its end.
    let end = try #require(header.range(of: "Vol $24h")).upperBound.utf16Offset(in: header)
    let words = Self.words(row)
    let cell = try #require(words.min { abs($0.end - end) < abs($1.end - end) }?.text)
    return try #require(Self.compact(cell), "\(cell) in \(row)")
  }

  /// The portfolio screen's USD line (`Total USD  exposure 100,000.00  P&L …`) and its exposure.
  static func portfolioUSD(_ state: AppState) throws -> (line: String, exposure: Double?) {
    var s = state
    s.screen = .portfolio
    let text = DashboardView.render(s).text
    let line = try #require(text.split(separator: "\n").first { $0.contains("Total USD") }).description
    guard let range = line.range(of: "exposure ") else { return (line, nil) }
    let number = line[range.upperBound...].prefix { $0.isNumber || $0 == "," || $0 == "." || $0 == "-" }
    return (line, Double(number.replacingOccurrences(of: ",", with: "")))
  }

  static func words(_ line: String) -> [(text: String, end: Int)] {
    var out: [(String, Int)] = []
    var current = ""
    for (i, c) in line.utf16.enumerated() {
      if c == 0x20 || c > 0x7F {
        if !current.isEmpty { out.append((current, i)) }
        current = ""
      } else {
        current.append(Character(Unicode.Scalar(c)!))
      }
    }
    if !current.isEmpty { out.append((current, line.utf16.count)) }
    return out
  }

  /// `100.0K` → 100,000.
  static func compact(_ text: String) -> Double? {
    let scale: [Character: Double] = ["K": 1e3, "M": 1e6, "B": 1e9, "T": 1e12]
    guard let last = text.last else { return nil }
    if let factor = scale[last] { return Double(text.dropLast()).map { $0 * factor } }
    return Double(text)
  }

  static let states: [(String, [InstrumentUpdate], Double)] = [
    // The mark and the last apart (a last price from long ago): the mark is the rate.
    ("mark and last apart", [xbtusd(mark: 100_000, last: 50_000), ethusd()], 100_000),
    // XBTUSD without a mark: its last.
    ("no mark", [xbtusd(mark: nil, last: 80_000), ethusd()], 80_000),
    // No XBTUSD at all: the index.
    ("only the index", [index(last: 60_000), ethusd()], 60_000),
  ]

  @Test(arguments: states.indices)
  func theMarketsListAndThePortfolioAgree(_ n: Int) throws {
    let (name, rows, usdPerXBT) = Self.states[n]
    let s = Self.state(rows)
    let volume = try Self.marketsVolume(s)
    let portfolio = try Self.portfolioUSD(s)
    let exposure = try #require(portfolio.exposure, "\(name): \(portfolio.line)")
    // The list prints 4 digits (`100.0K`): equal to that precision, and to the rate.
    #expect(abs(volume - exposure) <= 0.0005 * exposure, "\(name): list \(volume), portfolio \(exposure)")
    #expect(abs(exposure - usdPerXBT) < 1e-6, "\(name): \(portfolio.line)")
  }

  /// The USD line says where XBT's rate comes from, at what price, and how old it is.
  @Test func thePortfolioNamesTheRatesSourceAndAge() throws {
    let s = Self.state([Self.xbtusd(mark: 100_000, last: 50_000), Self.ethusd()])
    let line = try Self.portfolioUSD(s).line
    #expect(line.contains("USD at XBTUSD mark 100,000.00/XBT, 2s old; USDT at par"), "\(line)")
    let index = Self.state([Self.index(last: 60_000), Self.ethusd()])
    #expect(try Self.portfolioUSD(index).line.contains("USD at .BXBT last 60,000.00/XBT, 2s old"))
  }
}
