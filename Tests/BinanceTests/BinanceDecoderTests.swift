import Binance
import TestSupport
import Testing
import VenueCore
import WireJSON

@Suite struct BinanceDecoderTests {
  func decode(_ text: String, market: BinanceMarket = .spot) throws(WireError) -> VenueBatch {
    var batch = VenueBatch()
    try BinanceDecoder(market: market, snapshotSymbol: "BTCUSDT").decode(
      Array(text.utf8), receivedAt: 3, into: &batch)
    return batch
  }

  @Test func aDepthUpdateBareOrInTheEnvelope() throws {
    let data =
      #"{"e":"depthUpdate","E":1,"s":"BTCUSDT","U":10,"u":12,"b":[["100.10","0.000"]],"a":[["100.20","1.5"]]}"#
    for text in [data, #"{"stream":"btcusdt@depth@100ms","data":\#(data)}"#] {
      let batch = try decode(text)
      #expect(
        batch.events == [
          .book(symbol: "BTCUSDT", update: .delta(first: 10, last: 12, receivedAt: 3), levels: 0..<2)
        ])
      #expect(batch.levels[0] == LevelChange(side: .bid, price: FixedDecimal("100.1")!, size: .zero))
      #expect(batch.levels[1].size.description == "1.5")
    }
  }

  /// Binance's connection event, in the shape its documentation gives
  /// (`{"event":{"e":"serverShutdown","E":…}}`) and bare: the connection will end soon.
  @Test(arguments: [BinanceMarket.spot, .usdm])
  func aServerShutdownNoticeSaysTheConnectionWillEnd(market: BinanceMarket) throws {
    for text in [
      #"{"event":{"e":"serverShutdown","E":1770123456789}}"#, #"{"e":"serverShutdown","E":1770123456789}"#,
    ] {
      #expect(try decode(text, market: market).events == [.serverShutdown])
    }
    // Another connection event is not one.
    #expect(try decode(#"{"event":{"e":"eventStreamTerminated","E":1}}"#).events == [.ignored])
  }

  @Test func usdmDeltasMustCarryPu() throws {
    let text = #"{"e":"depthUpdate","s":"BTCUSDT","U":10,"u":12,"b":[],"a":[]}"#
    #expect(throws: WireError.self) { try decode(text, market: .usdm) }
    let linked = try decode(
      #"{"e":"depthUpdate","s":"BTCUSDT","U":10,"u":12,"pu":9,"b":[],"a":[]}"#, market: .usdm)
    #expect(
      linked.events == [
        .book(
          symbol: "BTCUSDT", update: .delta(first: 10, last: 12, previous: 9, receivedAt: 3), levels: 0..<0)
      ])
  }

  @Test func aBookTickerCarriesTheBooksUpdateID() throws {
    let batch = try decode(
      #"{"u":400900217,"s":"BNBUSDT","b":"25.35190000","B":"31.21000000","a":"25.36520000","A":"40.66000000"}"#
    )
    #expect(
      batch.events == [
        .bbo(
          symbol: "BNBUSDT", updateID: 400_900_217,
          bid: LevelChange(side: .bid, price: FixedDecimal("25.3519")!, size: FixedDecimal("31.21")!),
          ask: LevelChange(side: .ask, price: FixedDecimal("25.3652")!, size: FixedDecimal("40.66")!))
      ])
  }

  @Test func aRESTSnapshotBelongsToTheSymbolAskedFor() throws {
    let batch = try decode(
      #"{"lastUpdateId":1027024,"bids":[["4.00000000","431.00000000"]],"asks":[["4.00000200","12.00000000"]]}"#
    )
    #expect(
      batch.events == [
        .book(symbol: "BTCUSDT", update: .snapshot(last: 1_027_024, receivedAt: 3), levels: 0..<2)
      ])
  }

  @Test func otherStreamsAreIgnoredAndLeaveNoLevels() throws {
    let batch = try decode(
      #"{"stream":"btcusdt@kline_1m","data":{"e":"kline","E":1,"s":"BTCUSDT","k":{"t":1,"T":2,"s":"BTCUSDT","i":"1m","o":"1.0","c":"2.0","h":"2.0","l":"1.0","v":"3","x":false}}}"#
    )
    #expect(batch.events == [.ignored])
    #expect(batch.levels.isEmpty)
  }

  @Test(arguments: [
    #"{"e":"depthUpdate","s":"BTCUSDT","U":10,"b":[],"a":[]}"#,
    #"{"e":"depthUpdate","s":"BTCUSDT","U":10,"u":-1,"b":[],"a":[]}"#,
    #"{"e":"depthUpdate","s":"BTCUSDT","U":10,"u":18446744073709551616,"b":[],"a":[]}"#,
    #"{"e":"depthUpdate","s":"BTCUSDT","U":10,"u":12,"b":[["1.0"]],"a":[]}"#,
    #"{"e":"depthUpdate","s":"BTCUSDT","U":10,"u":12,"b":[["1.0","2","3"]],"a":[]}"#,
    #"{"e":"depthUpdate","s":"BTCUSDT","U":10,"u":12,"b":[["x","2"]],"a":[]}"#,
    #"{"lastUpdateId":1,"bids":[["1","1"]],"asks":[["2","1"]]"#,
  ])
  func aMalformedFrameIsRefusedWhole(text: String) {
    var batch = VenueBatch()
    #expect(throws: WireError.self) {
      try BinanceDecoder(market: .spot).decode(Array(text.utf8), receivedAt: 0, into: &batch)
    }
    #expect(batch.events.isEmpty && batch.levels.isEmpty)
  }
}

@Suite struct BinanceTradeTests {
  /// `m` says the buyer was the maker: the seller took liquidity.
  @Test(arguments: [(true, Aggressor.sell), (false, Aggressor.buy)])
  func theAggressorIsTheOtherSideOfTheMaker(buyerIsMaker: Bool, aggressor: Aggressor) throws {
    var batch = VenueBatch()
    let spot =
      #"{"stream":"btcusdt@trade","data":{"e":"trade","E":1,"s":"BTCUSDT","t":3,"p":"61824.01","q":"0.002","T":1723161255207,"m":\#(buyerIsMaker),"M":true}}"#
    try BinanceDecoder(market: .spot).decode(Array(spot.utf8), receivedAt: 0, into: &batch)
    let agg =
      #"{"e":"aggTrade","E":1,"s":"BTCUSDT","a":26129,"p":"61800.10","q":"0.010","f":100,"l":105,"T":1723161256298,"m":\#(buyerIsMaker)}"#
    try BinanceDecoder(market: .usdm).decode(Array(agg.utf8), receivedAt: 0, into: &batch)
    #expect(batch.events == [.trades(symbol: "BTCUSDT", trades: 0..<2)])
    #expect(batch.trades.map(\.aggressor) == [aggressor, aggressor])
    #expect(batch.trades.map(\.id) == [3, 26_129])
    #expect(
      batch.trades[1].price == FixedDecimal("61800.1")! && batch.trades[1].venueTimeMs == 1_723_161_256_298)
  }

  /// Every trade of the recorded 2024 spot slice decodes, with the maker flag turned into the
  /// aggressor.
  @Test func theRecordedTradesDecode() throws {
    var batch = VenueBatch()
    for line in Fixture.lines(
      "exchanges/binance-spot_2024-08-08_BTCUSDT_depth100ms-trade-bookTicker-snapshot_hftbacktest.txt")
    {
      let frame = Array(line[(line.firstIndex(of: UInt8(ascii: " "))! + 1)...])
      try BinanceDecoder(market: .spot, snapshotSymbol: "BTCUSDT").decode(frame, receivedAt: 0, into: &batch)
    }
    #expect(batch.trades.count == 162)
    #expect(Set(batch.trades.map(\.aggressor)) == [.buy, .sell])
  }
}
