import OKX
import TestSupport
import Testing
import VenueCore
import WireJSON

/// OKX v5 `tickers`, `mark-price` and `funding-rate` frames into `VenueTicker`s: the real
/// UNI-USD-SWAP ticker of the 2022 capture (cryptofeed, see `Fixtures/exchanges/PROVENANCE.md`),
/// the rest in the shapes of OKX's v5 documentation (WebSocket public channels).
@Suite struct OKXTickerTests {
  private static func d(_ text: String) -> FixedDecimal { FixedDecimal(text)! }

  private static func decode(_ frame: [UInt8]) throws -> VenueBatch {
    var batch = VenueBatch()
    try OKXDecoder().decode(frame, receivedAt: 0, into: &batch)
    return batch
  }

  /// The real swap ticker: `vol24h` in contracts, `volCcy24h` (the base's, on a derivative) not
  /// taken as the quote's volume.
  @Test func theRecordedSwapTicker() throws {
    let frame = try #require(
      Fixture.lines(OKXRecordedFramesTests.capture).first {
        String(decoding: $0, as: UTF8.self).contains(#""data":[{"instType":"SWAP""#)
      })
    let batch = try Self.decode(frame)
    var expected = VenueTicker()
    expected.last = Self.d("5.123")
    expected.ask = Self.d("5.142")
    expected.askSize = Self.d("25")
    expected.bid = Self.d("5.134")
    expected.bidSize = Self.d("96")
    expected.open24h = Self.d("4.799")
    expected.high24h = Self.d("5.458")
    expected.low24h = Self.d("4.537")
    expected.volume24h = Self.d("289425")
    expected.timeMs = 1_652_459_223_143
    #expect(batch.events == [.ticker(symbol: "UNI-USD-SWAP", ticker: 0)])
    #expect(batch.tickers == [expected])
  }

  static let cases: [(String, VenueTicker)] = [
    (
      // Spot: `volCcy24h` is the quote's volume; an empty side is unknown.
      #"{"arg":{"channel":"tickers","instId":"BTC-USDT"},"data":[{"instType":"SPOT","instId":"BTC-USDT","last":"9999.99","lastSz":"0.1","askPx":"","askSz":"","bidPx":"8888.88","bidSz":"5","open24h":"9000","high24h":"10000","low24h":"8888.88","volCcy24h":"2222","vol24h":"2222","sodUtc0":"2222","sodUtc8":"2222","ts":"1597026383085"}]}"#,
      {
        var t = VenueTicker()
        t.last = d("9999.99")
        t.bid = d("8888.88")
        t.bidSize = d("5")
        t.open24h = d("9000")
        t.high24h = d("10000")
        t.low24h = d("8888.88")
        t.volume24h = d("2222")
        t.quoteVolume24h = d("2222")
        t.timeMs = 1_597_026_383_085
        return t
      }()
    ),
    (
      #"{"arg":{"channel":"mark-price","instId":"BTC-USDT-SWAP"},"data":[{"instType":"SWAP","instId":"BTC-USDT-SWAP","markPx":"42310.6","ts":"1630049139746"}]}"#,
      {
        var t = VenueTicker(partial: true)
        t.markPrice = d("42310.6")
        t.timeMs = 1_630_049_139_746
        return t
      }()
    ),
    (
      #"{"arg":{"channel":"funding-rate","instId":"BTC-USDT-SWAP"},"data":[{"fundingRate":"0.0001875391284828","fundingTime":"1700726400000","instId":"BTC-USDT-SWAP","instType":"SWAP","method":"current_period","nextFundingRate":"","nextFundingTime":"1700755200000","ts":"1700724675402"}]}"#,
      {
        var t = VenueTicker(partial: true)
        t.fundingRate = d("0.0001875391284828")
        t.nextFundingTimeMs = 1_700_726_400_000
        t.timeMs = 1_700_724_675_402
        return t
      }()
    ),
  ]

  @Test(arguments: cases)
  func documentedTickers(frame: String, expected: VenueTicker) throws {
    let batch = try Self.decode(Array(frame.utf8))
    #expect(batch.tickers == [expected])
    #expect(batch.events.count == 1)
  }

  /// `index-tickers` of a swap's index (`BTC-USDT`), in the shape of OKX's v5 documentation
  /// (WebSocket public channel "Index tickers"): the index price only, keyed to the swap that
  /// index belongs to (the one instrument the adapter subscribes it for), its acknowledgement too.
  @Test func anIndexTickerIsTheSwapsIndex() throws {
    let frame =
      #"{"arg":{"channel":"index-tickers","instId":"BTC-USDT"},"data":[{"instId":"BTC-USDT","idxPx":"0.1","high24h":"0.5","low24h":"0.1","open24h":"0.1","sodUtc0":"0.1","sodUtc8":"0.1","ts":"1597026383085"}]}"#
    let batch = try Self.decode(Array(frame.utf8))
    var expected = VenueTicker(partial: true)
    expected.indexPrice = Self.d("0.1")
    expected.timeMs = 1_597_026_383_085
    #expect(batch.events == [.ticker(symbol: "BTC-USDT-SWAP", ticker: 0)])
    #expect(batch.tickers == [expected])
    let ack = try Self.decode(
      Array(
        #"{"event":"subscribe","arg":{"channel":"index-tickers","instId":"BTC-USD"},"connId":"a4d3ae55"}"#
          .utf8))
    #expect(ack.events == [.subscribed(.mark, symbol: "BTC-USD-SWAP")])
  }

  @Test func aTickerWithABadNumberIsRefusedWhole() {
    var batch = VenueBatch()
    let frame =
      #"{"arg":{"channel":"tickers","instId":"BTC-USDT"},"data":[{"instId":"BTC-USDT","last":"1"},{"instId":"ETH-USDT","last":"x"}]}"#
    #expect(throws: WireError.self) {
      try OKXDecoder().decode(Array(frame.utf8), receivedAt: 0, into: &batch)
    }
    #expect(batch.tickers.isEmpty && batch.events.isEmpty)
  }
}
