import BitMEX
import ExchangeSim
import Foundation
import MarketModel
import Testing

/// Candles as tradeterm builds them (complete REST bins, then the trade tape) against the
/// simulator's own trades, over real loopback, on a fixed market clock.
@Suite struct CandleBackfillTests {
  /// The raw body of a GET.
  static func body(_ port: Int, _ path: String) throws -> [UInt8] {
    let socket = try TestSocket(port: port)
    try socket.write(Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
    guard let answer = try TestWebSocket.readHTTP(socket, until: Date(timeIntervalSinceNow: 3)) else {
      throw TestSocket.Failure(description: "no answer to GET \(path)")
    }
    #expect(answer.status == 200, "GET \(path)")
    return Array(answer.body.utf8)
  }

  static func trades(_ port: Int) throws -> [Trade] {
    var decoder = BitMEXDecoder()
    guard
      case .rows(let rows) = try decoder.decodeTrades(
        try body(port, "/api/v1/trade?symbol=XBTUSD&count=1000"))
    else { return [] }
    return rows
  }

  /// A known window: 3½ minutes of the simulated market from an hour boundary. The 1-minute
  /// candles from `partial=false` bins plus the tape (the trade list sent before the bins,
  /// then the trades after) equal candles computed from every trade the simulator printed,
  /// minute by minute, from the first whole minute on.
  @Test func candlesMatchTheSimulatorsTrades() throws {
    let epoch: Int64 = 1_700_006_400_000
    let config = SimConfig(
      seed: 7, levels: 40, bookRate: 10, tradeRate: 2, instrumentInterval: 1, partialDelay: 0.02,
      epoch: Date(timeIntervalSince1970: Double(epoch) / 1000), startPaused: true, warmUpTicks: 0)
    try SimTest.with(config) { sim in
      // 150 s of market (10 ticks a second).
      sim.advanceMarket(ticks: 1_500)
      let before = try Self.trades(sim.port)
      #expect(before.count > 100 && before.count < 1_000, "every trade so far is in one answer")

      var series = CandleSeries(interval: .oneMinute)
      // The trade partial comes first …
      for t in before { series.add(price: t.price, size: t.size, timeMs: t.timeMs) }
      // … then the complete bins (newest first, stamped with their end).
      var decoder = BitMEXDecoder()
      let path = "/api/v1/trade/bucketed?binSize=1m&partial=false&reverse=true&count=10&symbol=XBTUSD"
      guard case .rows(let bins) = try decoder.decodeTradeBins(try Self.body(sim.port, path)) else {
        Issue.record("no bins")
        return
      }
      #expect(bins.first?.endMs == epoch + 2 * 60_000, "complete bins end at the current minute's start")
      series.backfill(bins)

      // 60 s more; the tape sends the new trades (the tape drops those it has).
      sim.advanceMarket(ticks: 600)
      let all = try Self.trades(sim.port)
      #expect(all.count > before.count && all.count < 1_000)
      #expect(Array(all.prefix(before.count)) == before)
      for t in all.dropFirst(before.count) { series.add(price: t.price, size: t.size, timeMs: t.timeMs) }

      let expected = referenceCandles(all.map { ($0.timeMs, $0.price, $0.size) }, interval: 60_000)
        .filter { $0.startMs >= epoch + 60_000 }
      let got = series.candles.filter { $0.startMs >= epoch + 60_000 }
      #expect(expected.count == 3)
      #expect(got == expected)
      #expect(
        got.reduce(0) { $0 + $1.volume }
          == all.filter { $0.timeMs >= epoch + 60_000 }.reduce(0) { $0 + $1.size })
    }
  }

  /// `endTime` pages back: the bins ending at or before it, complete, newest first; the page
  /// before the first joins it without a gap.
  @Test func endTimePagesBack() throws {
    let epoch: Int64 = 1_700_006_400_000
    let config = SimConfig(
      seed: 3, levels: 40, bookRate: 10, tradeRate: 2, instrumentInterval: 1, partialDelay: 0.02,
      epoch: Date(timeIntervalSince1970: Double(epoch) / 1000), startPaused: true, warmUpTicks: 0)
    try SimTest.with(config) { sim in
      sim.advanceMarket(ticks: 600)
      var decoder = BitMEXDecoder()
      let first = "/api/v1/trade/bucketed?binSize=1h&partial=false&reverse=true&count=5&symbol=XBTUSD"
      guard case .rows(let newest) = try decoder.decodeTradeBins(try Self.body(sim.port, first)) else {
        Issue.record("no bins")
        return
      }
      #expect(newest.map(\.endMs) == (0..<5).map { epoch - Int64($0) * 3_600_000 })
      let oldest = try #require(newest.last)
      let page = first + "&endTime=\(UTCTime.iso(ms: oldest.endMs - 3_600_000))"
      guard case .rows(let older) = try decoder.decodeTradeBins(try Self.body(sim.port, page)) else {
        Issue.record("no older bins")
        return
      }
      #expect(older.map(\.endMs) == (5..<10).map { epoch - Int64($0) * 3_600_000 })
      // The pages join: the newer page's oldest bin opens at the older page's newest close.
      #expect(oldest.open == older.first?.close)
      let bad = try SimTest.get(sim.port, first + "&endTime=yesterday")
      #expect(bad.status == 400)
    }
  }

  /// Candles computed straight from trades, BitMEX's way (each opens at the previous close).
  func referenceCandles(_ trades: [(Int64, Double, Int64)], interval: Int64) -> [Candle] {
    var out: [Candle] = []
    for (time, price, size) in trades.sorted(by: { $0.0 < $1.0 }) {
      let start = time - time % interval
      while let last = out.last, last.startMs < start {
        out.append(Candle(startMs: last.startMs + interval, flat: last.close))
      }
      if out.isEmpty { out.append(Candle(startMs: start, flat: price)) }
      out[out.count - 1].high = max(out[out.count - 1].high, price)
      out[out.count - 1].low = min(out[out.count - 1].low, price)
      out[out.count - 1].close = price
      out[out.count - 1].volume += size
      out[out.count - 1].trades += 1
    }
    return out
  }
}
