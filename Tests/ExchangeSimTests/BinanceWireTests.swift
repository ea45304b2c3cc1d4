import Testing

@testable import ExchangeSim

/// The Binance dialect's pure parts: stream names, endpoints, number text and depth windows.
@Suite struct BinanceWireTests {
  @Test func streamNamesPerMarket() {
    #expect(
      BinanceStream("btcusdt@depth@100ms", market: .spot)
        == BinanceStream(kind: .depth, symbol: "BTCUSDT", intervalMs: 100))
    // `@depth` is 1000 ms on spot, 250 ms on USDⓈ-M; `@0ms` is USDⓈ-M's alone.
    #expect(BinanceStream("BTCUSDT@depth", market: .spot)?.intervalMs == 1_000)
    #expect(BinanceStream("btcusdt@depth", market: .usdm)?.intervalMs == 250)
    #expect(BinanceStream("btcusdt@depth@0ms", market: .usdm)?.intervalMs == 0)
    #expect(BinanceStream("btcusdt@depth@0ms", market: .spot) == nil)
    #expect(BinanceStream("btcusdt@markPrice@1s", market: .usdm)?.kind == .markPrice)
    #expect(BinanceStream("btcusdt@markPrice", market: .spot) == nil)
    #expect(BinanceStream("!ticker@arr", market: .usdm) == BinanceStream(kind: .ticker, symbol: nil))
    #expect(BinanceStream("!forceOrder@arr", market: .spot) == nil)
    for bad in ["", "@trade", "btc-usdt@trade", "btcusdt@depth5", "btcusdt@trade@1s", "btcusdt"] {
      #expect(BinanceStream(bad, market: .spot) == nil, "\(bad)")
    }
  }

  @Test func endpointsAndWhatTheyRoute() {
    #expect(BinanceRoute(path: "/binance/stream") == .spot)
    #expect(BinanceRoute(path: "/binance-usdm/public/stream") == .usdmPublic)
    #expect(BinanceRoute(path: "/binance-usdm/market/stream") == .usdmMarket)
    #expect(BinanceRoute(path: "/binance-usdm/stream") == .usdmUnrouted)
    for other in ["/binance/public/stream", "/binancex/stream", "/realtime", "/binance", "/binance-usdm/ws"] {
      #expect(BinanceRoute(path: other) == nil, "\(other)")
    }
    #expect(BinanceRoute.usdmPublic.serves(.depth) && BinanceRoute.usdmPublic.serves(.bookTicker))
    #expect(!BinanceRoute.usdmPublic.serves(.aggTrade) && !BinanceRoute.usdmPublic.serves(.markPrice))
    #expect(BinanceRoute.usdmMarket.serves(.aggTrade) && !BinanceRoute.usdmMarket.serves(.depth))
    #expect(!BinanceRoute.spot.serves(.forceOrder))
  }

  @Test(arguments: [
    (Int64(100_000), 8, "\"0.00100000\""), (6_182_401_000_000, 8, "\"61824.01000000\""),
    (1_025, 3, "\"1.025\""),
    (7, 0, "\"7\""), (-1_550, 2, "\"-15.50\""), (0, 2, "\"0.00\""),
  ])
  func numbersAreQuotedWithEveryDigit(units: Int64, decimals: Int, text: String) {
    var w = JSONWriter()
    BinanceEncoder.quoted(units, decimals: decimals, into: &w)
    #expect(String(decoding: w.bytes, as: UTF8.self) == text)
  }

  /// A window sends each level's latest quantity once, the ids of its first and last change, and
  /// the last update's `u` as the next one's `pu`; it gathers only while listened to, and a change
  /// no one took spends its id all the same (the next `pu` is the id just before its `U`).
  @Test func aDepthWindowGathersThenSendsOneUpdate() {
    var w = BinanceDepthWindow(intervalMs: 100, startMs: 1_050, lastID: 9)
    w.record(bid: true, BinanceLevel(ticks: 5, qty: 1), id: 10)
    #expect(w.flush(at: 1_100, now: false) == nil)
    w.listen(by: 1)
    w.record(bid: true, BinanceLevel(ticks: 5, qty: 1), id: 11)
    w.record(bid: false, BinanceLevel(ticks: 7, qty: 3), id: 14)
    w.record(bid: true, BinanceLevel(ticks: 6, qty: 2), id: 15)
    w.record(bid: true, BinanceLevel(ticks: 5, qty: 0), id: 16)
    // Not before the window's end.
    #expect(w.flush(at: 1_199, now: false) == nil)
    let first = w.flush(at: 1_200, now: false)
    #expect(
      first
        == BinanceDepthEvent(
          first: 11, last: 16, previous: 10,
          bids: [BinanceLevel(ticks: 6, qty: 2), BinanceLevel(ticks: 5, qty: 0)],
          asks: [BinanceLevel(ticks: 7, qty: 3)]))
    // An empty window sends nothing; the next update links to the last one sent.
    #expect(w.flush(at: 1_300, now: false) == nil)
    w.record(bid: false, BinanceLevel(ticks: 8, qty: 1), id: 20)
    #expect(w.flush(at: 1_350, now: true).map { ($0.first, $0.last, $0.previous) }! == (20, 20, 16))
    // The last listener gone, what was gathered goes.
    w.record(bid: false, BinanceLevel(ticks: 8, qty: 2), id: 21)
    w.listen(by: -1)
    #expect(w.flush(at: 2_000, now: true) == nil)
    w.record(bid: false, BinanceLevel(ticks: 8, qty: 3), id: 23)
    w.listen(by: 1)
    w.record(bid: false, BinanceLevel(ticks: 8, qty: 4), id: 24)
    #expect(w.flush(at: 2_100, now: true).map { ($0.first, $0.last, $0.previous) }! == (24, 24, 23))
  }
}
