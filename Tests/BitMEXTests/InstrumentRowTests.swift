import MarketModel
import TestSupport
import Testing

@testable import BitMEX

/// Every instrument field decodes from the recorded rows of `GET /instrument/active`
/// (2021-07-22): each expected value below is copied from the fixture's text.
@Suite struct InstrumentRowTests {
  static func activeRows() throws -> [Symbol: InstrumentUpdate] {
    var decoder = BitMEXDecoder()
    guard
      case .rows(let rows) = try decoder.decodeInstruments(
        Fixture.bytes("2021-07-22_rest_instrument_active.json"))
    else { throw DecodeError("not rows", at: 0) }
    return Dictionary(rows.map { ($0.symbol, $0) }, uniquingKeysWith: { a, _ in a })
  }

  /// XBTUSD: an inverse perpetual.
  @Test func inversePerpetual() throws {
    let x = try #require(Self.activeRows()["XBTUSD"])
    #expect(x.typ == "FFWCSX")
    #expect(x.rootSymbol == "XBT")
    #expect(x.underlying == "XBT")
    #expect(x.quoteCurrency == "USD")
    #expect(x.positionCurrency == "USD")
    #expect(x.settlCurrency == "XBt")
    #expect(x.expiryMs == nil)
    #expect(x.tickSize == 0.5)
    #expect(x.lotSize == 100)
    #expect(x.maxOrderQty == 10_000_000)
    #expect(x.multiplier == -100_000_000)
    #expect(x.underlyingToPositionMultiplier == nil)
    #expect(x.underlyingToSettleMultiplier == -100_000_000)
    #expect(x.quoteToSettleMultiplier == nil)
    #expect(x.isInverse == true)
    #expect(x.isQuanto == false)
    #expect(x.takerFee == 0.00075)
    #expect(x.state == "Open")
    #expect(x.lastPrice == 32175)
    #expect(x.lastTickDirection == .zeroMinusTick)
    #expect(x.lastChangePcnt == 0.0058)
    #expect(x.prevPrice24h == 31990)
    #expect(x.markPrice == 32184.89)
    #expect(x.indicativeSettlePrice == 32182.72)
    #expect(x.fundingRate == 0.0001)
    #expect(x.indicativeFundingRate == 0.0001)
    #expect(x.fundingTimeMs == 1_627_012_800_000)  // 2021-07-23T04:00:00.000Z
    #expect(x.volume24h == 662_123_900)
    #expect(x.turnover24h == 2_061_444_079_797)
    #expect(x.homeNotional24h == 20614.440797969906)
    #expect(x.foreignNotional24h == 662_123_900)
    #expect(x.openInterest == 574_264_600)
    #expect(x.highPrice == 32594.5)
    #expect(x.lowPrice == 31709)
    #expect(x.bidPrice == 32180)
    #expect(x.askPrice == 32180.5)
    #expect(x.timeMs == 1_626_993_365_000)  // 2021-07-22T22:36:05.000Z
  }

  /// ETHUSD in 2021: a quanto perpetual (no position currency); XBTU21: a future.
  @Test func quantoAndFuture() throws {
    let rows = try Self.activeRows()
    let eth = try #require(rows["ETHUSD"])
    #expect(eth.isQuanto == true && eth.isInverse == false)
    #expect(eth.multiplier == 100)
    #expect(eth.quoteToSettleMultiplier == 3108)
    #expect(eth.underlyingToSettleMultiplier == nil)
    #expect(eth.positionCurrency == "")
    #expect(eth.lastTickDirection == .plusTick)
    #expect(eth.foreignNotional24h == 211413840.24424988)
    #expect(eth.indicativeFundingRate == 0.000253)
    let future = try #require(rows["XBTU21"])
    #expect(future.typ == "FFCCSX")
    #expect(future.expiryMs == 1_632_484_800_000)  // 2021-09-24T12:00:00.000Z
    #expect(future.fundingTimeMs == nil && future.fundingRate == nil)
    #expect(future.lastTickDirection == .minusTick)
    #expect(rows["ETHU21"]?.underlyingToPositionMultiplier == 1)
  }

  /// No field is listed that the recorded rows never fill (a misspelt key would be).
  @Test func everyListedFieldIsFilledByARecordedRow() throws {
    let rows = try Self.activeRows().values
    for field in InstrumentFields.all {
      let filled = rows.contains { row in
        switch field.slot {
        case .text(let path): row.fields[keyPath: path] != nil
        case .number(let path): row.fields[keyPath: path] != nil
        case .time(let path): row.fields[keyPath: path] != nil
        case .flag(let path): row.fields[keyPath: path] != nil
        case .tickDirection(let path): row.fields[keyPath: path] != nil
        case .settlement(let code, let currency):
          row.fields[keyPath: code] != nil && row.fields[keyPath: currency] != nil
        }
      }
      #expect(filled, "\(field.key)")
    }
  }

  /// A 2026 `update` row carries only what changed; the rest stays unknown.
  @Test func updateRowCarriesOnlyItsFields() throws {
    let row = String(decoding: Fixture.data("nautilus/ws_instrument_mark_update.row.json"), as: UTF8.self)
    let batch = try decodeOne(#"{"table":"instrument","action":"update","data":["# + row + "]}")
    let update = try #require(batch.instruments.first)
    var expected = InstrumentUpdate(symbol: "DOTUSDT")
    expected.markPrice = 1.2669
    expected.timeMs = 1_779_886_600_500  // 2026-05-27T12:56:40.500Z
    #expect(batch.instruments == [expected])
    #expect(update.fields.lastPrice == nil)
  }

  /// Keys are read as JSON strings: escapes, null values and unknown keys.
  @Test func keysAndValuesAnyWayJSONSpellsThem() throws {
    let batch = try decodeOne(
      #"{"table":"instrument","action":"update","data":[{"sym\u0062ol":"XBTUSD","mark\u0050rice":5,"lastPrice":null,"isQuanto":true,"expiry":"2021-09-24T12:00:00.000Z","markPric":1,"markPrices":2,"":3}]}"#
    )
    var expected = InstrumentUpdate(symbol: "XBTUSD")
    expected.markPrice = 5
    expected.isQuanto = true
    expected.expiryMs = 1_632_484_800_000
    #expect(batch.instruments == [expected])
    // A value of the wrong kind makes the row malformed: it is skipped, and says why.
    let skipped = try decodeOne(
      #"{"table":"instrument","action":"update","data":[{"symbol":"X","isInverse":"yes"}]}"#)
    #expect(skipped.instruments.isEmpty)
    #expect(skipped.skippedRows == 1)
    #expect(skipped.lastSkippedRow?.hasPrefix("instrument row 1 (X): ") == true)
  }

  @Test func keyTableFindsEveryKeyAndNothingElse() {
    let keys = ["a", "ab", "abc", "", "underlyingToPositionMultiplier", "ba"]
    let table = KeyTable(keys.enumerated().map { (key: $0.element, value: $0.offset) })
    func find(_ key: String) -> Int? {
      var key = key
      return key.withUTF8 { table.value($0) }
    }
    for (i, key) in keys.enumerated() {
      #expect(find(key) == i, "\(key)")
    }
    for miss in ["b", "abcd", "A", "underlyingToPositionMultiplie", "aba"] {
      #expect(find(miss) == nil, "\(miss)")
    }
    // A key listed twice keeps its first value.
    var x = "x"
    #expect(x.withUTF8 { KeyTable([(key: "x", value: 1), (key: "x", value: 2)]).value($0) } == 1)
  }
}
