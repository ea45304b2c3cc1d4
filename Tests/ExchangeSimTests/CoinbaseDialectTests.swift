import Coinbase
import ExchangeSim
import Foundation
import Testing
import VenueCore
import WireJSON

/// The simulator's Coinbase Advanced Trade dialect, read by tradeterm's own Coinbase adapter:
/// its subscribe frames out, every frame through `CoinbaseDecoder`, the book through the
/// adapter's `bookPolicy` with the connection's `sequence_num` checked.
@Suite(.serialized) struct CoinbaseDialectTests {
  private func client(_ sim: ExchangeSim) throws -> VenueTestClient<CoinbaseAdapter> {
    let adapter = CoinbaseAdapter(url: sim.coinbaseWebSocketURL)
    let path = String(sim.coinbaseWebSocketURL.dropFirst("ws://127.0.0.1:\(sim.port)".count))
    let client = try VenueTestClient(
      adapter, port: sim.port, path: path, symbol: "BTC-USD", policy: .sequence(adapter.bookPolicy()),
      priceScale: 2, sizeScale: 8)
    try client.send(
      adapter.subscribeFrames([Subscription(.book, "BTC-USD"), Subscription(.trades, "BTC-USD")]))
    return client
  }

  @Test func theBookGoesLiveFollowsAndMatchesTheSimulators() throws {
    try SimTest.with(VenueDialect.config()) { sim in
      let c = try client(sim)
      #expect(
        try c.pump { c.policy.state == .live && c.deltas >= 100 && c.trades.count >= 5 && c.heartbeats >= 1 })
      #expect(c.faults.isEmpty, "\(c.faults)")
      #expect(c.refused.isEmpty, "\(c.refused.prefix(3))")
      #expect(c.snapshots == 1)
      sim.pauseMarket()
      #expect(try c.sync())
      let held = sim.followerBook(venue: "coinbase", symbol: "BTC-USD")
      #expect(c.sides.bids == held.bids && c.sides.asks == held.asks)
      #expect(held.bids.count == 1_100 && held.asks.count == 1_100)
      // `side` is the maker's: the decoder's aggressor is the simulator's taker.
      let last = try #require(sim.followerLastTrade(venue: "coinbase", symbol: "BTC-USD"))
      let trade = try #require(c.trades.last)
      #expect(trade.price.description == last.price && trade.size.description == last.size)
      #expect((trade.aggressor == .buy) == last.takerBought)
      // BTC-USD follows XBTUSD: within a few basis points of it.
      let xbt = try #require(sim.lastPrice(symbol: "XBTUSD"))
      #expect(abs(trade.price.doubleValue / xbt - 1) < 0.003)
    }
  }

  /// A `sequence_num` skipped in another channel than the book's (Coinbase counts every message
  /// of the connection) is one fault; the book waits for a fresh snapshot.
  @Test func aSequenceGapIsExactlyOneFault() throws {
    try SimTest.with(VenueDialect.config()) { sim in
      let c = try client(sim)
      #expect(try c.pump { c.policy.state == .live && c.deltas >= 20 })
      sim.sendSequenceGap()
      #expect(try c.pump { c.faults.count == 1 })
      let frames = c.received
      #expect(try c.pump { c.received >= frames + 50 })
      #expect(c.faults.count == 1, "\(c.faults)")
      #expect(c.policy.state != .live)
      // The skip came on a message of another channel.
      var previous: Int64?
      var skippedOn: String?
      for frame in c.frames {
        guard let json = SimTest.json(frame) as? [String: Any], let n = json["sequence_num"] as? Int64 else {
          continue
        }
        if let p = previous, n != p + 1 { skippedOn = json["channel"] as? String }
        previous = n
      }
      #expect(skippedOn != nil && skippedOn != "l2_data", "\(skippedOn ?? "no skip seen")")
      guard case .sequenceGap? = c.faults.first else {
        Issue.record("not a sequence gap: \(c.faults)")
        return
      }
    }
  }

  /// The bench's switch: one `level2` snapshot of 46,000 levels, about 5 MB, in one frame.
  @Test func theBigSnapshot() throws {
    var config = VenueDialect.config()
    config.faults.followers.bigCoinbaseSnapshot = true
    try SimTest.with(config) { sim in
      let c = try client(sim)
      let start = Date()
      #expect(try c.pump(timeout: 20) { c.policy.state == .live })
      // For the record, not a budget: the bench measures decoding and applying it.
      print(
        "level2 snapshot: \(c.largestFrame) bytes, live after \(Date().timeIntervalSince(start)) s (debug)")
      #expect(c.book.bids.count + c.book.asks.count >= 46_000)
      #expect(c.largestFrame > 4_000_000, "\(c.largestFrame)")
      #expect(c.faults.isEmpty)
    }
  }

  /// A ticker-only product (no book here) has its `ticker` channel, following its instrument.
  @Test func aTickerOnlyProductTicks() throws {
    try SimTest.with(VenueDialect.config()) { sim in
      let c = try client(sim)
      try c.send([#"{"type":"subscribe","product_ids":["SOL-USD"],"channel":"ticker"}"#])
      let tickers = {
        c.frames.filter { $0.contains(#""channel":"ticker""#) && $0.contains(#""type":"update""#) }
      }
      #expect(try c.pump { tickers().count >= 3 })
      let text = try #require(tickers().last)
      let json = try #require(SimTest.json(text) as? [String: Any])
      let event = try #require((json["events"] as? [[String: Any]])?.first)
      let ticker = try #require((event["tickers"] as? [[String: Any]])?.first)
      let priceText = try #require(ticker["price"] as? String)
      let price = try #require(Double(priceText))
      let sol = try #require(sim.lastPrice(symbol: "SOLUSDT"))
      #expect(abs(price / sol - 1) < 0.01)
      // A level2 of it is refused: it has no book here.
      try c.send([#"{"type":"subscribe","product_ids":["SOL-USD"],"channel":"level2"}"#])
      #expect(try c.pump { !c.venueErrors.isEmpty })
      #expect(c.faults.isEmpty)
    }
  }

  /// The BitMEX sessions' faults reach these connections the same way: garbage (BitMEX's
  /// malformed frames; those that are JSON of no Coinbase channel are ignored, the rest refused
  /// whole) leaves the book live; a stall is counted; a drop closes.
  @Test func garbageStallAndDrop() throws {
    try SimTest.with(VenueDialect.config()) { sim in
      let c = try client(sim)
      #expect(try c.pump { c.policy.state == .live && c.deltas >= 10 })
      for kind in GarbageFrame.allCases { sim.sendGarbage(kind) }
      let deltas = c.deltas
      #expect(try c.pump { c.deltas >= deltas + 20 })
      #expect(c.refused.count >= 6, "\(c.refused)")
      #expect(c.faults.isEmpty && c.policy.state == .live)
      sim.stallConnections()
      #expect(sim.stats.sessionsStalled == 1)
      sim.dropConnections()
      #expect(try c.pump { c.closed })
    }
  }

  /// `product_book` and `ticker` (recent trades) as the adapter asks for them: the simulator's
  /// book and newest trade.
  @Test func bookAndRecentTradesOverREST() throws {
    try SimTest.with(VenueDialect.config()) { sim in
      #expect(SimTest.wait { sim.followerLastTrade(venue: "coinbase", symbol: "BTC-USD") != nil })
      sim.pauseMarket()
      let adapter = CoinbaseAdapter(url: sim.coinbaseWebSocketURL)
      let book = try VenueDialect.get(
        sim.port, "/coinbase",
        try #require(adapter.restRequests(for: .bookSnapshot("BTC-USD", depth: 25)).first))
      let bids = try #require(book.body["pricebook"]?["bids"]?.array)
      let held = sim.followerBook(venue: "coinbase", symbol: "BTC-USD", depth: 25)
      #expect(bids.count == 25)
      #expect(bids.map { "\($0["price"]?.text ?? "")×\($0["size"]?.text ?? "")" } == held.bids)
      let trades = try VenueDialect.get(
        sim.port, "/coinbase",
        try #require(adapter.restRequests(for: .recentTrades("BTC-USD", limit: 50)).first))
      let newest = try #require(trades.body["trades"]?.array?.first)
      let last = try #require(sim.followerLastTrade(venue: "coinbase", symbol: "BTC-USD"))
      #expect(newest["price"]?.text == last.price && newest["size"]?.text == last.size)
      #expect(newest["side"]?.text == (last.takerBought ? "SELL" : "BUY"))
    }
  }

  /// A `-USDC` product's market data comes as its `-USD` product's, as Coinbase sends it.
  @Test func aUSDCProductComesAsItsUSDProduct() throws {
    try SimTest.with(VenueDialect.config()) { sim in
      let adapter = CoinbaseAdapter(url: sim.coinbaseWebSocketURL)
      let c = try VenueTestClient(
        adapter, port: sim.port, path: "/coinbase/ws", symbol: "BTC-USD",
        policy: .sequence(adapter.bookPolicy()),
        priceScale: 2, sizeScale: 8)
      try c.send(adapter.subscribeFrames([Subscription(.book, "BTC-USDC")]))
      #expect(try c.pump { c.policy.state == .live && c.deltas >= 10 })
      #expect(c.venueErrors.isEmpty && c.faults.isEmpty)
      #expect(!c.frames.contains { $0.contains(#""product_id":"BTC-USDC""#) })
    }
  }

  @Test func productsAndCandlesDecode() throws {
    try SimTest.with(VenueDialect.config()) { sim in
      let adapter = CoinbaseAdapter(url: sim.coinbaseWebSocketURL)
      let products = try VenueDialect.get(
        sim.port, "/coinbase", try #require(adapter.restRequests(for: .instruments).first))
      #expect(products.status == 200)
      let (specs, errors) = CoinbaseInstruments.specs(products: products.body)
      #expect(errors.isEmpty, "\(errors)")
      let btc = try #require(specs.first { $0.key.symbol == "BTC-USD" })
      #expect(btc.tickSize.description == "0.01" && btc.lotSize.description == "0.00000001")
      // Six `-USD` products and the `-USDC` aliases of the two booked ones, quoted in USDC.
      #expect(specs.count == 8)
      let usdc = try #require(specs.first { $0.key.symbol == "BTC-USDC" })
      #expect(usdc.quote.description == "USDC" && usdc.tickSize == btc.tickSize)
      let now = Int64(Date().timeIntervalSince1970 * 1000)
      let request = try #require(
        adapter.restRequests(for: .candles("BTC-USD", intervalMs: 60_000, limit: 100, beforeMs: now)).first)
      let body = try VenueDialect.get(sim.port, "/coinbase", request)
      #expect(body.status == 200)
      let candles = try CoinbaseCandles.decode(candles: body.body)
      #expect(candles.count >= 99 && candles.count <= 100, "\(candles.count)")
      let xbt = try #require(sim.lastPrice(symbol: "XBTUSD"))
      let close = try #require(candles.last).close.doubleValue
      #expect(abs(close / xbt - 1) < 0.01)
      // An unknown product: Coinbase's error, which the decoder reports.
      let missing = try VenueDialect.get(
        sim.port, "/coinbase", VenueRESTRequest(path: "/api/v3/brokerage/market/products/NOPE-USD/candles"))
      #expect(missing.status == 404)
      #expect(throws: CandleError.self) { try CoinbaseCandles.decode(candles: missing.body) }
    }
  }
}
