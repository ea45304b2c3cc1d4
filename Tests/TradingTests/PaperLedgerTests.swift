import MarketModel
import Testing
import Trading

@Suite struct PaperLedgerTests {
  static func trade(_ price: Double, _ size: Int64, at ms: Int64 = 10) -> Trade {
    Trade(timeMs: ms, symbol: "XBTUSD", side: .sell, size: size, price: price, matchID: .none)
  }

  static func limit(_ id: String, _ side: Side, _ price: Double, queue: Double = 0) -> PaperOrder {
    PaperOrder(
      id: id, symbol: "XBTUSD", side: side, type: .limit, contracts: 100, price: price, queueAhead: queue,
      placedMs: 5)
  }

  @Test func tradeBeyondTheLimitFills() {
    var ledger = PaperLedger()
    ledger.apply(.placed(Self.limit("P1", .buy, 100)))
    #expect(
      ledger.matches([Self.trade(100.5, 10)], instrument: .bitmex("XBTUSD"), settlCurrency: "XBt").isEmpty)
    let fills = ledger.matches([Self.trade(99.5, 1)], instrument: .bitmex("XBTUSD"), settlCurrency: "XBt")
    #expect(fills.map(\.orderID) == ["P1"])
    #expect(fills.first?.price == 100)
    #expect(fills.first?.contracts == 100)
  }

  @Test func tradeAtTheLimitFillsOnlyOnceTheQueueHasTraded() {
    var ledger = PaperLedger()
    ledger.apply(.placed(Self.limit("P1", .sell, 101, queue: 500)))
    #expect(
      ledger.matches([Self.trade(101, 300)], instrument: .bitmex("XBTUSD"), settlCurrency: "XBt").isEmpty)
    #expect(
      ledger.matches([Self.trade(101, 200)], instrument: .bitmex("XBTUSD"), settlCurrency: "XBt").isEmpty)
    #expect(
      ledger.matches([Self.trade(101, 1)], instrument: .bitmex("XBTUSD"), settlCurrency: "XBt").count == 1)
  }

  @Test func pendingAndOtherSymbolsAreLeftOut() {
    var ledger = PaperLedger()
    ledger.apply(.placed(Self.limit("P1", .buy, 100)))
    #expect(
      ledger.matches(
        [Self.trade(99, 1)], instrument: .bitmex("XBTUSD"), settlCurrency: "XBt", excluding: ["P1"]
      ).isEmpty)
    #expect(ledger.matches([Self.trade(99, 1)], instrument: .bitmex("ETHUSD"), settlCurrency: "XBt").isEmpty)
  }

  @Test func eventsApplyOnce() {
    var ledger = PaperLedger()
    let placed = ledger.apply(.placed(Self.limit("P7", .buy, 100)))
    let again = ledger.apply(.placed(Self.limit("P7", .buy, 100)))
    #expect(placed && !again)
    #expect(ledger.nextID == "P8")
    let cancelled = ledger.apply(.cancelled(orderID: "P7", timeMs: 9))
    let twice = ledger.apply(.cancelled(orderID: "P7", timeMs: 9))
    #expect(cancelled && !twice)
    #expect(ledger.open.isEmpty)
    let fill = PaperFill(
      orderID: "P7", symbol: "XBTUSD", side: .buy, contracts: 100, price: 100, fee: 0, settlCurrency: "XBt",
      timeMs: 10)
    let filled = ledger.apply(.filled(fill))
    #expect(!filled)
  }

  @Test func journalLinesRoundTrip() {
    let events: [PaperEvent] = [
      .placed(Self.limit("P1", .buy, 98_000.5, queue: 1_200)),
      .filled(
        PaperFill(
          orderID: "P1", symbol: "XBTUSD", side: .buy, contracts: 100, price: 98_000.5, fee: 76.5,
          settlCurrency: "XBt", timeMs: 1_700_000_000_123)),
      .cancelled(orderID: "P2", timeMs: 1_700_000_000_999),
    ]
    for event in events {
      let line = PaperJournalLine.encode(event)
      #expect(!line.contains("\n"))
      #expect(PaperJournalLine.decode(Array(line.utf8)) == event, "\(line)")
    }
    #expect(PaperJournalLine.decode(Array(#"{"v":3,"event":"cancelled","id":"P1","timeMs":1}"#.utf8)) == nil)
    #expect(PaperJournalLine.decode(Array(#"{"v":1,"event":"placed","order":{"id":"#.utf8)) == nil)
  }

  /// A journal order id of `P9223372036854775807` is kept as an order but is not a number to
  /// add 1 to (it crashed the next Confirm).
  @Test func anOrderIDAtIntMaxDoesNotTrap() {
    var ledger = PaperLedger()
    ledger.apply(.placed(Self.limit("P3", .buy, 100)))
    ledger.apply(.placed(Self.limit("P9223372036854775807", .buy, 100)))
    #expect(ledger.orders.count == 2)
    #expect(ledger.nextID == "P4")
  }
}
