import Foundation
import MarketModel
import TestSupport
import Testing

@testable import BitMEX

/// Every recorded frame decodes, and decodes to what the recording says.
@Suite struct DecoderFixtureTests {
  @Test(arguments: Fixture.jsonlNames)
  func everyRecordedFrameDecodes(_ name: String) throws {
    var decoder = BitMEXDecoder()
    var batch = MarketBatch()
    let lines = Fixture.lines(name)
    #expect(!lines.isEmpty)
    for (n, line) in lines.enumerated() {
      batch.removeAll()
      do {
        try decoder.decode(line, into: &batch)
      } catch {
        Issue.record("\(name) line \(n + 1): \(error)")
        continue
      }
      #expect(batch.events.count == 1, "\(name) line \(n + 1)")
      if case .unrecognized = batch.events[0] {
        Issue.record("\(name) line \(n + 1) not recognised")
      }
    }
  }

  @Test func clientRequestsAreNotServerMessages() throws {
    // The client's own subscribe frames have no shape the decoder knows.
    var decoder = BitMEXDecoder()
    var batch = MarketBatch()
    for line in Fixture.lines("2021-07-22_client-subscribe-requests.jsonl") {
      try decoder.decode(line, into: &batch)
    }
    #expect(batch.events == [.unrecognized, .unrecognized, .unrecognized])
  }

  @Test func controlFrames() throws {
    var decoder = BitMEXDecoder()
    var batch = MarketBatch()
    for line in Fixture.lines("2021-07-22_control.jsonl") {
      try decoder.decode(line, into: &batch)
    }
    #expect(
      batch.events == [
        .welcome(info: "Welcome to the BitMEX Realtime API."),
        .subscribed(topic: "orderBookL2:XBTUSD"),
        .subscribed(topic: "orderBookL2:SOLUSDT"),
        .subscribed(topic: "quote:XBTUSD"),
        .subscribed(topic: "trade:XBTUSD"),
      ])
  }

  @Test func restInstrumentList() throws {
    var decoder = BitMEXDecoder()
    guard
      case .rows(let rows) = try decoder.decodeInstruments(
        Fixture.bytes("2021-07-22_rest_instrument_active.json"))
    else {
      Issue.record("not rows")
      return
    }
    #expect(rows.count == 34)
    let xbt = try #require(rows.first { $0.symbol == "XBTUSD" })
    #expect(xbt.tickSize == 0.5)
    #expect(xbt.lotSize == 100)
    #expect(xbt.state == "Open")
    // Some tick sizes are written as 1e-8.
    #expect(rows.contains { $0.tickSize == 1e-8 })
  }

  @Test func restInstrumentObjectAndError() throws {
    var decoder = BitMEXDecoder()
    let one = Fixture.bytes("nautilus/http_get_instrument_xbtusd.json")
    guard case .rows(let rows) = try decoder.decodeInstruments(Array("[".utf8) + one + Array("]".utf8)) else {
      Issue.record("not rows")
      return
    }
    let xbt = try #require(rows.first)
    #expect(xbt.tickSize == 0.1)
    #expect(xbt.markPrice == 97849.76)
    #expect(xbt.indicativeSettlePrice == 97843.77)
    #expect(xbt.fundingTimeMs == ISOTime.parseMillis("2024-11-25T04:00:00.000Z"))
    #expect(xbt.lastTickDirection == .plusTick)
    #expect(xbt.isInverse == true)
    guard
      case .error(let message) = try decoder.decodeInstruments(
        Fixture.bytes("nautilus/http_error_response.json"))
    else {
      Issue.record("not an error")
      return
    }
    #expect(message == "Invalid API Key.")
  }

  /// The nautilus fixtures are single rows; wrapped in their table's envelope they decode.
  @Test(arguments: [
    ("orderBookL2", "update", "nautilus/ws_orderbook_l2.row.json"),
    ("orderBook10", "partial", "nautilus/ws_orderbook_10.row.json"),
    ("trade", "insert", "nautilus/ws_trade.row.json"),
    ("quote", "insert", "nautilus/ws_quote.row.json"),
    ("tradeBin1m", "insert", "nautilus/ws_trade_bin_1m.row.json"),
    ("instrument", "update", "nautilus/ws_instrument_mark_update.row.json"),
  ])
  func nautilusRows(table: String, action: String, file: String) throws {
    let message =
      Array("{\"table\":\"\(table)\",\"action\":\"\(action)\",\"data\":[".utf8) + Fixture.bytes(file)
      + Array("]}".utf8)
    var decoder = BitMEXDecoder()
    var batch = MarketBatch()
    try decoder.decode(message, into: &batch)
    #expect(batch.events.count == 1)
    switch batch.events[0] {
    case .book(let m):
      #expect(
        batch.bookRows[m.rows].first
          == BookRow(symbol: "XBTUSD", id: 62_400_580_205, side: .sell, size: 33000, price: 98459.9))
    case .book10(let s):
      let row = batch.book10[s.rows.lowerBound]
      #expect(row.bids.count == 10 && row.asks.count == 10)
      #expect(batch.levels[row.bids.lowerBound] == PriceLevel(price: 98490.3, size: 22400))
      #expect(batch.levels[row.asks.lowerBound] == PriceLevel(price: 98490.4, size: 17600))
      #expect(batch.bookRows.isEmpty)
    case .trades(let s):
      let t = batch.trades[s.rows.lowerBound]
      #expect(t.price == 98570.9 && t.size == 100 && t.side == .sell && t.tickDirection == .zeroPlusTick)
      #expect(t.matchID == MatchID(high: 0x006d_1000, low: 0x0e_8737_d536))
      #expect(t.timeMs == ISOTime.parseMillis("2024-11-24T08:15:38.704Z"))
    case .quotes(let s):
      let q = batch.quotes[s.rows.lowerBound]
      #expect(q.bidPrice == 487.55 && q.askSize == 50000 && q.symbol == "BCHUSDT")
    case .bins(let s):
      let b = batch.bins[s.rows.lowerBound]
      #expect(b.close == 97570.1 && b.volume == 84000 && b.trades == 20)
    case .instrument(let s):
      let u = batch.instruments[s.rows.lowerBound]
      #expect(u.symbol == "DOTUSDT" && u.markPrice == 1.2669 && u.lastPrice == nil)
    default:
      Issue.record("unexpected \(batch.events[0])")
    }
  }
}
