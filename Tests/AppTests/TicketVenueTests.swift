import Kraken
import MarketModel
import OKX
import Screen
import Session
import TestSupport
import Testing
import Trading

@testable import App

/// The ticket and the portfolio on another venue's market (Kraken BTC/USD), through
/// `App.update`: it waits for the instrument's facts rather than guess them; with them (set by
/// hand here, as the venue's REST will) units are BTC and the amount USD, the venue's minimum and
/// lot are refused in words, a market order sweeps the venue's decimal book, a resting limit
/// fills from the venue's tape, and every order and fill carries its venue.
@Suite struct TicketVenueTests {
  static let wallMs: Int64 = 1_700_000_000_000

  /// Kraken BTC/USD as `AssetPairs` gives it: tick 0.1, lot 10^-8 BTC, at least 0.0002 BTC.
  static let spec = InstrumentSpec(
    key: InstrumentKey(venue: .kraken, symbol: "BTC/USD"), kind: .spot, base: "BTC", quote: "USD",
    settle: "USD",
    tickSize: FixedDecimal("0.1")!, lotSize: FixedDecimal("0.00000001")!, minSize: FixedDecimal("0.0002")!,
    contract: .base)

  static func dec(_ text: String) -> FixedDecimal { FixedDecimal(text)! }

  /// A live Kraken market: bids 99,999.9 (1.5 BTC) and 99,999.5, asks 100,000.0 (0.1 BTC) and
  /// 100,000.5 (0.5 BTC), sizes at 8 decimals; a trade; the journal open and writable.
  static func live(mode: RunMode = .live, withSpec: Bool = true) -> AppState {
    var s = AppState(symbol: "BTC/USD", mode: mode, width: 120, height: 40, ascii: false, color: true)
    s.venues = RegisteredVenues.all
    s.session = MarketSession(
      symbol: "BTC/USD", bookPolicy: .sequence(SequenceLinkSync(link: .increment)), bookDepth: 25,
      venue: .kraken)
    _ = App.update(
      &s,
      .feed(
        FeedUpdate(status: FeedStatus(state: .live, symbol: "BTC/USD")), now: .init(seconds: 1),
        wallMs: wallMs))
    var batch = VenueBatch()
    for (side, price, size) in [
      (BookSide.bid, "99999.9", "1.50000000"), (.bid, "99999.5", "2.00000000"),
      (.ask, "100000.0", "0.10000000"),
      (.ask, "100000.5", "0.50000000"),
    ] {
      batch.levels.append(LevelChange(side: side, price: dec(price), size: dec(size)))
    }
    batch.events.append(
      .book(symbol: "BTC/USD", update: .snapshot(last: 1, receivedAt: 1_000_000_000), levels: 0..<4))
    feed(&s, batch, at: 1)
    trade(&s, price: "100000.0", size: "0.01000000", at: 1.5)
    if withSpec { s.session.setInstrumentSpec(spec) }
    _ = App.update(&s, .paper(.opened(events: [], warnings: [], readOnly: nil)))
    return s
  }

  static func feed(_ s: inout AppState, _ batch: VenueBatch, at seconds: Double) {
    _ = App.update(&s, .feed(FeedUpdate(), now: .init(seconds: seconds), wallMs: wallMs), venueBatch: batch)
  }

  static func trade(_ s: inout AppState, price: String, size: String, at seconds: Double) {
    var batch = VenueBatch()
    batch.trades.append(VenueTrade(price: dec(price), size: dec(size), aggressor: .sell, venueTimeMs: wallMs))
    batch.events.append(.trades(symbol: "BTC/USD", trades: 0..<1))
    feed(&s, batch, at: seconds)
  }

  static func press(_ s: inout AppState, _ keys: Key...) -> [Effect] {
    keys.flatMap { App.update(&s, .key($0)) }
  }

  static func type(_ s: inout AppState, _ text: String) -> [Effect] {
    text.flatMap { App.update(&s, .key(.character($0))) }
  }

  static func quote(_ s: AppState) -> TicketQuote { TicketQuote(s, s.ticket!) }

  static func screen(_ s: AppState) -> String {
    let g = DashboardView.render(s)
    return (0..<g.height).map { g.line($0) }.joined(separator: "\n")
  }

  /// The events of the one journal write in `effects`.
  static func written(_ effects: [Effect]) -> [PaperEvent]? {
    guard case .writeJournal(let events)? = effects.first, effects.count == 1 else { return nil }
    return events
  }

  /// Without the instrument's facts the ticket says what it waits for, and places nothing.
  @Test func withoutTheFactsTheTicketWaits() {
    var s = Self.live(withSpec: false)
    _ = Self.press(&s, .character("o"))
    #expect(Self.quote(s).spec == nil)
    let words = "waiting for Kraken's instrument facts (tick, lot, minimum size)"
    #expect(Self.quote(s).blocked == words)
    #expect(Self.screen(s).contains("Cannot trade BTC/USD here:"))
    #expect(Self.screen(s).contains("  waiting for Kraken's instrument facts (tick, lot, minimum size)"))
    _ = Self.type(&s, "0.5")
    #expect(Self.press(&s, .enter).isEmpty)
    // Once they come, the same ticket trades.
    s.session.setInstrumentSpec(Self.spec)
    #expect(Self.quote(s).spec?.unitName == "BTC")
  }

  /// Units in BTC, amount in USD at the best ask; the minimum and the lot in words.
  @Test func unitsAreBitcoinAndTheAmountDollars() {
    var s = Self.live()
    _ = Self.press(&s, .character("o"))
    _ = Self.type(&s, "0.05")
    #expect(Self.quote(s).amountText == "5000")
    let screen = Self.screen(s)
    #expect(screen.contains("Ticket kraken:BTC/USD"))
    #expect(screen.contains("BTC, lot 0.00000001, min 0.0002"))
    #expect(screen.contains("Amount  5000"))
    _ = Self.press(&s, .backspace, .backspace)
    _ = Self.type(&s, "0001")
    #expect(Self.quote(s).blocked == "below the smallest order on Kraken, 0.0002 BTC")
    #expect(Self.press(&s, .enter).isEmpty)
    _ = Self.type(&s, "2345678")
    #expect(s.ticket?.refusal == "at most 8 decimals")
    // The amount typed gives the units back: 250 USD at 100,000.0 is 0.0025 BTC.
    _ = Self.press(&s, .tab)
    for _ in 0..<12 { _ = Self.press(&s, .backspace) }
    _ = Self.type(&s, "250")
    #expect(Self.quote(s).unitsText == "0.0025")
  }

  /// A market buy of 0.3 BTC sweeps the asks (0.1 at 100,000.0, 0.2 at 100,000.5), and the order
  /// and fill are Kraken's; the portfolio values the position in USD at the last price.
  @Test func aMarketOrderSweepsTheVenueBook() throws {
    var s = Self.live()
    _ = Self.press(&s, .character("o"))
    _ = Self.type(&s, "0.3")
    let sweep = try #require(Self.quote(s).sweep)
    #expect(sweep.complete && sweep.levels == 2)
    let events = try #require(Self.written(Self.press(&s, .enter)))
    guard events.count == 2, case .placed(let order) = events[0], case .filled(let fill) = events[1] else {
      Issue.record("expected a placed and a filled event, got \(events)")
      return
    }
    #expect(order.venue == .kraken && order.symbol == "BTC/USD" && order.contracts == 0.3)
    #expect(fill.venue == .kraken && fill.settlCurrency == "USD")
    #expect(abs(fill.price - (0.1 * 100_000 + 0.2 * 100_000.5) / 0.3) < 1e-9)
    _ = App.update(&s, .paper(.written(events)))
    #expect(s.ticket?.result == "P1 Buy 0.30000000 filled @ 100,000.3")
    #expect(Self.screen(s).contains("P1 kraken:BTC/USD Buy 0.30000000 filled @"))

    let v = App.portfolioValuation(s)
    try #require(v.lines.count == 1)
    let line = v.lines[0]
    #expect(line.id.description == "kraken:BTC/USD" && line.status == .ok)
    #expect(line.mark == nil || line.markSource != nil)
    #expect(line.currency == "USD")
    #expect(line.units == 0.3)
  }

  /// A buy limit under the book rests with the BTC ahead of it; the venue's tape fills it once
  /// that has traded at its price (sizes at the tape's 8 decimals), and the fill is Kraken's.
  @Test func aRestingLimitFillsFromTheVenuesTape() throws {
    var s = Self.live()
    _ = Self.press(&s, .character("o"))
    _ = Self.type(&s, "0.2")
    _ = Self.press(&s, .character("t"))  // limit, at the best bid 99,999.9
    #expect(s.ticket?.priceText == "99999.9")
    #expect(Self.quote(s).queueAhead == 1.5)
    #expect(Self.screen(s).contains("queue ahead 1.50000000 BTC at that price"))
    // Kraken's pair facts give no fee: the ticket says so rather than show none.
    #expect(Self.screen(s).contains("maker fee not known for this venue: not counted (paper charges none)"))
    let placed = try #require(Self.written(Self.press(&s, .enter)))
    _ = App.update(&s, .paper(.written(placed)))
    #expect(s.paper.ledger.open.map(\.venue) == [.kraken])
    // 1.0 BTC at the price is not yet past the 1.5 ahead; 0.6 more is.
    Self.trade(&s, price: "99999.9", size: "1.00000000", at: 3)
    #expect(s.paper.pending.isEmpty)
    Self.trade(&s, price: "99999.9", size: "0.60000000", at: 4)
    #expect(s.paper.pending == ["P1"])
  }

  /// On the simulator the ticket may stand in the book's decimals for the facts, and says so; off
  /// it, it waits.
  @Test func theDemoSaysItsFactsAreTheBooks() {
    var demo = Self.live(mode: .demo, withSpec: false)
    _ = Self.press(&demo, .character("o"))
    #expect(Self.quote(demo).spec?.unitName == "BTC")
    #expect(Self.quote(demo).spec?.minOrderQty == nil)
    #expect(Self.screen(demo).contains("DEMO: lot and tick from the book's decimals"))
    var live = Self.live(mode: .live, withSpec: false)
    _ = Self.press(&live, .character("o"))
    #expect(Self.quote(live).spec == nil)
    #expect(!Self.screen(live).contains("DEMO: lot and tick"))
  }

  /// The portfolio lists the Kraken position beside the BitMEX one: Kraken's valued in USD at
  /// the book's mid (no ticker has come), with its age and where its price comes from; BitMEX's
  /// says that nothing here values it.
  @Test func thePortfolioListsAKrakenPositionBesideABitMEXOne() throws {
    var s = Self.live()
    let bitmexOrder = PaperOrder(
      id: "P1", symbol: "XBTUSD", side: .buy, type: .market, contracts: 100, price: nil, placedMs: 1)
    let bitmex = PaperFill(
      orderID: "P1", symbol: "XBTUSD", side: .buy, contracts: 100, price: 98_000, fee: 0,
      settlCurrency: "XBt",
      timeMs: 1)
    let krakenOrder = PaperOrder(
      id: "P2", symbol: "BTC/USD", side: .buy, type: .market, contracts: 0.25, price: nil, placedMs: 2,
      venue: .kraken)
    let kraken = PaperFill(
      orderID: "P2", symbol: "BTC/USD", side: .buy, contracts: 0.25, price: 99_000, fee: 0,
      settlCurrency: "USD",
      timeMs: 2, venue: .kraken)
    _ = App.update(
      &s,
      .paper(
        .opened(
          events: [.placed(bitmexOrder), .filled(bitmex), .placed(krakenOrder), .filled(kraken)],
          warnings: [],
          readOnly: nil)))
    _ = App.update(&s, .tick(now: .init(seconds: 2), wallMs: Self.wallMs + 1_000))
    _ = Self.press(&s, .character("P"))
    #expect(s.screen == .portfolio)
    let v = App.portfolioValuation(s)
    #expect(v.lines.map(\.id.description) == ["XBTUSD", "kraken:BTC/USD"])
    try #require(v.lines.count == 2)
    #expect(v.lines[0].status == .notWatched("no BitMEX feed here: not valued"))
    // Not valued, but its size shows (not flat).
    #expect(v.lines[0].tally.contracts == 100 && v.lines[0].tally.averageEntry == nil)
    let line = v.lines[1]
    #expect(line.mark == 99_999.95 && line.markSource == .mid && line.markAgeMs == 1_000)
    #expect(abs((line.unrealised ?? 0) - 0.25 * (99_999.95 - 99_000)) < 1e-6)
    let screen = Self.screen(s)
    #expect(screen.contains("kraken:BTC/USD"))
    #expect(screen.contains("no BitMEX feed here: not valued"))
    #expect(screen.contains("XBTUSD         Long        100"), "\(screen)")
    #expect(screen.contains("kraken:BTC/USD marked at its book's mid"))
    #expect(screen.contains("Total USD"))
  }

  /// An OKX linear swap is typed in contracts, the ticket naming what one is; 250 contracts of
  /// 0.01 BTC at the ask 60,000.1 are 150,000.25 USDT, and a market order sweeps the contracts
  /// the book holds.
  @Test func anOKXSwapIsTypedInContracts() throws {
    var s = AppState(symbol: "BTC-USDT-SWAP", mode: .live, width: 120, height: 40, ascii: false, color: true)
    s.session = MarketSession(
      symbol: "BTC-USDT-SWAP", bookPolicy: .sequence(SequenceLinkSync(link: .increment)), bookDepth: 25,
      venue: .okx)
    _ = App.update(
      &s,
      .feed(
        FeedUpdate(status: FeedStatus(state: .live, symbol: "BTC-USDT-SWAP")), now: .init(seconds: 1),
        wallMs: Self.wallMs))
    var batch = VenueBatch()
    for (side, price, size) in [
      (BookSide.bid, "60000.0", "400"), (.ask, "60000.1", "100"), (.ask, "60000.5", "900"),
    ] {
      batch.levels.append(LevelChange(side: side, price: Self.dec(price), size: Self.dec(size)))
    }
    batch.events.append(
      .book(symbol: "BTC-USDT-SWAP", update: .snapshot(last: 1, receivedAt: 1_000_000_000), levels: 0..<3))
    Self.feed(&s, batch, at: 1)
    s.session.setInstrumentSpec(
      InstrumentSpec(
        key: InstrumentKey(venue: .okx, symbol: "BTC-USDT-SWAP"), kind: .linearPerpetual, base: "BTC",
        quote: "USDT", settle: "USDT", tickSize: FixedDecimal("0.1")!, lotSize: FixedDecimal("1")!,
        minSize: FixedDecimal("1")!, contract: .linear(value: FixedDecimal("0.01")!)))
    _ = App.update(&s, .paper(.opened(events: [], warnings: [], readOnly: nil)))
    _ = Self.press(&s, .character("o"))
    _ = Self.type(&s, "250")
    #expect(Self.quote(s).amountText == "150000.25")
    #expect(Self.screen(s).contains("contracts of 0.01 BTC, lot 1, min 1"))
    let sweep = try #require(Self.quote(s).sweep)
    #expect(sweep.complete && sweep.levels == 2 && sweep.worstPrice == 60_000.5)
    let events = try #require(Self.written(Self.press(&s, .enter)))
    guard case .filled(let fill)? = events.last else {
      Issue.record("no fill in \(events)")
      return
    }
    #expect(fill.venue == .okx && fill.contracts == 250 && fill.settlCurrency == "USDT")
    #expect(abs(fill.price - (100 * 60_000.1 + 150 * 60_000.5) / 250) < 1e-9)
  }
}
