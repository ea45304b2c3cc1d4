import ExchangeSim
import Foundation
import MarketModel
import Testing

/// The REST API under `/api/v1` over real loopback connections.
@Suite struct RESTTests {
  @Test func instrumentsBySymbolAndActive() throws {
    try SimTest.with(SimTest.config()) { sim in
      let one = try SimTest.get(sim.port, "/api/v1/instrument?symbol=XBTUSD")
      #expect(one.status == 200)
      #expect(one.headers["content-type"]?.hasPrefix("application/json") == true)
      let rows = one.json as? [[String: Any]] ?? []
      #expect(rows.count == 1)
      #expect(rows.first?["symbol"] as? String == "XBTUSD")
      #expect(rows.first?["tickSize"] as? Double == 0.1)
      #expect(rows.first?["lotSize"] as? Int == 100)
      #expect(rows.first?["state"] as? String == "Open")
      #expect(rows.first?["isInverse"] as? Bool == true)
      #expect((rows.first?["lastPrice"] as? Double).map { $0 > 50_000 && $0 < 150_000 } == true)

      let sol = try SimTest.get(sim.port, "/api/v1/instrument?symbol=SOLUSDT").json as? [[String: Any]]
      #expect(sol?.first?["tickSize"] as? Double == 0.001)
      #expect(sol?.first?["underlyingToPositionMultiplier"] as? Int == 10_000)

      let unknown = try SimTest.get(sim.port, "/api/v1/instrument?symbol=NOPEUSD")
      #expect(unknown.status == 200)
      #expect((unknown.json as? [Any])?.isEmpty == true)

      let active = try SimTest.get(sim.port, "/api/v1/instrument/active").json as? [[String: Any]] ?? []
      let symbols = Set(active.compactMap { $0["symbol"] as? String })
      #expect(symbols.isSuperset(of: ["XBTUSD", "ETHUSD", "SOLUSDT"]))
      #expect(active.count == sim.instruments.count)
    }
  }

  /// Newest first, bucket ends on the minute, the last close is the current price.
  @Test(arguments: [("1m", 60_000), ("5m", 300_000)])
  func bucketedHistoryEndsAtTheCurrentPrice(binSize: String, binMs: Int) throws {
    try SimTest.with(SimTest.config()) { sim in
      sim.pauseMarket()
      let path = "/api/v1/trade/bucketed?binSize=\(binSize)&partial=true&reverse=true&count=120&symbol=XBTUSD"
      let answer = try SimTest.get(sim.port, path)
      #expect(answer.status == 200)
      let bins = answer.json as? [[String: Any]] ?? []
      #expect(bins.count == 120)
      let formatter = ISO8601DateFormatter()
      formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
      let ends = bins.compactMap { ($0["timestamp"] as? String).flatMap(formatter.date(from:)) }
      #expect(ends.count == 120)
      let endMs = ends.map { Int(($0.timeIntervalSince1970 * 1000).rounded()) }
      #expect(endMs.allSatisfy { $0 % binMs == 0 })
      #expect(zip(endMs, endMs.dropFirst()).allSatisfy { $0 - $1 == binMs })
      // The newest bucket is in progress: it ends in the future.
      #expect(ends[0] > Date())
      let last =
        try SimTest.get(sim.port, "/api/v1/trade?symbol=XBTUSD&count=1&reverse=true").json as? [[String: Any]]
      let lastPrice = last?.first?["price"] as? Double
      #expect(lastPrice != nil)
      #expect(bins[0]["close"] as? Double == lastPrice)
      #expect(sim.lastPrice(symbol: "XBTUSD") == lastPrice)
      for (newer, older) in zip(bins, bins.dropFirst()) {
        // A bucket opens at the previous bucket's close.
        #expect(newer["open"] as? Double == older["close"] as? Double)
        let high = newer["high"] as? Double ?? 0
        let low = newer["low"] as? Double ?? 0
        #expect(low <= high)
      }
      let oldestFirst = try SimTest.get(
        sim.port, path.replacingOccurrences(of: "reverse=true", with: "reverse=false"))
      let ascending = oldestFirst.json as? [[String: Any]] ?? []
      #expect(ascending.last?["close"] as? Double == lastPrice)
    }
  }

  @Test func tradesAndOrderBook() throws {
    try SimTest.with(SimTest.config()) { sim in
      sim.pauseMarket()
      let trades = try SimTest.get(sim.port, "/api/v1/trade?symbol=ETHUSD&count=5&reverse=true").json
      let rows = trades as? [[String: Any]] ?? []
      #expect(rows.count == 5)
      let times = rows.compactMap { $0["timestamp"] as? String }
      #expect(times == times.sorted(by: >))
      #expect(rows.allSatisfy { ($0["trdMatchID"] as? String)?.count == 36 })
      #expect(rows.allSatisfy { ["Buy", "Sell"].contains($0["side"] as? String ?? "") })

      let book =
        try SimTest.get(sim.port, "/api/v1/orderBook/L2?symbol=XBTUSD&depth=5").json as? [[String: Any]]
      let snapshot = sim.bookSnapshot(symbol: "XBTUSD", depth: 5)
      let asks = (book ?? []).filter { $0["side"] as? String == "Sell" }.map {
        PriceLevel(price: $0["price"] as? Double ?? 0, size: Int64($0["size"] as? Int ?? 0))
      }
      let bids = (book ?? []).filter { $0["side"] as? String == "Buy" }.map {
        PriceLevel(price: $0["price"] as? Double ?? 0, size: Int64($0["size"] as? Int ?? 0))
      }
      // BitMEX's order: asks from the highest down, then bids from the highest down.
      #expect(asks == snapshot.asks.reversed())
      #expect(bids == snapshot.bids)
    }
  }

  @Test func errorsHaveBitMEXsShape() throws {
    try SimTest.with(SimTest.config()) { sim in
      let missing = try SimTest.get(sim.port, "/api/v1/nothing/here")
      #expect(missing.status == 404)
      let error = (missing.json as? [String: Any])?["error"] as? [String: Any]
      #expect(error?["name"] as? String == "HTTPError")
      #expect(error?["message"] as? String == "Not Found")

      let bin = try SimTest.get(sim.port, "/api/v1/trade/bucketed?binSize=7m&symbol=XBTUSD")
      #expect(bin.status == 400)
      #expect(
        ((bin.json as? [String: Any])?["error"] as? [String: Any])?["name"] as? String == "ValidationError")

      #expect(try SimTest.get(sim.port, "/api/v1/orderBook/L2").status == 400)
      #expect(try SimTest.get(sim.port, "/api/v1/trade?count=-3").status == 400)
      #expect(try SimTest.get(sim.port, "/realtime").status == 400)
      #expect(sim.stats.restRequests >= 4)
    }
  }
}
