import BitMEX
import MarketModel
import Screen
import Session
import Testing
import Trading

@testable import App

/// The order ticket through `App.update`: keys stay in the ticket, units and amount compute each
/// other per contract kind, bad input dims Confirm with its reason, and paper orders go to the
/// journal (the runner's effect) before they show, fill at the sweep or when the tape trades
/// through a resting limit.
@Suite struct TicketAppTests {
  static let wallMs: Int64 = 1_700_000_000_000

  /// Feeds one wire message.
  static func feed(_ s: inout AppState, _ json: String, at seconds: Double = 2) -> [Effect] {
    var decoder = BitMEXDecoder()
    var batch = MarketBatch()
    try? decoder.decode(Array(json.utf8), into: &batch)
    return App.update(&s, .feed(FeedUpdate(), now: .init(seconds: seconds), wallMs: wallMs), batch: batch)
  }

  /// Contract facts per symbol, from the recorded 2021 rows (XBTUSD, ETHUSD) and the 2022
  /// XBTUSDT row (Tests/Fixtures).
  static let facts: [String: String] = [
    "XBTUSD":
      #""typ":"FFWCSX","underlying":"XBT","quoteCurrency":"USD","settlCurrency":"XBt","tickSize":0.5,"lotSize":100,"maxOrderQty":10000000,"multiplier":-100000000,"underlyingToSettleMultiplier":-100000000,"isInverse":true,"isQuanto":false,"takerFee":0.00075,"makerFee":-0.00025"#,
    "ETHUSD":
      #""typ":"FFWCSX","underlying":"ETH","quoteCurrency":"USD","settlCurrency":"XBt","tickSize":0.05,"lotSize":1,"maxOrderQty":10000000,"multiplier":100,"quoteToSettleMultiplier":3108,"isInverse":false,"isQuanto":true,"takerFee":0.00075"#,
    "XBTUSDT":
      #""typ":"FFWCSX","underlying":"XBT","quoteCurrency":"USDT","settlCurrency":"USDt","tickSize":0.5,"lotSize":1000,"maxOrderQty":1000000000,"multiplier":1,"underlyingToPositionMultiplier":1000000,"quoteToSettleMultiplier":1000000,"isInverse":false,"isQuanto":false,"takerFee":0.00075"#,
  ]

  /// A live market for `symbol`: its facts, a book (bids at `bid` and half a tick... below,
  /// asks from `ask`), a trade partial; the journal open and writable.
  static func live(
    _ symbol: String, bid: Double, ask: Double, step: Double, sizes: [Int] = [1_000, 5_000]
  )
    -> AppState
  {
    var s = AppState(symbol: Symbol(symbol)!, mode: .demo, width: 120, height: 40, ascii: false, color: true)
    _ = App.update(
      &s,
      .feed(
        FeedUpdate(status: FeedStatus(state: .live, symbol: symbol)), now: .init(seconds: 1), wallMs: wallMs))
    _ = feed(
      &s,
      #"{"table":"instrument","action":"partial","keys":["symbol"],"data":[{"symbol":"\#(symbol)",\#(facts[symbol]!)}]}"#
    )
    _ = feed(&s, bookPartial(symbol, bid: bid, ask: ask, step: step, sizes: sizes))
    _ = feed(
      &s,
      #"{"table":"trade","action":"partial","keys":[],"filter":{"symbol":"\#(symbol)"},"data":[{"timestamp":"2023-11-14T22:13:20.000Z","symbol":"\#(symbol)","side":"Buy","size":1,"price":\#(ask)}]}"#
    )
    _ = App.update(&s, .paper(.opened(events: [], warnings: [], readOnly: nil)))
    return s
  }

  /// The book partial of `live`: bids at `bid` and `step` below (ids 1…), asks from `ask` (ids 100…).
  static func bookPartial(
    _ symbol: String, bid: Double, ask: Double, step: Double, sizes: [Int] = [1_000, 5_000]
  ) -> String {
    var rows: [String] = []
    for (n, size) in sizes.enumerated() {
      rows.append(
        #"{"symbol":"\#(symbol)","id":\#(n + 1),"side":"Buy","size":\#(size),"price":\#(bid - Double(n) * step)}"#
      )
      rows.append(
        #"{"symbol":"\#(symbol)","id":\#(n + 100),"side":"Sell","size":\#(size),"price":\#(ask + Double(n) * step)}"#
      )
    }
    return
      #"{"table":"orderBookL2_25","action":"partial","keys":["symbol","id","side"],"filter":{"symbol":"\#(symbol)"},"data":[\#(rows.joined(separator: ","))]}"#
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

  @Test func dashboardKeysDoNothingWhileTheTicketIsOpen() {
    var s = Self.live("XBTUSD", bid: 32_000, ask: 32_000.5, step: 0.5)
    _ = Self.press(&s, .character("o"))
    #expect(s.ticket != nil)
    let effects = Self.press(
      &s, .character("q"), .character("2"), .character("m"), .character("r"), .character("p"),
      .character("/"),
      .character("+"))
    #expect(effects.isEmpty)
    #expect(
      !s.quitting && s.zoom == nil && s.screen != .markets && !s.paused && s.picker == nil
        && s.groupingIndex == 0)
    #expect(s.ticket?.refusal == "digits and one decimal point only")
    _ = Self.press(&s, .escape)
    #expect(s.ticket == nil)
    #expect(Self.press(&s, .character("q")) == [.quit])
  }

  /// XBTUSD: 1 contract = 1 USD, both ways.
  @Test func inverseUnitsAndAmountComputeEachOther() {
    var s = Self.live("XBTUSD", bid: 32_000, ask: 32_000.5, step: 0.5)
    _ = Self.press(&s, .character("o"))
    _ = Self.type(&s, "1200")
    #expect(Self.quote(s).amountText == "1200")
    _ = Self.press(&s, .tab, .backspace, .backspace, .backspace, .backspace)
    _ = Self.type(&s, "500")
    #expect(Self.quote(s).unitsText == "500")
    #expect(Self.screen(s).contains("USD  = 0.01562476 XBT"))
  }

  /// ETHUSD (quanto): one contract at 2,000.05 is 200,005 XBt; in USD at 3,108 XBt per USD.
  @Test func quantoUnitsAndAmountComputeEachOther() {
    var s = Self.live("ETHUSD", bid: 2_000, ask: 2_000.05, step: 0.05)
    _ = Self.press(&s, .character("o"))
    _ = Self.type(&s, "10")
    #expect(Self.quote(s).amountText == SizeCheck.fieldText(10 * 100 * 2_000.05 / 3_108, decimals: 2))
    #expect(Self.quote(s).amountText == "643.52")
    _ = Self.press(&s, .tab)
    _ = Self.type(&s, "0")  // 643.520 is refused (2 decimals) …
    #expect(s.ticket?.refusal == "at most 2 decimals")
    _ = Self.press(&s, .backspace, .backspace, .backspace, .backspace, .backspace, .backspace)
    _ = Self.type(&s, "1287")  // … 1,287 USD is 20 contracts.
    #expect(Self.quote(s).unitsText == "20")
    // 1,000 USD is 15.54 contracts: not rounded silently, the nearest lots are named.
    _ = Self.press(&s, .backspace, .backspace, .backspace, .backspace)
    _ = Self.type(&s, "1000")
    #expect(Self.quote(s).unitsText == "15.54")
    #expect(Self.quote(s).blocked == "not a multiple of the lot 1: try 15 or 16")
  }

  /// XBTUSDT (linear): units are XBT; 0.006 XBT at the ask 19,133.5 is 114.80 USDT.
  @Test func linearUnitsAreTheBaseCurrency() {
    var s = Self.live("XBTUSDT", bid: 19_133, ask: 19_133.5, step: 0.5, sizes: [5_000, 3_000])
    _ = Self.press(&s, .character("o"))
    _ = Self.type(&s, "0.006")
    #expect(Self.quote(s).amountText == "114.8")
    #expect(Self.quote(s).verdict == .valid(contracts: 6_000))
    _ = Self.press(&s, .tab, .backspace, .backspace, .backspace, .backspace, .backspace, .backspace)
    _ = Self.type(&s, "57.4")
    #expect(Self.quote(s).unitsText == "0.003")
    #expect(Self.screen(s).contains("XBT, lot 0.001"))
  }

  @Test(arguments: [
    ("150", "not a multiple of the lot 100: try 100 or 200"), ("0", "size must be above zero"),
    ("", "enter a size"), ("20000000", "above the largest order, 10000000"),
  ])
  func invalidInputKeepsConfirmDimWithTheReason(_ text: String, _ reason: String) {
    var s = Self.live("XBTUSD", bid: 32_000, ask: 32_000.5, step: 0.5)
    _ = Self.press(&s, .character("o"))
    _ = Self.type(&s, text)
    #expect(Self.quote(s).blocked == reason)
    #expect(Self.press(&s, .enter).isEmpty)
    #expect(s.ticket?.refusal == reason)
    #expect(Self.screen(s).contains("[ Confirm ]"))
    let g = DashboardView.render(s)
    let row = (0..<g.height).first { g.line($0).contains("[ Confirm ]") }!
    let x = Array(g.line(row)).firstIndex(of: "[")!
    #expect(g[x, row].style.dim)
  }

  /// Market: the order and its fill at the sweep's average go to the journal; nothing shows
  /// until the runner says they are written.
  @Test func marketOrderFillsAtTheSweepOnceWritten() throws {
    var s = Self.live("XBTUSD", bid: 32_000, ask: 32_000.5, step: 0.5, sizes: [300, 5_000])
    _ = Self.press(&s, .character("o"))
    _ = Self.type(&s, "600")
    let sweep = try #require(Self.quote(s).sweep)
    #expect(sweep.levels == 2)
    let effects = Self.press(&s, .enter)
    guard case .writeJournal(let events)? = effects.first, effects.count == 1, events.count == 2,
      case .placed(let order) = events[0], case .filled(let fill) = events[1]
    else {
      Issue.record("expected a placed and a filled event, got \(effects)")
      return
    }
    #expect(order.type == .market && order.contracts == 600 && order.side == .buy)
    #expect(fill.price == sweep.averagePrice)
    #expect(abs(fill.price - 32_000.749_998_046_92) < 1e-6)
    #expect(fill.fee == sweep.fee)
    #expect(s.paper.ledger.fills.isEmpty)
    _ = App.update(&s, .paper(.written(events)))
    #expect(s.paper.ledger.fills == [fill])
    #expect(s.paper.pending.isEmpty)
    #expect(s.ticket?.result == "P1 Buy 600 filled @ 32,000.7")
  }

  /// A write that failed: the order did not happen, and the ticket says why.
  @Test func aFailedWriteShowsNothing() {
    var s = Self.live("XBTUSD", bid: 32_000, ask: 32_000.5, step: 0.5)
    _ = Self.press(&s, .character("o"))
    _ = Self.type(&s, "100")
    guard case .writeJournal(let events)? = Self.press(&s, .enter).first else {
      Issue.record("no write")
      return
    }
    _ = App.update(&s, .paper(.failed(events, reason: "No space left on device")))
    #expect(s.paper.ledger.orders.isEmpty && s.paper.pending.isEmpty)
    #expect(s.ticket?.result == "not saved, so not placed: No space left on device")
  }

  /// Limit: rests; a trade at its price fills it only once the queue ahead has traded; a trade
  /// beyond it does at once.
  @Test func limitOrderFillsWhenTheTapeTradesThrough() {
    var s = Self.live("XBTUSD", bid: 32_000, ask: 32_000.5, step: 0.5)
    _ = Self.press(&s, .character("o"))
    _ = Self.type(&s, "100")
    _ = Self.press(&s, .character("t"))
    #expect(s.ticket?.priceText == "32000")
    guard case .writeJournal(let events)? = Self.press(&s, .enter).first,
      case .placed(let order) = events.first
    else {
      Issue.record("no order")
      return
    }
    #expect(events.count == 1 && order.queueAhead == 1_000 && order.price == 32_000)
    _ = App.update(&s, .paper(.written(events)))
    #expect(s.paper.ledger.open.count == 1)
    func trade(_ price: Double, _ size: Int) -> String {
      #"{"table":"trade","action":"insert","data":[{"timestamp":"2023-11-14T22:13:21.000Z","symbol":"XBTUSD","side":"Sell","size":\#(size),"price":\#(price)}]}"#
    }
    #expect(Self.feed(&s, trade(32_000, 600)).isEmpty)
    #expect(Self.feed(&s, trade(32_000.5, 5_000)).isEmpty)
    let fills = Self.feed(&s, trade(31_999.5, 1))
    guard case .writeJournal(let f)? = fills.first, case .filled(let fill) = f.first else {
      Issue.record("no fill: \(fills)")
      return
    }
    #expect(fill.orderID == order.id && fill.price == 32_000)
    // Pending: the next trade does not fill it twice.
    #expect(Self.feed(&s, trade(31_999, 1)).isEmpty)
    _ = App.update(&s, .paper(.written(f)))
    #expect(s.paper.ledger.open.isEmpty && s.paper.ledger.fills.count == 1)
  }

  /// A limit that does not cross shows what it is: resting at its price, the queue ahead, no
  /// taker fee; one priced through the book shows the sweep (issue 29: both showed the sweep).
  @Test func aRestingLimitShowsItsQueueNotASweep() {
    var s = Self.live("XBTUSD", bid: 32_000, ask: 32_000.5, step: 0.5)
    _ = Self.press(&s, .character("o"))
    _ = Self.type(&s, "100")
    _ = Self.press(&s, .character("t"))
    #expect(s.ticket?.priceText == "32000")
    var screen = Self.screen(s)
    #expect(
      screen.contains("Resting: a buy limit at 32,000.0 waits in the book (best ask 32,000.5)"), "\(screen)")
    #expect(screen.contains("queue ahead 1,000 contracts at that price"), "\(screen)")
    #expect(!screen.contains("taker fee") && !screen.contains("Sweep"), "\(screen)")
    // The venue's maker fee, a rebate on XBTUSD: 100 USD of contracts earn 0.025 USD.
    #expect(screen.contains("maker fee -0.0250 % (a rebate):"), "\(screen)")
    // Priced through the ask: it fills at once, so the sweep and the taker fee are what it costs.
    _ = Self.press(&s, .tab, .tab)
    s.changeTicket { $0.priceText = "32001" }
    screen = Self.screen(s)
    #expect(
      screen.contains("Sweep") && screen.contains("taker fee") && !screen.contains("Resting"), "\(screen)")
  }

  /// The maker fee in words, per what the facts give: a rebate on XBTUSD's recorded row
  /// (1,000 USD of contracts at -0.025 % earn 0.25 USD), a fee on a linear contract, none known.
  @Test func theMakerFeeInWords() {
    let inverse = ContractSpec(
      symbol: "XBTUSD", kind: .inverse, multiplier: -100_000_000, underlyingToSettleMultiplier: -100_000_000,
      settlCurrency: "XBt", settlePerWhole: 1e8, settleName: "XBT", quoteCurrency: "USD", underlying: "XBT",
      lotSize: 100, tickSize: 0.5, takerFee: 0.00075, makerFee: -0.00025)
    let unknown = ContractSpec(
      symbol: "XBTUSDT", kind: .linear, multiplier: 1, underlyingToPositionMultiplier: 1_000_000,
      quoteToSettleMultiplier: 1_000_000, settlCurrency: "USDt", settlePerWhole: 1e6, settleName: "USDT",
      quoteCurrency: "USDT", underlying: "XBT", lotSize: 1_000, tickSize: 0.5)
    #expect(
      TicketScreen.makerFeeWords(limit: 32_000, contracts: 1_000, spec: inverse)
        == "maker fee -0.0250 % (a rebate): -0.25 USD at its fill; paper charges none")
    var linear = unknown
    linear.makerFee = 0.0002
    // 1,000,000 contracts = 1 XBT at 20,000 = 20,000 USDT; 0.02 % of it is 4 USDT.
    #expect(
      TicketScreen.makerFeeWords(limit: 20_000, contracts: 1_000_000, spec: linear)
        == "maker fee 0.0200 %: 4.00 USDT at its fill; paper charges none")
    #expect(
      TicketScreen.makerFeeWords(limit: 20_000, contracts: nil, spec: linear)
        == "maker fee 0.0200 % at its fill; paper charges none")
    #expect(
      TicketScreen.makerFeeWords(limit: 20_000, contracts: 1, spec: unknown)
        == "maker fee not known for this venue: not counted (paper charges none)")
  }

  @Test func aReadOnlyJournalOrAStaleBookDimsConfirm() {
    var s = Self.live("XBTUSD", bid: 32_000, ask: 32_000.5, step: 0.5)
    _ = App.update(
      &s,
      .paper(.opened(events: [], warnings: [], readOnly: "journal in use by another tradeterm: read-only")))
    _ = Self.press(&s, .character("o"))
    _ = Self.type(&s, "100")
    #expect(Self.quote(s).blocked == "journal in use by another tradeterm: read-only")
    var t = Self.live("XBTUSD", bid: 32_000, ask: 32_000.5, step: 0.5)
    _ = App.update(
      &t,
      .feed(
        FeedUpdate(status: FeedStatus(state: .ended("gone"), symbol: "XBTUSD")), now: .init(seconds: 3),
        wallMs: Self.wallMs))
    _ = Self.press(&t, .character("o"))
    _ = Self.type(&t, "100")
    #expect(Self.quote(t).blocked == "the book is not live: no market order on old prices")
    #expect(Self.screen(t).contains("NOT LIVE"))
  }

  /// A read-only run whose journal another tradeterm holds tries the lock on its tick every
  /// few seconds (issue 29, point 17); once it has it, the journal as read then (the other's
  /// orders too) replaces the start's, orders can be placed, and the status line says so.
  @Test func aReadOnlyRunTakesTheJournalOverWhenTheWriterQuits() {
    var s = Self.live("XBTUSD", bid: 32_000, ask: 32_000.5, step: 0.5)
    let reason = "journal in use by another tradeterm: read-only until it quits"
    _ = App.update(&s, .paper(.opened(events: [], warnings: [], readOnly: reason, heldByAnother: true)))
    func retakes(at seconds: Double) -> Int {
      App.update(&s, .tick(now: .init(seconds: seconds), wallMs: Self.wallMs + Int64(seconds * 1000)))
        .count(where: { $0 == .retakeJournal })
    }
    // Opened at 2 s: the first try 3 s later, then every 3 s, not on every tick.
    #expect(retakes(at: 2.5) == 0 && retakes(at: 4.9) == 0)
    #expect(retakes(at: 5) == 1)
    #expect(retakes(at: 5.5) == 0 && retakes(at: 7.9) == 0)
    #expect(retakes(at: 8) == 1)
    #expect(s.paper.readOnly == reason)
    // The other tradeterm quit: its orders come with the journal, and the ticket is unblocked.
    let theirs = PaperOrder(
      id: "P3", symbol: "XBTUSD", side: .buy, type: .limit, contracts: 100, price: 31_000, placedMs: 1)
    _ = App.update(&s, .paper(.tookOver(events: [.placed(theirs)], warnings: [])))
    #expect(s.paper.readOnly == nil && s.paper.ledger.open == [theirs])
    #expect(StatusNote.text(s) == "paper journal: the other tradeterm quit; this one is the writer now")
    #expect(retakes(at: 11) == 0 && retakes(at: 20) == 0)
    _ = Self.press(&s, .character("o"))
    _ = Self.type(&s, "100")
    #expect(Self.quote(s).blocked == nil)
    #expect(s.paper.nextID() == "P4")

    // Not held by another (the journal could not be opened): no tries at all.
    var t = Self.live("XBTUSD", bid: 32_000, ask: 32_000.5, step: 0.5)
    _ = App.update(&t, .paper(.opened(events: [], warnings: [], readOnly: "cannot use paper.jsonl: EACCES")))
    #expect(
      (2...20).flatMap { App.update(&t, .tick(now: .init(seconds: Double($0)), wallMs: Self.wallMs)) }
        .allSatisfy { $0 != .retakeJournal })
    // A try that finds the journal unusable stops the tries and says why.
    var u = Self.live("XBTUSD", bid: 32_000, ask: 32_000.5, step: 0.5)
    _ = App.update(&u, .paper(.opened(events: [], warnings: [], readOnly: reason, heldByAnother: true)))
    #expect(App.update(&u, .tick(now: .init(seconds: 5), wallMs: Self.wallMs)).contains(.retakeJournal))
    _ = App.update(&u, .paper(.retakeFailed(reason: "cannot use paper.jsonl: gone")))
    #expect(u.paper.readOnly == "cannot use paper.jsonl: gone")
    #expect(!App.update(&u, .tick(now: .init(seconds: 9), wallMs: Self.wallMs)).contains(.retakeJournal))
  }

  /// The journal read back at start: its orders are there, a skipped line is said.
  @Test func theJournalReadBackAtStartShowsItsOrdersAndWarnings() {
    var s = AppState(symbol: "XBTUSD", mode: .demo, width: 120, height: 40, ascii: false, color: true)
    let order = PaperOrder(
      id: "P7", symbol: "XBTUSD", side: .sell, type: .limit, contracts: 100, price: 99_000, placedMs: 1)
    _ = App.update(
      &s,
      .paper(
        .opened(
          events: [.placed(order)], warnings: ["paper.jsonl line 2: torn last line skipped (12 bytes)"],
          readOnly: nil)))
    #expect(s.paper.ledger.open == [order])
    #expect(s.paper.nextID() == "P8")
    #expect(StatusNote.text(s) == "paper.jsonl line 2: torn last line skipped (12 bytes)")
  }

  @Test func theHelpListsTheTicketKeys() {
    let keys = KeyBindings.standard.help.map(\.key)
    #expect(keys.contains("o"))
    let actions = KeyBindings.standard.help.map(\.action).joined(separator: "\n")
    for words in [
      "PAPER", "ticket: side Buy / Sell", "ticket: type Market / Limit", "ticket: Confirm",
      "cancel the selected open order",
      "a trade past the price; at it, after the queue ahead",
    ] {
      #expect(actions.contains(words), "\(words)")
    }
  }

  /// BUY flashes when the best ask changes, and stops after the flash time.
  @Test func buyFlashesOnChange() throws {
    var s = Self.live("XBTUSD", bid: 32_000, ask: 32_000.5, step: 0.5)
    _ = Self.press(&s, .character("o"))
    #expect(s.ticket?.askFlashUntil == 0)
    // The update decoded by the decoder that saw the partial (its id map names level 100).
    var decoder = BitMEXDecoder()
    var batch = MarketBatch()
    try decoder.decode(Self.bookPartial("XBTUSD", bid: 32_000, ask: 32_000.5, step: 0.5), into: &batch)
    batch.removeAll()
    try decoder.decode(
      #"{"table":"orderBookL2_25","action":"update","data":[{"symbol":"XBTUSD","id":100,"side":"Sell","size":42,"price":32000.5}]}"#,
      into: &batch)
    _ = App.update(&s, .feed(FeedUpdate(), now: .init(seconds: 2), wallMs: Self.wallMs), batch: batch)
    #expect(s.ticket?.askFlashUntil == Self.wallMs + App.ticketFlashMs)
    #expect(s.ticket?.bidFlashUntil == 0)
    let g = DashboardView.render(s)
    let row = (0..<g.height).first { g.line($0).contains("BUY  32,000.5") }!
    let line = g.line(row)
    let x = line.distance(from: line.startIndex, to: line.range(of: "BUY  32,000.5")!.lowerBound)
    #expect(g[x + 6, row].style.reverse)
    #expect(!g[x, row].style.reverse)
  }

  /// Ids near the largest order number: the next id is never one the journal already holds,
  /// and nothing overflows (`P9223372036854775807` crashed the next Confirm).
  @Test func orderIDsAtTheLimitStayUniqueAndDoNotTrap() {
    var s = AppState(symbol: "XBTUSD", mode: .demo, width: 120, height: 40, ascii: false, color: true)
    let ids = ["P9223372036854775807", "P999999999999", "P1000000000000"]
    let orders = ids.map {
      PaperOrder(
        id: $0, symbol: "XBTUSD", side: .sell, type: .limit, contracts: 100, price: 99_000, placedMs: 1)
    }
    _ = App.update(&s, .paper(.opened(events: orders.map { .placed($0) }, warnings: [], readOnly: nil)))
    #expect(s.paper.nextID() == "P1000000000001")
    #expect(s.paper.nextID() == "P1000000000002")
  }

  /// Sizes too long for the touch line (9e17 contracts a side): each in short form, both sides
  /// whole on the line; never cut with an ellipsis.
  @Test func touchSizesTooLongAreShortenedNotCut() throws {
    var s = Self.live("XBTUSD", bid: 32_000, ask: 32_000.5, step: 0.5, sizes: [900_000_000_000_000_000])
    _ = Self.press(&s, .character("o"))
    let screen = Self.screen(s)
    let touch = try #require(
      screen.split(separator: "\n").first { $0.contains("SELL") && $0.contains("BUY") })
    #expect(!touch.contains("…"), "\(touch)")
    #expect(touch.contains("32,000.0") && touch.contains("32,000.5"), "\(touch)")
    // Past 999.9T the short form is Swift's own spelling of the number.
    #expect(touch.components(separatedBy: "× 9e+17 ").count == 3, "\(touch)")
  }
}
