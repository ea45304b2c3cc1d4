import Kraken
import Testing
import VenueCore
import WireJSON

@Suite struct KrakenDecoderTests {
  func events(_ text: String) throws(WireError) -> [VenueEvent] {
    var batch = VenueBatch()
    try KrakenDecoder().decode(Array(text.utf8), receivedAt: 0, into: &batch)
    return batch.events
  }

  @Test func controlFrames() throws {
    #expect(
      try events(
        #"{"channel":"status","type":"update","data":[{"version":"2.0.10","system":"online","api_version":"v2","connection_id":7204881492680171915}]}"#
      ) == [.status("online")])
    #expect(try events(#"{"channel":"heartbeat"}"#) == [.heartbeat])
    #expect(try events(#"{"method":"pong","time_in":"x","time_out":"y"}"#) == [.pong])
    #expect(
      try events(
        #"{"method":"subscribe","result":{"channel":"book","depth":10,"snapshot":true,"symbol":"BTC/USD"},"success":true}"#
      )
        == [.subscribed(.book, symbol: "BTC/USD")])
    #expect(
      try events(
        #"{"method":"subscribe","error":"Currency pair not supported NOPE/USD","success":false,"symbol":"NOPE/USD"}"#
      )
        == [.venueError("Currency pair not supported NOPE/USD", channel: nil)])
  }

  @Test func theKeysMayComeInAnyOrder() throws {
    var batch = VenueBatch()
    let frame =
      #"{"data":[{"checksum":7,"asks":[{"qty":"1.50","price":10.5}],"bids":[],"symbol":"ETH/USD"}],"type":"update","channel":"book"}"#
    try KrakenDecoder().decode(Array(frame.utf8), receivedAt: 9, into: &batch)
    #expect(
      batch.events == [.book(symbol: "ETH/USD", update: .delta(checksum: 7, receivedAt: 9), levels: 0..<1)])
    #expect(
      batch.levels == [LevelChange(side: .ask, price: FixedDecimal("10.5")!, size: FixedDecimal("1.50")!)])
    #expect(batch.levels[0].size.scale == 2)
  }

  @Test(arguments: [
    #"{"channel":"book","type":"update","data":[{"symbol":"BTC/USD","bids":[{"price":"x","qty":1}]}]}"#,
    #"{"channel":"book","type":"update","data":[{"symbol":"BTC/USD","bids":[{"price":1e400,"qty":1}]}]}"#,
    #"{"channel":"book","type":"update","data":[{"symbol":"BTC/USD","bids":[{"qty":1}]}]}"#,
    #"{"channel":"book","type":"update","data":[{"bids":[]}]}"#,
    #"{"channel":"book","type":"update","data":[{"symbol":"BTC/USD","checksum":4294967296}]}"#,
    #"{"channel":"book","data":[]}"#,
    #"{"channel":"book","type":"update","data":[{"symbol":"BTC/USD","bids":[{"price":1,"qty":1}]"#,
    #"{"channel":"heartbeat"} x"#,
    #"{"channel":"heartbeat",}"#,
    "",
  ])
  func aMalformedFrameIsRefusedWholeAndLeavesNothing(frame: String) {
    var batch = VenueBatch()
    batch.events.append(.heartbeat)
    #expect(throws: WireError.self) {
      try KrakenDecoder().decode(Array(frame.utf8), receivedAt: 0, into: &batch)
    }
    #expect(batch.events == [.heartbeat])
    #expect(batch.levels.isEmpty)
  }

  /// Every prefix of a real book frame is refused (never read as a smaller frame).
  @Test func everyCutOfAFrameIsRefused() {
    let frame = Array(
      #"{"channel":"book","type":"update","data":[{"symbol":"BTC/USD","bids":[],"asks":[{"price":63005.0,"qty":2.08665551}],"checksum":2532652056,"timestamp":"2026-08-01T02:53:53.646219Z"}]}"#
        .utf8)
    for cut in 0..<frame.count {
      var batch = VenueBatch()
      let prefix = Array(frame[..<cut])
      #expect(throws: WireError.self, "cut at \(cut)") {
        try KrakenDecoder().decode(prefix, receivedAt: 0, into: &batch)
      }
    }
  }
}

@Suite struct KrakenTradeTests {
  /// Kraken's `side` is the taker's; trades of one symbol in a frame make one event.
  @Test func tradesKeepTheTakersSide() throws {
    var batch = VenueBatch()
    let frame =
      #"{"channel":"trade","type":"update","data":[{"symbol":"BTC/USD","side":"sell","price":63004.9,"qty":0.00400000,"ord_type":"market","trade_id":74021589,"timestamp":"2026-08-01T02:53:53.646219Z"},{"symbol":"BTC/USD","side":"buy","price":63005.0,"qty":0.1,"ord_type":"limit","trade_id":74021590,"timestamp":"2026-08-01T02:53:53.700Z"}]}"#
    try KrakenDecoder().decode(Array(frame.utf8), receivedAt: 0, into: &batch)
    #expect(batch.events == [.trades(symbol: "BTC/USD", trades: 0..<2)])
    #expect(batch.trades.map(\.aggressor) == [.sell, .buy])
    #expect(batch.trades[0].size.description == "0.00400000")
    #expect(batch.trades[0].venueTimeMs == 1_785_552_833_646)
    #expect(batch.trades[1].id == 74_021_590)
  }

  @Test func aTradeWithAnUnknownSideIsRefused() {
    var batch = VenueBatch()
    let frame =
      #"{"channel":"trade","type":"update","data":[{"symbol":"BTC/USD","side":"up","price":1,"qty":1}]}"#
    #expect(throws: WireError.self) {
      try KrakenDecoder().decode(Array(frame.utf8), receivedAt: 0, into: &batch)
    }
    #expect(batch.trades.isEmpty && batch.events.isEmpty)
  }
}
