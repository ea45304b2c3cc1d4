import BitMEX
import CrossVenue
import MarketModel
import Screen
import Session
import TestSupport
import Testing
import VenueCore

@testable import App

/// The cross-venue screen's state on hand-built sessions: each instrument's snapshot, deltas and
/// trades go through its own `MarketSession` and book rule, as the feeds' drains do.
@Suite struct AcrossStateTests {
  static func key(_ text: String) -> InstrumentKey {
    guard case .success(let k) = InstrumentKey.parse(text) else { preconditionFailure(text) }
    return k
  }

  static func dec(_ text: String) -> FixedDecimal {
    guard let d = FixedDecimal(text) else { preconditionFailure(text) }
    return d
  }

  static let second: Int64 = 1_000_000_000
  /// When the screen is judged (monotonic ns) and its wall clock (12:00:10 UTC).
  static let now: Int64 = 10 * second
  static let wallMs: Int64 = 1_704_067_200_000 + 12 * 3_600_000 + 10_000

  /// Kraken BTC/USD, Coinbase BTC-USD and Bybit BTCUSDT, specs read off their symbols, each on
  /// Bybit's book rule (an update id one past the last).
  static func state(width: Int = 80, height: Int = 24) -> AcrossState {
    let instruments = ["kraken:BTC/USD", "coinbase:BTC-USD", "bybit-spot:BTCUSDT"].map { text in
      let k = key(text)
      return AcrossInstrument(
        key: k,
        session: MarketSession(symbol: k.symbol, bookPolicy: .sequence(SequenceLinkSync(link: .increment))))!
    }
    var s = AcrossState(asset: "BTC", instruments: instruments, width: width, height: height)
    s.venueLetters = RegisteredVenues.all.mapValues(\.mark)
    return s
  }

  /// A batch of `symbol`'s book: `levels` (side, price, size) as a snapshot or a delta.
  static func book(
    _ symbol: Symbol, _ update: BookUpdate, _ levels: [(BookSide, String, String)]
  ) -> VenueBatch {
    var batch = VenueBatch()
    for (side, price, size) in levels {
      batch.levels.append(LevelChange(side: side, price: dec(price), size: dec(size)))
    }
    batch.events.append(.book(symbol: symbol, update: update, levels: 0..<batch.levels.count))
    return batch
  }

  static func ladder(bid: Double, ask: Double, sizes: [String]) -> [(BookSide, String, String)] {
    sizes.enumerated().flatMap { n, size in
      [
        (BookSide.bid, String(format: "%.1f", bid - Double(n) * 0.5), size),
        (BookSide.ask, String(format: "%.1f", ask + Double(n) * 0.5), size),
      ]
    }
  }

  /// Every book live at `now`, with trades on the tape: Kraken's and Coinbase's recent, Bybit's.
  static func live() -> AcrossState {
    var s = state()
    let t = MonotonicTime(nanoseconds: now - 40_000_000)
    let books = [
      ladder(bid: 100_000.0, ask: 100_000.5, sizes: ["0.5", "1.25", "0.1", "2"]),
      ladder(bid: 99_999.5, ask: 100_001.0, sizes: ["0.3", "0.02", "4"]),
      ladder(bid: 100_010.0, ask: 100_010.5, sizes: ["1.5", "0.75"]),
    ]
    for i in 0..<3 {
      let symbol = s.instruments[i].key.symbol
      var batch = book(symbol, .snapshot(last: 10, receivedAt: t.nanoseconds), books[i])
      batch.appendTrade(
        VenueTrade(price: dec(i == 2 ? "100010.5" : "100000.5"), size: dec("0.25"), aggressor: .buy),
        symbol: symbol)
      #expect(s.ingest(i, FeedUpdate(), batch, now: t, wallMs: wallMs - 40).isEmpty)
    }
    return s
  }

  @Test func liveBooksAreConsolidatedAndTheTapeMerged() {
    var s = Self.live()
    s.refresh(now: Self.now)
    #expect(s.allLive)
    #expect(s.book.venues.allSatisfy { $0.isMerged })
    // USD (Kraken, Coinbase) and USDT (Bybit) are groups of their own; the step was chosen from
    // the first book's price: 1 at 100,000.
    #expect(s.book.groups.map(\.quote) == ["USD", "USDT"])
    #expect(s.step == FixedDecimal(mantissa: 1, scale: 0))
    // Kraken's 100,000.0 bid and Coinbase's 99,999.5 bid share no bucket; 100,000 has Kraken's.
    #expect(s.book.groups[0].bids[0].price == Self.dec("100000"))
    #expect(s.book.groups[0].bids[0].size == 50_000_000)
    #expect(s.tape.count == 3)
    #expect(s.instruments.allSatisfy { $0.specFromSymbol })
    // A spec read off the symbol takes the book's decimals for its tick and lot.
    let view = s.instruments[0].view(now: Self.now, staleAfterNs: s.staleAfterNs)
    #expect(view.spec.tickSize == Self.dec("0.1"))
    #expect(view.spec.base == "BTC" && view.spec.quote == "USD")
  }

  /// Coinbase last heard 9 s before `now` (stale past 5 s), Bybit's book asked for again after a
  /// gap: both out of the consolidated book, and the strip says why.
  static func degraded() -> AcrossState {
    var s = live()
    // Kraken and Bybit are heard from again at 14.5 s; Coinbase is not.
    let later = MonotonicTime(nanoseconds: 15 * second - second / 2)
    let kraken = s.instruments[0].key.symbol
    _ = s.ingest(
      0, FeedUpdate(),
      book(kraken, .delta(first: 11, last: 11, receivedAt: later.nanoseconds), [(.bid, "100000.0", "0.6")]),
      now: later, wallMs: wallMs + 4_500)
    let bybit = s.instruments[2].key.symbol
    let commands = s.ingest(
      2, FeedUpdate(),
      book(bybit, .delta(first: 14, last: 14, receivedAt: later.nanoseconds), [(.bid, "100010.0", "1")]),
      now: later,
      wallMs: wallMs + 4_500)
    // The gap asks the feed for the book again.
    #expect(!commands.isEmpty)
    return s
  }

  /// A `spread` alert fires when one venue's bid goes above another's ask by its bps, both
  /// sides fresh; it names the pair on the status line; a stale side does not fire it.
  @Test func aCrossedMarketFiresTheSpreadAlert() {
    var s = Self.live()
    s.alerts.add(AlertRule(symbol: "BTC", kind: .spread(bps: 0.5)))
    s.refresh(now: Self.now)
    // Not crossed yet: Kraken 100,000.0 / 100,000.5 against Coinbase 99,999.5 / 100,001.0.
    #expect(s.checkAlerts(now: Self.now, wallMs: Self.wallMs).isEmpty)
    #expect((s.bestFreshSpread?.bps ?? 0) < 0)
    // Kraken moves up to 100,010.0 / 100,010.5: its bid 0.9 bps above Coinbase's ask.
    let t = MonotonicTime(nanoseconds: Self.now + Self.second / 10)
    let kraken = s.instruments[0].key.symbol
    _ = s.ingest(
      0, FeedUpdate(),
      Self.book(
        kraken, .delta(first: 11, last: 11, receivedAt: t.nanoseconds),
        ["100000.5", "100001.0", "100001.5", "100002.0"].map { (.ask, $0, "0") }
          + [(.ask, "100010.5", "0.3"), (.bid, "100010.0", "0.6")]),
      now: t, wallMs: Self.wallMs + 100)
    s.refresh(now: t.nanoseconds)
    let fired = s.checkAlerts(now: t.nanoseconds, wallMs: Self.wallMs + 100)
    #expect(fired.count == 1, "\(String(describing: s.bestFreshSpread))")
    #expect(
      fired.first?.message
        == "BTC crossed across venues by 0.9 bps (>= 0.5): buy coinbase:BTC-USD, sell kraken:BTC/USD",
      "\(fired)")
    let g = AcrossScreen.render(s, wallMs: Self.wallMs + 100)
    let text = (0..<g.height).map { g.line($0) }.joined(separator: "\n")
    #expect(text.contains("alert: BTC crossed across venues by 0.9 bps"), "\(text)")
    // Once: it does not fire again.
    #expect(s.checkAlerts(now: t.nanoseconds, wallMs: Self.wallMs + 200).isEmpty)
  }

  @Test func aStaleSideFiresNoSpreadAlert() {
    var s = Self.degraded()
    s.alerts.add(AlertRule(symbol: "BTC", kind: .spread(bps: -100)))
    // Coinbase is stale at 15 s and Bybit resyncing: Kraken is alone, no pair is fresh.
    s.refresh(now: 15 * Self.second)
    #expect(s.bestFreshSpread == nil)
    #expect(s.checkAlerts(now: 15 * Self.second, wallMs: Self.wallMs + 5_000).isEmpty)
  }

  @Test func aStaleOrResyncingVenueIsLeftOutWithItsReason() {
    var s = Self.degraded()
    // Coinbase's snapshot came at 9.96 s and nothing since: at 15 s it is 5.04 s old.
    s.refresh(now: 15 * Self.second)
    guard case .stale? = s.book.venues[1].exclusion else {
      Issue.record("Coinbase not stale: \(String(describing: s.book.venues[1].exclusion))")
      return
    }
    #expect(s.strip.rows[1].state == .stale)
    guard case .resyncing? = s.book.venues[2].exclusion else {
      Issue.record("Bybit not resyncing: \(String(describing: s.book.venues[2].exclusion))")
      return
    }
    #expect(s.strip.rows[2].state == .syncing)
    #expect(s.book.venues[0].isMerged)
    #expect(!s.allLive)
    // Only Kraken's levels are in the USD group; the USDT group has no merged member.
    #expect(s.book.groups[0].mergedCount == 1)
    #expect(s.book.groups[0].bids.allSatisfy { $0.members == 0b01 })
    #expect(s.book.groups.count < 2 || s.book.groups[1].mergedCount == 0)
    let g = AcrossScreen.render(s, wallMs: Self.wallMs + 5_000)
    let text = (0..<g.height).map { g.line($0) }.joined(separator: "\n")
    #expect(text.contains("STALE"))
    #expect(text.contains("SYNCING"))
  }

  @Test(arguments: [(80, 24), (200, 60)]) func theScreen(width: Int, height: Int) {
    var s = Self.degraded()
    s.width = width
    s.height = height
    s.notes = ["BitMEX not consolidated yet (its book is by order id)"]
    s.refresh(now: 15 * Self.second)
    let g = AcrossScreen.render(s, wallMs: Self.wallMs + 5_000)
    Snapshot.expect(g, named: "across-\(width)x\(height)")
    #expect(g.line(0).hasPrefix(" BTC across venues  1 of 3 live  grp 1"))
    #expect(
      g.line(height - 1).hasPrefix(" +/- group  q/Esc quit  spot spec from symbol: BTC/USD, BTC-USD, BTCUSDT")
    )
  }

  @Test func tooSmallSaysSo() {
    var s = Self.live()
    s.width = 50
    s.height = 12
    s.refresh(now: Self.now)
    let g = AcrossScreen.render(s, wallMs: Self.wallMs)
    #expect((0..<g.height).contains { g.line($0).contains("terminal too small") })
  }

  @Test func plusAndMinusGroupQAndEscapeQuit() {
    var s = Self.live()
    s.refresh(now: Self.now)
    s.press(.character("+"))
    #expect(s.step == FixedDecimal(mantissa: 5, scale: 0))
    s.press(.character("-"))
    s.press(.character("-"))
    #expect(s.step == FixedDecimal(mantissa: 5, scale: 1))
    // Once chosen by hand, the step stays when the books move.
    s.refresh(now: Self.now)
    #expect(s.step == FixedDecimal(mantissa: 5, scale: 1))
    for _ in 0..<20 { s.press(.character("-")) }
    #expect(s.step == AcrossState.steps[0])
    s.press(.character("x"))
    #expect(!s.quitting)
    var q = s
    q.press(.character("q"))
    #expect(q.quitting)
    s.press(.escape)
    #expect(s.quitting)
  }

  @Test func theReportHasTheStripTheMatrixAndTheTopLevels() {
    var s = Self.degraded()
    s.refresh(now: 15 * Self.second)
    let json = AcrossReport(state: s, levels: 2).json
    #expect(
      json.hasPrefix(
        "{\"asset\":\"BTC\",\"mode\":\"live\",\"step\":\"1\",\"venues\":[{\"instrument\":\"kraken:BTC/USD\",\"mark\":\"K\",\"state\":\"LIVE\""
      ))
    #expect(json.contains("\"excluded\":\"stale: 5.0s old, limit 5.0s\""))
    #expect(json.contains("\"state\":\"SYNCING\""))
    #expect(json.contains("\"excluded\":\"resyncing: "))
    #expect(json.contains("\"spec\":\"symbol\""))
    // Kraken's best bid is now 0.6 BTC at 100,000; two levels a side, no more.
    #expect(
      json.contains(
        "\"bids\":[{\"price\":\"100000\",\"size\":\"0.6\",\"from\":{\"kraken:BTC/USD\":\"0.6\"}},{"))
    #expect(json.components(separatedBy: "\"price\"").count - 1 == 4)
    // Buying Kraken and selling Coinbase: Coinbase is stale.
    #expect(json.contains("\"cells\":[[{\"status\":\"same\",\"bps\":null},{\"status\":\"stale\""))
    let text = AcrossReport(state: s, levels: 2).text
    #expect(text.contains("C coinbase:BTC-USD  STALE"))
    #expect(text.contains("out: stale: 5.0s old, limit 5.0s"))
  }

  @Test func aSpotSpecIsReadOffTheSymbolOrNotAtAll() {
    let cases: [(String, (AssetCode, AssetCode)?)] = [
      ("kraken:BTC/USD", ("BTC", "USD")), ("kraken:XBT/USD", ("BTC", "USD")),
      ("coinbase:ETH-USD", ("ETH", "USD")), ("okx:BTC-USDT", ("BTC", "USDT")),
      ("bybit-spot:BTCUSDT", ("BTC", "USDT")), ("bybit-spot:BTCUSDC", ("BTC", "USDC")),
      ("okx:BTC-USDT-SWAP", nil), ("bybit-spot:USDT", nil), ("bybit-spot:BTCXYZ", nil),
    ]
    for (text, want) in cases {
      let spec = AcrossSpec.spot(Self.key(text))
      #expect(spec.map { [$0.base, $0.quote] } == want.map { [$0.0, $0.1] }, "\(text)")
      if let spec { #expect(spec.contract == .base && spec.kind == .spot) }
    }
    #expect(
      AcrossInstrument(
        key: Self.key("okx:BTC-USDT-SWAP"), session: MarketSession(symbol: "BTC-USDT-SWAP")) == nil)
  }
}

/// What a feed says is wrong reaches the screen's status line, made safe for the terminal.
@Suite struct AcrossProblemTests {
  @Test func aRefusedBookIsSaidOnTheStatusLine() {
    var s = AcrossStateTests.state()
    let symbol = s.instruments[1].key.symbol
    let status = FeedStatus(
      state: .syncing, symbol: "BTC-USD",
      unavailable: [Subscription(.book, symbol, depth: nil): "unknown symbol\u{1B}[2J"])
    _ = s.ingest(1, FeedUpdate(status: status), VenueBatch(), now: 1, wallMs: AcrossStateTests.wallMs)
    #expect(s.instruments[1].problem == "unknown symbol?[2J")
    #expect(s.instruments[0].problem == nil)
    // A refusal the feed kept as its last error says so while the book is not live…
    let refused = FeedStatus(state: .syncing, symbol: "BTCUSDT", lastError: "Currency pair not supported")
    _ = s.ingest(2, FeedUpdate(status: refused), VenueBatch(), now: 1, wallMs: AcrossStateTests.wallMs)
    #expect(s.instruments[2].problem == "Currency pair not supported")
    // …and not once the book is live on a connected feed.
    var live = AcrossStateTests.live()
    let old = FeedStatus(state: .live, symbol: "BTC/USD", lastError: "an old error")
    _ = live.ingest(0, FeedUpdate(status: old), VenueBatch(), now: 2, wallMs: AcrossStateTests.wallMs)
    #expect(live.instruments[0].problem == nil)
    s.width = 200
    s.height = 30
    s.refresh(now: AcrossStateTests.now)
    let g = AcrossScreen.render(s, wallMs: AcrossStateTests.wallMs)
    #expect(
      g.line(29).contains(
        "quit  coinbase:BTC-USD: unknown symbol?[2J; bybit-spot:BTCUSDT: Currency pair not supported; spot spec"
      ))
  }
}

/// BitMEX on the cross-venue screen: its book by order id, its trades in contracts, nothing
/// converted until its instrument's facts (an inverse contract of one dollar) are known.
@Suite struct AcrossBitMEXTests {
  static let partial = """
    {"table":"orderBookL2_25","action":"partial","keys":["symbol","id","side"],\
    "filter":{"symbol":"XBTUSD"},"data":[\
    {"symbol":"XBTUSD","id":1,"side":"Sell","size":20000,"price":100001.5},\
    {"symbol":"XBTUSD","id":2,"side":"Sell","size":10000,"price":100000.5},\
    {"symbol":"XBTUSD","id":3,"side":"Buy","size":50000,"price":100000},\
    {"symbol":"XBTUSD","id":4,"side":"Buy","size":30000,"price":99999}]}
    """
  static let trade = """
    {"table":"trade","action":"insert","data":[{"timestamp":"2024-01-01T12:00:09.900Z",\
    "symbol":"XBTUSD","side":"Buy","size":100000,"price":100000.5,"tickDirection":"PlusTick",\
    "trdMatchID":"00000000-0000-0000-0000-000000000001"}]}
    """

  static func batch(_ frames: String...) throws -> MarketBatch {
    var decoder = BitMEXDecoder()
    var batch = MarketBatch()
    for frame in frames { try decoder.decode(frame, into: &batch) }
    return batch
  }

  static func xbtusd() -> InstrumentSpec {
    InstrumentSpec(
      key: AcrossStateTests.key("bitmex:XBTUSD"), kind: .inversePerpetual, base: "BTC", quote: "USD",
      settle: "BTC",
      tickSize: AcrossStateTests.dec("0.5"), lotSize: AcrossStateTests.dec("100"),
      contract: .inverse(value: AcrossStateTests.dec("1")))
  }

  static func state() -> AcrossState {
    let key = AcrossStateTests.key("bitmex:XBTUSD")
    let placeholder = InstrumentSpec(
      key: key, kind: .other, base: "BTC", quote: "USD", settle: "BTC", tickSize: AcrossStateTests.dec("1"),
      lotSize: AcrossStateTests.dec("1"), contract: .base)
    let instrument = AcrossInstrument(
      bitmex: key, session: MarketSession(symbol: key.symbol), placeholder: placeholder)
    var s = AcrossState(asset: "BTC", instruments: [instrument], width: 80, height: 24)
    s.venueLetters = RegisteredVenues.all.mapValues(\.mark)
    return s
  }

  @Test func itsContractsJoinOnlyOnceItsFactsAreKnown() throws {
    var s = Self.state()
    let t = MonotonicTime(nanoseconds: AcrossStateTests.now - 50_000_000)
    _ = s.ingest(
      0, FeedUpdate(), try Self.batch(Self.partial, Self.trade), now: t, wallMs: AcrossStateTests.wallMs)
    s.refresh(now: AcrossStateTests.now)
    // The book is live on BitMEX's own terms, but its contracts are not bitcoins: out, and the
    // trade (100,000 contracts) kept off the tape rather than shown as 100,000 BTC.
    #expect(s.book.venues.allSatisfy { !$0.isMerged }, "\(s.book.venues)")
    #expect(s.tape.count == 0)
    #expect(!s.allLive)

    s.adopt(Self.xbtusd(), instrument: 0)
    _ = s.ingest(0, FeedUpdate(), try Self.batch(Self.trade), now: t, wallMs: AcrossStateTests.wallMs)
    s.refresh(now: AcrossStateTests.now)
    #expect(s.book.venues.allSatisfy { $0.isMerged }, "\(s.book.venues)")
    let view = s.instruments[0].view(now: AcrossStateTests.now, staleAfterNs: s.staleAfterNs)
    #expect(view.sync == .live)
    #expect(view.book.best(.bid)?.price == AcrossStateTests.dec("100000.0"))
    #expect(view.book.best(.ask)?.price == AcrossStateTests.dec("100000.5"))
    // 50,000 one-dollar contracts at 100,000 are half a bitcoin (base units at 8 decimals).
    let usd = try #require(s.book.groups.first { $0.quote == "USD" })
    #expect(usd.bids.first?.size == 50_000_000, "\(usd.bids)")
    // 100,000 contracts at 100,000.5: 0.99999500 BTC on the tape.
    #expect(s.tape.count == 1)
    #expect(s.tape.newest(0).baseUnits == 99_999_500, "\(s.tape.newest(0))")
  }
}
