import OKX
import TestSupport
import Testing
import VenueCore
import WireJSON

/// `OKXAdapter`'s REST bodies through the protocol's decoders: the real UNI-USD-SWAP instrument
/// row and ticker of 2022 (PROVENANCE.md; REST `market/tickers` rows are the WebSocket's), put in
/// REST's `{"code":"0","data":[…]}` envelope, one body per instrument type.
@Suite struct OKXRESTDecodingTests {
  private static func d(_ text: String) -> FixedDecimal { FixedDecimal(text)! }
  private static func body(_ text: String) throws -> WireValue { try WireValue.parse(Array(text.utf8)) }
  private static func envelope(_ rows: String) throws -> WireValue {
    try body(#"{"code":"0","msg":"","data":["# + rows + "]}")
  }

  /// The recorded ticker's data row.
  static func recordedTickerRow() throws -> String {
    let line = try #require(
      Fixture.lines(OKXRecordedFramesTests.capture).map { String(decoding: $0, as: UTF8.self) }.first {
        $0.contains(#""data":[{"instType":"SWAP""#)
      })
    let start = try #require(line.range(of: #""data":["#)).upperBound
    return String(line[start...].dropLast(2))
  }

  @Test func theRecordedTickerAndInstrument() throws {
    let spot =
      #"{"instType":"SPOT","instId":"BTC-USDT","last":"9999.99","askPx":"","bidPx":"8888.88","open24h":"9000","volCcy24h":"2222","vol24h":"0.25","ts":"1597026383085"}"#
    let adapter = OKXAdapter()
    #expect(
      adapter.restRequests(for: .tickers).map(\.target) == [
        "/api/v5/market/tickers?instType=SPOT", "/api/v5/market/tickers?instType=SWAP",
        "/api/v5/market/tickers?instType=FUTURES",
      ])
    let rows = try adapter.decodeTickers([
      Self.envelope(spot), Self.envelope(Self.recordedTickerRow()), Self.envelope(""),
    ])
    #expect(rows.errors.isEmpty)
    #expect(rows.rows.map(\.symbol) == ["BTC-USDT", "UNI-USD-SWAP"])
    // Spot: `volCcy24h` is the quote's volume; the swap's (the base's) is not taken as it.
    #expect(rows.rows[0].ticker.quoteVolume24h == Self.d("2222") && rows.rows[0].ticker.ask == nil)
    #expect(rows.rows[1].ticker.volume24h == Self.d("289425") && rows.rows[1].ticker.quoteVolume24h == nil)
    #expect(rows.rows[1].ticker.last == Self.d("5.123") && rows.rows[1].ticker.timeMs == 1_652_459_223_143)

    let instrument = String(
      decoding: Fixture.bytes("exchanges/okx-v5_2022-05-13_UNI-USD-SWAP_rest-instrument.json"), as: UTF8.self)
    let specs = try adapter.decodeInstruments([
      Self.envelope(""), Self.envelope(instrument), Self.envelope(""),
    ])
    #expect(specs.rows.map(\.key.description) == ["okx:UNI-USD-SWAP"] && specs.errors.isEmpty)
  }

  static let refusals: [(String, String, String?)] = [
    (
      "a refusal", #"{"code":"50011","msg":"Too Many Requests","data":[]}"#,
      "OKX code 50011: Too Many Requests"
    ),
    ("no data", #"{"code":"0","msg":""}"#, "no data array"),
    ("a bad field", #"{"code":"0","data":[{"instId":"A","last":"1.2.3"},{"instId":"B","last":"1"}]}"#, nil),
  ]

  @Test(arguments: refusals)
  func refusalsSayWhat(name: String, text: String, thrown: String?) throws {
    let body = try Self.body(text)
    if let thrown {
      #expect(throws: RESTBodyError(thrown)) { try OKXAdapter().decodeTickers([body]) }
      #expect(throws: RESTBodyError(thrown)) { try OKXAdapter().decodeInstruments([body]) }
    } else {
      let rows = try OKXAdapter().decodeTickers([body])
      #expect(rows.rows.map(\.symbol) == ["B"] && rows.errors.count == 1, "\(name): \(rows.errors)")
    }
  }

  @Test func candlesGoThroughTheAdapter() throws {
    let body = try WireValue.parse(Fixture.bytes("exchanges/okx-v5_docs-shaped_rest-candles.json"))
    #expect(try !OKXAdapter().decodeCandles(body).isEmpty)
  }

  /// `/api/v5/market/books` in the shape of OKX's v5 documentation ("Get order book": `asks`,
  /// `bids` of `[px, sz, "0", orders]`, `ts`; no `seqId`): a REST snapshot of the symbol asked,
  /// placed by its `ts`.
  @Test func theRESTBookIsASnapshotAtItsTime() throws {
    let body =
      #"{"code":"0","msg":"","data":[{"asks":[["41006.8","0.60038921","0","1"]],"bids":[["41006.3","0.30178218","0","2"],["41006.2","1","0","1"]],"ts":"1629966436396"}]}"#
    var batch = VenueBatch()
    try Array(body.utf8).withUnsafeBufferPointer {
      try OKXAdapter().decodeSnapshot($0, symbol: "BTC-USDT", receivedAt: 9, into: &batch)
    }
    #expect(
      batch.events == [
        .book(
          symbol: "BTC-USDT", update: .restSnapshot(receivedAt: 9, venueTimeMs: 1_629_966_436_396),
          levels: 0..<3)
      ])
    #expect(batch.levels.map(\.side) == [.ask, .bid, .bid])
    #expect(
      OKXAdapter().restRequests(for: .bookSnapshot("BTC-USDT", depth: 400)).map(\.target) == [
        "/api/v5/market/books?instId=BTC-USDT&sz=400"
      ])
  }

  /// OKX's error is refused with its words; a body cut half way adds nothing.
  @Test(arguments: [
    #"{"code":"51001","msg":"Instrument ID does not exist","data":[]}"#,
    #"{"code":"0","msg":"","data":[{"asks":[["1","2","0","1"]],"bids":[["x","1","0","1"]],"ts":"1"}]}"#,
    #"{"code":"0","msg":"","data":[]}"#,
  ])
  func aBadRESTBookIsRefusedWhole(body: String) {
    var batch = VenueBatch()
    #expect(throws: WireError.self) {
      try Array(body.utf8).withUnsafeBufferPointer {
        try OKXAdapter().decodeSnapshot($0, symbol: "BTC-USDT", receivedAt: 0, into: &batch)
      }
    }
    #expect(batch.events.isEmpty && batch.levels.isEmpty)
  }
}
