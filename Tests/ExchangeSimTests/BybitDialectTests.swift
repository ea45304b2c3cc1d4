import Bybit
import ExchangeSim
import Foundation
import Testing
import VenueCore
import WireJSON

/// The simulator's Bybit v5 dialect, read by tradeterm's own Bybit adapter: its subscribe frames
/// out, every frame through `BybitDecoder`, the book through the adapter's `bookPolicy(depth:)`.
@Suite(.serialized) struct BybitDialectTests {
  private func client(
    _ sim: ExchangeSim, _ category: BybitCategory, symbol: Symbol = "BTCUSDT", depth: Int = 50,
    scales: (UInt8, UInt8)
  ) throws -> VenueTestClient<BybitAdapter> {
    let adapter = BybitAdapter(category: category, host: sim.bybitWebSocketHost)
    let path = String(adapter.url.dropFirst("ws://127.0.0.1:\(sim.port)".count))
    let client = try VenueTestClient(
      adapter, port: sim.port, path: path, symbol: symbol,
      policy: .sequence(adapter.bookPolicy(depth: depth)),
      priceScale: scales.0, sizeScale: scales.1)
    try client.send(
      adapter.subscribeFrames([Subscription(.book, symbol, depth: depth), Subscription(.trades, symbol)]))
    return client
  }

  static let cases: [(BybitCategory, Symbol, Int, UInt8, UInt8)] = [
    (.linear, "BTCUSDT", 50, 2, 3), (.spot, "ETHUSDT", 200, 2, 5), (.inverse, "BTCUSD", 1, 1, 0),
    (.linear, "ETHUSDT", 1000, 2, 2),
  ]

  @Test(arguments: cases)
  func theBookGoesLiveFollowsAndMatchesTheSimulators(
    category: BybitCategory, symbol: Symbol, depth: Int, priceScale: UInt8, sizeScale: UInt8
  ) throws {
    try SimTest.with(VenueDialect.config()) { sim in
      let c = try client(sim, category, symbol: symbol, depth: depth, scales: (priceScale, sizeScale))
      #expect(try c.pump { c.policy.state == .live && c.deltas >= 40 && c.trades.count >= 3 })
      #expect(c.faults.isEmpty, "\(c.faults)")
      #expect(c.refused.isEmpty, "\(c.refused.prefix(3))")
      sim.pauseMarket()
      // `{"op":"ping"}` is answered, after everything sent before it.
      let pongs = c.pongs
      try c.send([#"{"op":"ping"}"#])
      #expect(try c.pump { c.pongs > pongs })
      let held = sim.followerBook(
        venue: "bybit-\(category.rawValue)", symbol: symbol.description, depth: depth)
      #expect(c.sides.bids == held.bids && c.sides.asks == held.asks)
      #expect(held.bids.count == depth && held.asks.count == depth)
      // `S` is the taker's side.
      let last = try #require(
        sim.followerLastTrade(venue: "bybit-\(category.rawValue)", symbol: symbol.description))
      let trade = try #require(c.trades.last)
      #expect(trade.price.description == last.price && (trade.aggressor == .buy) == last.takerBought)
    }
  }

  /// A `u` that skips (a delta lost) is one fault; the book waits for a snapshot.
  @Test func aSequenceGapIsExactlyOneFault() throws {
    try SimTest.with(VenueDialect.config()) { sim in
      let c = try client(sim, .linear, scales: (2, 3))
      #expect(try c.pump { c.policy.state == .live && c.deltas >= 20 })
      sim.sendSequenceGap()
      #expect(try c.pump { c.faults.count == 1 })
      let dropped = c.dropped
      #expect(try c.pump { c.dropped >= dropped + 30 })
      #expect(c.faults.count == 1, "\(c.faults)")
      guard case .sequenceGap? = c.faults.first else {
        Issue.record("not a sequence gap: \(c.faults)")
        return
      }
      // A snapshot again (as after resubscribing) makes it live.
      sim.bybitSnapshotAgain(restart: false)
      #expect(try c.pump { c.policy.state == .live && c.deltas >= 30 })
      #expect(c.faults.count == 1)
    }
  }

  /// `u == 1` (a service restart) and a later snapshot each replace the book: no fault, and the
  /// book still follows.
  @Test func aRestartAndASecondSnapshotReplaceTheBook() throws {
    try SimTest.with(VenueDialect.config()) { sim in
      let c = try client(sim, .linear, scales: (2, 3))
      #expect(try c.pump { c.policy.state == .live && c.deltas >= 20 })
      sim.bybitSnapshotAgain(restart: true)
      #expect(
        try c.pump { c.frames.contains { $0.contains(#""type":"snapshot""#) && $0.contains(#""u":1,"#) } })
      let deltas = c.deltas
      #expect(try c.pump { c.deltas >= deltas + 20 })
      sim.bybitSnapshotAgain(restart: false)
      #expect(try c.pump { c.snapshots == 3 && c.deltas >= deltas + 40 })
      #expect(c.faults.isEmpty, "\(c.faults)")
      sim.pauseMarket()
      let pongs = c.pongs
      try c.send([#"{"op":"ping"}"#])
      #expect(try c.pump { c.pongs > pongs })
      let held = sim.followerBook(venue: "bybit-linear", symbol: "BTCUSDT", depth: 50)
      #expect(c.sides.bids == held.bids && c.sides.asks == held.asks)
    }
  }

  @Test func subscribeAcksAndRefusals() throws {
    try SimTest.with(VenueDialect.config()) { sim in
      let c = try client(sim, .spot, scales: (2, 6))
      #expect(
        try c.pump {
          c.frames.contains { $0.contains(#""success":true"#) && $0.contains(#""op":"subscribe""#) }
        })
      try c.send([#"{"op":"subscribe","args":["orderbook.50.NOPEUSDT"]}"#])
      #expect(try c.pump { !c.venueErrors.isEmpty })
      #expect(c.venueErrors.first?.contains("NOPEUSDT") == true)
      // Spot takes at most 10 args a request.
      let eleven = (1...11).map { #""tickers.A\#($0)USDT""# }.joined(separator: ",")
      try c.send([#"{"op":"subscribe","args":[\#(eleven)]}"#])
      #expect(try c.pump { c.venueErrors.count == 2 })
      #expect(c.venueErrors.last?.contains("args size") == true)
    }
  }

  /// Derivative `tickers` are a snapshot, then deltas of the fields that changed; spot's are
  /// snapshots every time.
  @Test(arguments: [BybitCategory.linear, .spot])
  func tickers(category: BybitCategory) throws {
    try SimTest.with(VenueDialect.config()) { sim in
      let c = try client(sim, category, scales: (2, 3))
      try c.send([#"{"op":"subscribe","args":["tickers.BTCUSDT","tickers.SOLUSDT"]}"#])
      let frames = { c.frames.filter { $0.contains(#""topic":"tickers.BTCUSDT""#) } }
      #expect(try c.pump { frames().count >= 4 })
      let types = frames().compactMap { (SimTest.json($0) as? [String: Any])?["type"] as? String }
      #expect(types.first == "snapshot")
      if category == .spot {
        #expect(types.allSatisfy { $0 == "snapshot" })
      } else {
        #expect(types.dropFirst().allSatisfy { $0 == "delta" })
        let sizes = frames().compactMap {
          ((SimTest.json($0) as? [String: Any])?["data"] as? [String: Any])?.count
        }
        #expect(sizes.dropFirst().allSatisfy { $0 < sizes[0] }, "\(sizes)")
      }
      #expect(try c.pump { c.frames.contains { $0.contains(#""topic":"tickers.SOLUSDT""#) } })
    }
  }

  /// The gap fault set from the start (`venue-gap-after`), as `tradeterm-sim --fault` sets it;
  /// garbage is refused by the decoder; a drop closes.
  @Test func faultsFromTheSpec() throws {
    var config = VenueDialect.config()
    try config.faults.apply(spec: "venue-gap-after=0.3")
    try SimTest.with(config) { sim in
      let c = try client(sim, .linear, scales: (2, 3))
      #expect(try c.pump { c.faults.count == 1 })
      sim.sendGarbage(.notJSON)
      sim.sendGarbage(.truncated)
      #expect(try c.pump { c.refused.count == 2 })
      #expect(c.faults.count == 1)
      sim.dropConnections()
      #expect(try c.pump { c.closed })
    }
  }

  /// `orderbook` and `recent-trade` as the adapter asks for them: the simulator's book and
  /// newest trade.
  @Test func bookAndRecentTradesOverREST() throws {
    try SimTest.with(VenueDialect.config()) { sim in
      #expect(SimTest.wait { sim.followerLastTrade(venue: "bybit-linear", symbol: "BTCUSDT") != nil })
      sim.pauseMarket()
      let adapter = BybitAdapter(category: .linear, host: sim.bybitWebSocketHost)
      let book = try VenueDialect.get(
        sim.port, "/bybit", try #require(adapter.restRequests(for: .bookSnapshot("BTCUSDT", depth: 50)).first)
      )
      let asks = try #require(book.body["result"]?["a"]?.array)
      let held = sim.followerBook(venue: "bybit-linear", symbol: "BTCUSDT", depth: 50)
      #expect(
        asks.map { "\($0.array?.first?.text ?? "")×\($0.array?.dropFirst().first?.text ?? "")" } == held.asks)
      let trades = try VenueDialect.get(
        sim.port, "/bybit", try #require(adapter.restRequests(for: .recentTrades("BTCUSDT", limit: 20)).first)
      )
      let newest = try #require(trades.body["result"]?["list"]?.array?.first)
      let last = try #require(sim.followerLastTrade(venue: "bybit-linear", symbol: "BTCUSDT"))
      #expect(
        newest["price"]?.text == last.price && newest["side"]?.text == (last.takerBought ? "Buy" : "Sell"))
    }
  }

  @Test(arguments: BybitCategory.allCases)
  func instrumentsAndKlinesDecode(category: BybitCategory) throws {
    try SimTest.with(VenueDialect.config()) { sim in
      let adapter = BybitAdapter(category: category, host: sim.bybitWebSocketHost)
      let info = try VenueDialect.get(
        sim.port, "/bybit", try #require(adapter.restRequests(for: .instruments).first))
      let (specs, errors) = BybitInstruments.specs(instrumentsInfo: info.body, category: category)
      #expect(errors.isEmpty, "\(errors)")
      let symbol: Symbol = category == .inverse ? "BTCUSD" : "BTCUSDT"
      let btc = try #require(specs.first { $0.key.symbol == symbol })
      let expected: [BybitCategory: (String, String)] = [
        .spot: ("0.01", "0.000001"), .linear: ("0.10", "0.001"), .inverse: ("0.5", "1"),
      ]
      #expect(
        btc.tickSize.description == expected[category]?.0 && btc.lotSize.description == expected[category]?.1)
      let now = Int64(Date().timeIntervalSince1970 * 1000)
      let request = try #require(
        adapter.restRequests(for: .candles(symbol, intervalMs: 300_000, limit: 50, beforeMs: now)).first)
      let candles = try BybitCandles.decode(kline: try VenueDialect.get(sim.port, "/bybit", request).body)
      #expect(candles.count == 50)
      #expect(candles.allSatisfy { $0.openTimeMs.isMultiple(of: 300_000) && $0.openTimeMs < now })
      // Prices on the tick grid.
      let tick = btc.tickSize.doubleValue
      #expect(
        candles.allSatisfy { c in
          [c.open, c.high, c.low, c.close].allSatisfy {
            abs(($0.doubleValue / tick).rounded() * tick - $0.doubleValue) < tick / 1e3
          }
        })
      let xbt = try #require(sim.lastPrice(symbol: "XBTUSD"))
      #expect(abs(try #require(candles.last).close.doubleValue / xbt - 1) < 0.01)
    }
  }
}
