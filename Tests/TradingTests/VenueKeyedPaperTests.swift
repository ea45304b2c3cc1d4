import Binance
import BitMEX
import Bybit
import Foundation
import Journal
import Kraken
import MarketModel
import Testing
import Trading

/// Paper orders, fills and positions keyed by venue and symbol: the journal writes the venue and
/// still reads the lines of before venues (BitMEX's), the same symbol text on two venues stays
/// two instruments, and a venue's decimal book is swept in its own units.
@Suite struct VenueKeyedPaperTests {
  /// Kraken BTC/USD as its metadata gives it: spot, lot 10^-8 BTC, at least 0.0002 BTC.
  static let kraken: ContractSpec = {
    let spec = InstrumentSpec(
      key: InstrumentKey(venue: .kraken, symbol: "BTC/USD"), kind: .spot, base: "BTC", quote: "USD",
      settle: "USD", tickSize: FixedDecimal("0.1")!, lotSize: FixedDecimal("0.00000001")!,
      minSize: FixedDecimal("0.0002")!, contract: .base)
    return try! ContractSpec.make(spec).get()
  }()

  /// Base-sized USDT linear spec of `venue`'s `BTCUSDT` (Binance spot and Bybit linear spell it
  /// the same).
  static func btcusdt(_ venue: Venue, _ kind: InstrumentKind) -> ContractSpec {
    let spec = InstrumentSpec(
      key: InstrumentKey(venue: venue, symbol: "BTCUSDT"), kind: kind, base: "BTC", quote: "USDT",
      settle: "USDT", tickSize: FixedDecimal("0.01")!, lotSize: FixedDecimal("0.001")!, contract: .base)
    return try! ContractSpec.make(spec).get()
  }

  static func fill(
    _ id: String, _ symbol: String, _ venue: InstrumentID.Venue, _ side: Side, _ contracts: Double,
    _ price: Double
  ) -> PaperFill {
    PaperFill(
      orderID: id, symbol: symbol, side: side, contracts: contracts, price: price, fee: 0,
      settlCurrency: "USDT", timeMs: 1, venue: venue)
  }

  static func close(_ a: Double?, _ b: Double) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= 1e-9 * max(abs(a), abs(b), 1e-12)
  }

  /// Binance's BTCUSDT and Bybit's BTCUSDT are two positions, each valued at its own venue's
  /// price, not one position netted at one of them.
  @Test func theSameSymbolOnTwoVenuesStaysTwoPositions() throws {
    let binance = Self.btcusdt(.binance, .spot)
    let bybit = Self.btcusdt(.bybitLinear, .linearPerpetual)
    let fills = [
      Self.fill("P1", "BTCUSDT", .binance, .buy, 1, 60_000),
      Self.fill("P2", "BTCUSDT", .bybitLinear, .sell, 1, 61_000),
    ]
    let marks: [InstrumentID: InstrumentMark] = [
      binance.instrument: InstrumentMark(
        spec: binance, price: 62_000, source: .last, ageMs: 100, stale: false),
      bybit.instrument: InstrumentMark(spec: bybit, price: 62_100, source: .mark, ageMs: 200, stale: false),
    ]
    let v = Portfolio.value(
      held: [], fills: fills, universe: MarketUniverse(venue: .binance), nowMs: 1_000, wallMs: 0,
      connected: true, bitcoinSources: VenueAbout.bitmex.bitcoinSources,
      marks: marks)
    #expect(v.lines.map(\.id.description) == ["binance:BTCUSDT", "bybit-linear:BTCUSDT"])
    try #require(v.lines.count == 2)
    #expect(v.lines.map(\.tally.contracts) == [1, -1])
    #expect(Self.close(v.lines[0].unrealised, 2_000))
    #expect(Self.close(v.lines[1].unrealised, -1_100))
    #expect(v.lines[0].markSource == .last && v.lines[1].markSource == nil)
    #expect(v.lines.map(\.markAgeMs) == [100, 200])
    let usdt = try #require(v.totals.first { $0.currency == "USDT" })
    #expect(usdt.positions == 2 && Self.close(usdt.unrealised, 900))
  }

  /// A resting order of Bybit's BTCUSDT is not filled by Binance's tape of BTCUSDT.
  @Test func anotherVenuesTapeFillsNoOrder() {
    var ledger = PaperLedger()
    ledger.apply(
      .placed(
        PaperOrder(
          id: "P1", symbol: "BTCUSDT", side: .buy, type: .limit, contracts: 0.5, price: 60_000, placedMs: 0,
          venue: .bybitLinear)))
    let trade = Trade(timeMs: 5, symbol: "BTCUSDT", side: .sell, size: 1_000, price: 59_990)
    let binance = InstrumentID(venue: .binance, symbol: "BTCUSDT")
    #expect(ledger.matches([trade], instrument: binance, sizeScale: 3, settlCurrency: "USDT").isEmpty)
    let bybit = InstrumentID(venue: .bybitLinear, symbol: "BTCUSDT")
    let fills = ledger.matches([trade], instrument: bybit, sizeScale: 3, settlCurrency: "USDT")
    #expect(fills.map(\.venue) == [.bybitLinear])
  }

  /// A venue's tape counts sizes at its own scale: 0.3 BTC traded at the price (300 units at
  /// scale 3) is not yet past the 0.4 BTC that rested there; 0.2 more is.
  @Test func theQueueCountsTheTapesDecimals() {
    var ledger = PaperLedger()
    ledger.apply(
      .placed(
        PaperOrder(
          id: "P1", symbol: "BTC/USD", side: .buy, type: .limit, contracts: 0.1, price: 60_000,
          queueAhead: 0.4,
          placedMs: 0, venue: .kraken)))
    let id = InstrumentID(venue: .kraken, symbol: "BTC/USD")
    let at = { (units: Int64) in Trade(timeMs: 5, symbol: "BTC/USD", side: .sell, size: units, price: 60_000)
    }
    #expect(ledger.matches([at(300)], instrument: id, sizeScale: 3, settlCurrency: "USD").isEmpty)
    #expect(ledger.matches([at(200)], instrument: id, sizeScale: 3, settlCurrency: "USD").count == 1)
  }

  /// A market buy of 0.3 BTC on a Kraken book (sizes at 8 decimals) takes 0.1 at 100,000.0 and
  /// 0.2 of 0.5 at 100,000.5.
  @Test func aVenueBookIsSweptInItsOwnUnits() throws {
    var book = PriceBook(priceScale: 1, sizeScale: 8)
    let levels = [
      LevelChange(side: .bid, price: FixedDecimal("99999.9")!, size: FixedDecimal("1.00000000")!),
      LevelChange(side: .ask, price: FixedDecimal("100000.0")!, size: FixedDecimal("0.10000000")!),
      LevelChange(side: .ask, price: FixedDecimal("100000.5")!, size: FixedDecimal("0.50000000")!),
    ]
    #expect(book.replace(with: levels[...]) == nil)
    let sweep = Sweep.walk(book, side: .buy, contracts: 0.3, spec: Self.kraken)
    #expect(sweep.complete && sweep.levels == 2)
    #expect(Self.close(sweep.filled, 0.3))
    #expect(Self.close(sweep.value, 0.1 * 100_000 + 0.2 * 100_000.5))
    #expect(Self.close(sweep.averagePrice, (0.1 * 100_000 + 0.2 * 100_000.5) / 0.3))
    #expect(sweep.worstPrice == 100_000.5)
    // 0.7 BTC is more than the 0.6 in view.
    #expect(!Sweep.walk(book, side: .buy, contracts: 0.7, spec: Self.kraken).complete)
  }

  /// The journal on disk: lines written before venues (no `venue`, version 1) are BitMEX's, a
  /// Kraken order and fill are written with their venue (version 2) and read back as Kraken's,
  /// and the portfolio keeps the BitMEX and Kraken positions apart.
  @Test func oldAndNewLinesRoundTripOnDisk() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tradeterm-venue-journal-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("paper.jsonl").path
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    // As a tradeterm of before venues wrote them.
    let old = [
      #"{"event":"placed","order":{"contracts":100,"id":"P1","placedMs":1,"price":98000,"queueAhead":0,"side":"Buy","status":"Open","symbol":"XBTUSD","type":"Limit"},"v":1}"#,
      #"{"event":"filled","fill":{"contracts":100,"fee":0,"orderID":"P1","price":98000,"settlCurrency":"XBt","side":"Buy","symbol":"XBTUSD","timeMs":2},"v":1}"#,
    ]
    try Data((old.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
    let order = PaperOrder(
      id: "P2", symbol: "BTC/USD", side: .buy, type: .market, contracts: 0.25, price: nil, placedMs: 3,
      venue: .kraken)
    let fill = PaperFill(
      orderID: "P2", symbol: "BTC/USD", side: .buy, contracts: 0.25, price: 99_000.5, fee: 0,
      settlCurrency: "USD", timeMs: 3, venue: .kraken)
    do {
      let journal = PaperJournal(path: path)
      #expect(journal.writable)
      #expect(journal.load().events.count == 2)
      #expect(journal.append([.placed(order), .filled(fill)]) == nil)
    }
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let lines = text.split(separator: "\n").map(String.init)
    try #require(lines.count == 4)
    #expect(Array(lines.prefix(2)) == old)
    #expect(lines[2].contains(#""venue":"kraken""#) && lines[2].contains(#""v":2"#))
    #expect(lines[3].contains(#""venue":"kraken""#) && lines[3].contains(#""v":2"#))

    let loaded = PaperJournal(path: path, readOnly: true).load()
    #expect(loaded.warnings.isEmpty)
    var ledger = PaperLedger()
    for event in loaded.events {
      let applied = ledger.apply(event)
      #expect(applied)
    }
    try #require(ledger.orders.count == 2 && ledger.fills.count == 2)
    #expect(ledger.orders.map(\.venue) == [.bitmex, .kraken])
    #expect(ledger.fills.map(\.venue) == [.bitmex, .kraken])
    var filled = order
    filled.status = .filled
    #expect(ledger.orders[1] == filled && ledger.fills[1] == fill)
    #expect(ledger.nextID == "P3")

    let v = Portfolio.value(
      held: [], fills: ledger.fills, universe: MarketUniverse(venue: .kraken), nowMs: 1_000, wallMs: 0,
      connected: true, bitcoinSources: VenueAbout.bitmex.bitcoinSources,
      marks: [
        Self.kraken.instrument: InstrumentMark(spec: Self.kraken, price: 100_000, source: .last, stale: false)
      ], venueNames: [.bitmex: VenueAbout.bitmex.displayName])
    #expect(v.lines.map(\.id.description) == ["XBTUSD", "kraken:BTC/USD"])
    try #require(v.lines.count == 2)
    // BitMEX's position is not valued off BitMEX's feed, and says why; Kraken's is, in USD.
    #expect(v.lines[0].status == .notWatched("no BitMEX feed here: not valued"))
    #expect(Self.close(v.lines[1].unrealised, 0.25 * (100_000 - 99_000.5)))
    #expect(v.totals.map(\.currency) == ["USD"])
  }

  /// A version-1 line that names a venue is still BitMEX's (an older line cannot mean another
  /// venue), and a venue the journal does not know makes the line unreadable, not BitMEX's.
  @Test func theVersionDecidesTheVenue() {
    let v1 =
      #"{"event":"filled","fill":{"contracts":1,"fee":0,"orderID":"P1","price":1,"settlCurrency":"XBt","side":"Buy","symbol":"ETHUSD","timeMs":2,"venue":"bybit-inverse"},"v":1}"#
    guard case .filled(let f)? = PaperJournalLine.decode(Array(v1.utf8)) else {
      Issue.record("not read")
      return
    }
    #expect(f.venue == .bitmex)
    let unknown = v1.replacingOccurrences(of: #""v":1"#, with: #""v":2"#).replacingOccurrences(
      of: "bybit-inverse", with: "mt gox")
    #expect(PaperJournalLine.decode(Array(unknown.utf8)) == nil)
  }
}
