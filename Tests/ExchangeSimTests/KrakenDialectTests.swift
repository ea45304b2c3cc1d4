import ExchangeSim
import Foundation
import Kraken
import TestSupport
import Testing
import VenueCore
import WireJSON

/// The simulator's Kraken WebSocket v2 dialect and REST API, over real loopback, read by the
/// real Kraken decoder, checksum policy and book engine.
@Suite struct KrakenDialectTests {
  static let seeds: [UInt64] = [3, 11]

  /// A quick market on a seed.
  func config(seed: UInt64) -> SimConfig {
    SimTest.config(seed: seed, bookRate: 100, tradeRate: 10)
  }

  /// A client with `symbol`'s book subscribed at `depth`, live.
  func subscribedBook(
    _ sim: ExchangeSim, _ symbol: Symbol = "BTC/USD", depth: Int, seed: UInt64
  ) throws -> KrakenTestClient {
    let client = try KrakenTestClient(port: sim.port)
    client.expectBook(symbol, depth: depth)
    try client.subscribe([Subscription(.book, symbol, depth: depth)])
    #expect(
      try client.pump { $0.books[symbol]?.policy.state.isLive == true },
      "no live book of \(symbol) at depth \(depth) (seed \(seed))")
    return client
  }

  @Test(arguments: [10, 25, 100, 500, 1000])
  func everyBookMessageVerifiesAndTheBookMatchesTheSimulators(depth: Int) throws {
    for seed in Self.seeds {
      try SimTest.with(config(seed: seed)) { sim in
        let client = try subscribedBook(sim, depth: depth, seed: seed)
        // The status came first; the ack before the snapshot.
        #expect(client.statuses == ["online"], "seed \(seed)")
        let ack = client.events.firstIndex { $0 == .subscribed(.book, symbol: "BTC/USD") }
        let snapshot = client.events.firstIndex {
          if case .book(_, let u, _) = $0 { return u.kind == .snapshot }
          return false
        }
        #expect(ack != nil && snapshot != nil && ack! < snapshot!, "seed \(seed)")
        #expect(try client.pump(timeout: 20) { $0.books["BTC/USD"]!.updates >= 200 }, "seed \(seed)")
        sim.pauseMarket()
        try client.drain()
        let b = client.books["BTC/USD"]!
        #expect(b.policy.integrity.failures == 0, "seed \(seed): \(b.outcomes.filter { $0.fault != nil })")
        #expect(
          b.policy.integrity.checks == b.snapshots + b.updates, "seed \(seed): a message without a checksum")
        #expect(b.snapshots == 1, "seed \(seed)")
        // Levels pushed out of the depth with no delete happened, and verified all the same.
        #expect(b.pushOuts > 0, "seed \(seed): no level was pushed out in \(b.updates) updates")
        let mine = b.book.sides()
        let sims = sim.krakenBook(symbol: "BTC/USD", depth: depth)
        #expect(mine.bids.count == depth && mine.asks.count == depth, "seed \(seed)")
        #expect(mine.bids == sims.bids.map(\.description), "seed \(seed)")
        #expect(mine.asks == sims.asks.map(\.description), "seed \(seed)")
      }
    }
  }

  /// A ticker-only pair (ADA/USD follows nothing listed) gets a book on its first subscription,
  /// at its own precision (six decimals of price), and it verifies like the others.
  @Test func aTickerOnlyPairGetsABookWhenSubscribed() throws {
    let seed: UInt64 = 21
    try SimTest.with(config(seed: seed)) { sim in
      #expect(sim.krakenBook(symbol: "ADA/USD").bids.isEmpty)
      let client = try KrakenTestClient(port: sim.port)
      client.expectBook("ADA/USD", depth: 25, priceScale: 6)
      try client.subscribe([Subscription(.book, "ADA/USD", depth: 25)])
      #expect(try client.pump(timeout: 10) { $0.books["ADA/USD"]!.updates >= 100 }, "seed \(seed)")
      sim.pauseMarket()
      try client.drain()
      let b = client.books["ADA/USD"]!
      #expect(b.policy.integrity.failures == 0, "seed \(seed)")
      let sims = sim.krakenBook(symbol: "ADA/USD", depth: 25)
      #expect(b.book.sides().bids == sims.bids.map(\.description), "seed \(seed)")
      #expect(b.book.sides().asks == sims.asks.map(\.description), "seed \(seed)")
      #expect(sims.bids.first.map { $0.price.split(separator: ".").last?.count == 6 } == true)
    }
  }

  /// Kraken's numbers keep their trailing zeros (the checksum is over the text): the snapshot's
  /// quantities all have eight decimals and its prices one.
  @Test func numbersAreWrittenWithThePairsDecimals() throws {
    try SimTest.with(config(seed: 5)) { sim in
      // The raw text of the snapshot (after the status and the ack).
      let ws = try TestWebSocket.connect(port: sim.port, path: "/kraken/v2")
      _ = try ws.expectFrame()
      try ws.send(
        text: #"{"method":"subscribe","params":{"channel":"book","symbol":["BTC/USD"],"depth":10}}"#)
      _ = try ws.expectFrame()
      let text = try ws.expectFrame().text
      #expect(
        text.hasPrefix(#"{"channel":"book","type":"snapshot","data":[{"symbol":"BTC/USD","bids":[{"price":"#))
      let prices = text.matches(of: /"price":([0-9.]+)/).map { String($0.1) }
      let qtys = text.matches(of: /"qty":([0-9.]+)/).map { String($0.1) }
      #expect(prices.count == 20 && qtys.count == 20)
      #expect(prices.allSatisfy { $0.split(separator: ".").last?.count == 1 }, "\(prices)")
      #expect(qtys.allSatisfy { $0.split(separator: ".").last?.count == 8 }, "\(qtys)")
    }
  }

  @Test func aWrongChecksumFailsOnceAndAResubscribeGivesACleanBook() throws {
    let seed: UInt64 = 7
    try SimTest.with(config(seed: seed)) { sim in
      let client = try subscribedBook(sim, depth: 10, seed: seed)
      #expect(try client.pump { $0.books["BTC/USD"]!.updates >= 20 }, "seed \(seed)")
      sim.sendKrakenBadChecksum()
      #expect(try client.pump { $0.books["BTC/USD"]!.policy.integrity.failures >= 1 }, "seed \(seed)")
      let fault = try #require(client.books["BTC/USD"]!.outcomes.last { $0.fault != nil })
      #expect(fault.action == .resubscribe)
      if case .checksumMismatch = fault.fault {
      } else {
        Issue.record("not a checksum fault: \(String(describing: fault.fault)) (seed \(seed))")
      }
      #expect(!client.books["BTC/USD"]!.policy.state.isLive)
      // What the policy asks: unsubscribe and subscribe that book again.
      try client.unsubscribe([Subscription(.book, "BTC/USD", depth: 10)])
      try client.subscribe([Subscription(.book, "BTC/USD", depth: 10)])
      #expect(try client.pump { $0.books["BTC/USD"]!.policy.state.isLive }, "seed \(seed)")
      let updates = client.books["BTC/USD"]!.updates
      #expect(try client.pump(timeout: 10) { $0.books["BTC/USD"]!.updates >= updates + 100 }, "seed \(seed)")
      sim.pauseMarket()
      try client.drain()
      let b = client.books["BTC/USD"]!
      #expect(b.policy.integrity.failures == 1, "seed \(seed)")
      #expect(b.policy.integrity.resyncs == 1, "seed \(seed)")
      #expect(b.snapshots == 2, "seed \(seed)")
      #expect(client.acks("unsubscribe").count == 1)
      let sims = sim.krakenBook(symbol: "BTC/USD", depth: 10)
      #expect(b.book.sides().bids == sims.bids.map(\.description), "seed \(seed)")
      #expect(b.book.sides().asks == sims.asks.map(\.description), "seed \(seed)")
    }
  }

  /// The same fault from the configuration (`kraken-bad-checksum-after`), as `--fault` gives it.
  @Test func theTimedWrongChecksumFault() throws {
    var config = config(seed: 9)
    try config.faults.apply(spec: "kraken-bad-checksum-after=0.3")
    try SimTest.with(config) { sim in
      let client = try subscribedBook(sim, depth: 25, seed: 9)
      #expect(try client.pump { $0.books["BTC/USD"]!.policy.integrity.failures == 1 })
      // Once per session: the updates after it (dropped until a new snapshot) fault no more.
      let updates = client.books["BTC/USD"]!.updates
      #expect(try client.pump { $0.books["BTC/USD"]!.updates >= updates + 50 })
      #expect(client.books["BTC/USD"]!.policy.integrity.failures == 1)
      #expect(sim.stats.framesSent["kraken-book-bad-checksum"] == 1)
    }
  }

  /// A level inserted inside the top ten pushes the edge of the depth out: no delete for it,
  /// the client cuts, and the checksum holds.
  @Test func aLevelPushedOutGetsNoDelete() throws {
    var config = config(seed: 13)
    config.startPaused = true
    try SimTest.with(config) { sim in
      let client = try subscribedBook(sim, depth: 10, seed: 13)
      let before = client.books["BTC/USD"]!.book.sides()
      #expect(sim.krakenPushOut(symbols: ["BTC/USD"]) == 1)
      try client.drain()
      let b = client.books["BTC/USD"]!
      #expect(b.updates == 1)
      #expect(b.pushOuts == 1)
      #expect(b.policy.integrity.failures == 0)
      let update = try #require(client.frames("book").last)
      let data = try #require((update["data"] as? [[String: Any]])?.first)
      let levels = ((data["bids"] as? [[String: Any]]) ?? []) + ((data["asks"] as? [[String: Any]]) ?? [])
      #expect(levels.count == 2, "\(levels)")
      #expect(levels.allSatisfy { ($0["qty"] as? Double ?? 0) > 0 }, "a delete was sent: \(levels)")
      let after = b.book.sides()
      #expect(after.bids.count == 10 && after.asks.count == 10)
      // The old tenth level of each side is gone, cut by the client.
      #expect(!after.bids.contains(before.bids[9]) && !after.asks.contains(before.asks[9]))
      #expect(after.bids == sim.krakenBook(symbol: "BTC/USD", depth: 10).bids.map(\.description))
    }
  }

  @Test func tradesTickersInstrumentsAndTheHeartbeat() throws {
    let seed: UInt64 = 4
    try SimTest.with(config(seed: seed)) { sim in
      let client = try KrakenTestClient(port: sim.port)
      let pairs = ExchangeSim.krakenPairs.map(\.symbol)
      #expect(pairs.count >= 50)
      try client.subscribe(
        [Subscription(.trades, "BTC/USD"), Subscription(.instrument)]
          + pairs.map { Subscription(.ticker, Symbol($0)!) })
      #expect(
        try client.pump(timeout: 10) { c in
          c.trades.count >= 20 && c.heartbeats >= 1 && c.frames("ticker").count > pairs.count + 20
        }, "seed \(seed)")
      // One ack per symbol, then its snapshot.
      #expect(client.acks("subscribe").count == pairs.count + 2)
      let tickerSnapshots = client.frames("ticker").filter { $0["type"] as? String == "snapshot" }
      #expect(tickerSnapshots.count == pairs.count)
      let tick = try #require((tickerSnapshots.first?["data"] as? [[String: Any]])?.first)
      for key in [
        "symbol", "bid", "bid_qty", "ask", "ask_qty", "last", "volume", "vwap", "low", "high", "change",
      ] {
        #expect(tick[key] != nil, "ticker without \(key)")
      }
      // Trades: the taker's side, eight decimals of BTC, ids rising.
      #expect(client.trades.allSatisfy { $0.size.scale == 8 && $0.price.scale == 1 })
      #expect(Set(client.trades.map(\.aggressor)).count == 2, "seed \(seed)")
      let ids = client.trades.compactMap(\.id)
      #expect(ids == ids.sorted() && ids.count == client.trades.count)
      // BTC/USD trades near XBTUSD's price (a small basis).
      let xbt = try #require(sim.lastPrice(symbol: "XBTUSD"))
      #expect(client.trades.allSatisfy { abs($0.price.doubleValue / xbt - 1) < 0.005 }, "seed \(seed)")
      // The instrument snapshot: every pair with its precisions.
      let instrument = try #require(client.frames("instrument").first?["data"] as? [String: Any])
      let rows = try #require(instrument["pairs"] as? [[String: Any]])
      #expect(rows.count == pairs.count)
      let btc = try #require(rows.first { $0["symbol"] as? String == "BTC/USD" })
      #expect(btc["price_precision"] as? Int == 1 && btc["qty_precision"] as? Int == 8)
      #expect(btc["qty_min"] != nil && btc["price_increment"] as? Double == 0.1)
    }
  }

  @Test func unknownSymbolsChannelsAndDepthsAreRefusedInKrakensShape() throws {
    try SimTest.with(config(seed: 2)) { sim in
      let client = try KrakenTestClient(port: sim.port)
      try client.send(
        #"{"method":"subscribe","params":{"channel":"book","symbol":["NOPE/USD","ETH/USD"]},"req_id":5}"#)
      try client.send(#"{"method":"subscribe","params":{"channel":"candles","symbol":["BTC/USD"]}}"#)
      try client.send(#"{"method":"subscribe","params":{"channel":"book","symbol":["BTC/USD"],"depth":7}}"#)
      try client.send(#"{"method":"subscribe","params":{"channel":"ticker","symbol":["BTC/USD"]}}"#)
      try client.send(#"{"method":"subscribe","params":{"channel":"ticker","symbol":["BTC/USD"]}}"#)
      try client.send(#"{"method":"unsubscribe","params":{"channel":"trade","symbol":["BTC/USD"]}}"#)
      try client.send("not json")
      try client.drain()
      #expect(
        client.errors == [
          "Currency pair not supported NOPE/USD", "Channel candles not supported", "Invalid depth",
          "Already subscribed", "Subscription Not Found",
        ])
      let refusal = try #require(client.frames.first { $0["success"] as? Bool == false })
      #expect(refusal["symbol"] as? String == "NOPE/USD" && refusal["req_id"] as? Int == 5)
      #expect(refusal["method"] as? String == "subscribe" && refusal["time_in"] != nil)
      #expect(client.frames.contains { $0["error"] as? String == "Malformed request" })
      // ETH/USD of the first request was served: its ack and snapshot (depth 10 by default).
      #expect(
        client.acks("subscribe").contains {
          ($0["result"] as? [String: Any])?["symbol"] as? String == "ETH/USD"
        })
      #expect(client.frames("book").filter { $0["type"] as? String == "snapshot" }.count == 1)
    }
  }

  @Test func pingIsAnsweredWithPongAndTheRequestID() throws {
    try SimTest.with(config(seed: 2)) { sim in
      let ws = try TestWebSocket.connect(port: sim.port, path: "/kraken/v2")
      let status = try ws.expectJSON()
      let id = try #require((status["data"] as? [[String: Any]])?.first?["connection_id"] as? NSNumber)
      #expect(id.uint64Value > 1 << 53)
      try ws.send(text: #"{"method":"ping","req_id":42}"#)
      let pong = try ws.expectJSON()
      #expect(pong["method"] as? String == "pong" && pong["req_id"] as? Int == 42)
      #expect((pong["time_in"] as? String)?.hasSuffix("Z") == true && pong["time_out"] != nil)
      // No heartbeat before a subscription.
      #expect(try ws.read(timeout: 1.3) == nil)
    }
  }

  @Test func theRateLimitMessageThenTheConnectionCloses() throws {
    try SimTest.with(config(seed: 2)) { sim in
      let client = try KrakenTestClient(port: sim.port)
      try client.subscribe([Subscription(.ticker, "BTC/USD")])
      #expect(try client.pump { $0.frames("ticker").count >= 1 })
      sim.sendKrakenRateLimit()
      #expect(try client.pump { $0.closed })
      #expect(client.errors == ["Exceeded msg rate"])
    }
  }

  /// `kraken-msg-rate=N`: the (N+1)th message within a second gets the rate message and the
  /// close; N messages are served.
  @Test func tooManyMessagesInASecondAreRefusedAndClosed() throws {
    var config = config(seed: 2)
    try config.faults.apply(spec: "kraken-msg-rate=5")
    try SimTest.with(config) { sim in
      let calm = try KrakenTestClient(port: sim.port)
      for _ in 0..<5 { try calm.send(#"{"method":"ping"}"#) }
      #expect(try calm.pump { $0.pongs == 5 })
      #expect(try calm.pump(timeout: 0.3) { $0.closed || !$0.errors.isEmpty } == false)

      let busy = try KrakenTestClient(port: sim.port)
      for _ in 0..<6 { try busy.send(#"{"method":"ping"}"#) }
      #expect(try busy.pump { $0.closed })
      #expect(busy.pongs == 5)
      #expect(busy.errors == ["Exceeded msg rate"])
    }
  }

  @Test func dropStallAndGarbageReachKrakenSessions() throws {
    try SimTest.with(config(seed: 2)) { sim in
      let dropped = try KrakenTestClient(port: sim.port)
      try dropped.pump { !$0.statuses.isEmpty }
      sim.sendGarbage(.notJSON)
      #expect(try dropped.ws.expectFrame().text == "this is not json <html>")
      sim.dropConnections()
      #expect(try dropped.pump { $0.closed })

      let stalled = try KrakenTestClient(port: sim.port)
      try stalled.subscribe([Subscription(.ticker, "BTC/USD")])
      #expect(try stalled.pump { $0.heartbeats >= 1 })
      sim.stallConnections()
      // When `stallConnections` returns, the session has written its last frame: over the
      // next 2.5 s (two heartbeats' time) nothing more is written, and the connection stays.
      let written = sim.stats.framesSent
      try stalled.ws.send(text: #"{"method":"ping"}"#)
      #expect(try stalled.pump(timeout: 2.5) { $0.closed } == false)
      #expect(sim.stats.framesSent == written)
      #expect(sim.stats.sessionsStalled == 1)
    }
  }

  /// Every kind of garbage, in Kraken's shapes where it has one: the decoder refuses the malformed
  /// frames whole, so the book stays live and right.
  @Test func garbageIsRefusedAndTheBookStaysRight() throws {
    var config = config(seed: 17)
    config.startPaused = true
    try SimTest.with(config) { sim in
      let client = try subscribedBook(sim, depth: 10, seed: 17)
      client.lenient = true
      for kind in GarbageFrame.allCases { sim.sendGarbage(kind) }
      sim.advanceMarket(ticks: 50)
      try client.drain(timeout: 5)
      let b = client.books["BTC/USD"]!
      #expect(b.policy.state.isLive && b.policy.integrity.failures == 0, "\(client.refused)")
      #expect(b.updates > 0)
      // All but the binary frame, the well-formed frame of a channel nobody asked for, and the
      // BitMEX-shaped frame whose bad UTF-8 sits in a value the Kraken decoder skips.
      #expect(client.refused.count == GarbageFrame.allCases.count - 3, "\(client.refused)")
      let sims = sim.krakenBook(symbol: "BTC/USD", depth: 10)
      #expect(b.book.sides().bids == sims.bids.map(\.description))
      #expect(b.book.sides().asks == sims.asks.map(\.description))
    }
  }

  /// The Kraken frames a fresh client gets on a paused market with a fixed clock: status, acks,
  /// snapshots and 100 ticks of updates (heartbeats, which follow the wall clock, left out).
  private func krakenFrames(seed: UInt64) throws -> [String] {
    var config = config(seed: seed)
    config.epoch = Date(timeIntervalSince1970: 1_750_000_000)
    config.startPaused = true
    return try SimTest.with(config) { sim in
      let ws = try TestWebSocket.connect(port: sim.port, path: "/kraken/v2")
      var frames = [try ws.expectFrame().text]
      func drain() throws {
        try ws.send(text: #"{"method":"ping"}"#)
        while true {
          let text = try ws.expectFrame().text
          if text.hasPrefix(#"{"method":"pong""#) { return }
          if text != #"{"channel":"heartbeat"}"# { frames.append(text) }
        }
      }
      for channel in [#""book","depth":25"#, #""trade","snapshot":true"#, #""ticker""#] {
        try ws.send(
          text: #"{"method":"subscribe","params":{"channel":\#(channel),"symbol":["BTC/USD","ETH/USD"]}}"#)
      }
      try drain()
      sim.advanceMarket(ticks: 100)
      try drain()
      return frames
    }
  }

  @Test func sameSeedGivesTheSameKrakenFrames() throws {
    let a = try krakenFrames(seed: 11)
    let b = try krakenFrames(seed: 11)
    let c = try krakenFrames(seed: 12)
    #expect(a.count > 100)
    #expect(a == b)
    #expect(a != c)
  }

  /// The Kraken pairs' last prices (REST `Ticker`) and the universe instruments' (REST
  /// `instrument`), on a paused market with or without the universe listed.
  private func lastPrices(
    universe: Bool, seed: UInt64
  ) throws -> (kraken: [String: Double], bitmex: [String: Double]) {
    var config = config(seed: seed)
    config.startPaused = true
    if universe { config.universe = SimUniverse.extras(for: config) }
    return try SimTest.with(config) { sim in
      let tickers = try SimTest.get(sim.port, "/kraken/0/public/Ticker")
      let rows = try #require((tickers.json as? [String: Any])?["result"] as? [String: [String: Any]])
      var kraken: [String: Double] = [:]
      for (key, row) in rows { kraken[key] = (row["c"] as? [String])?.first.flatMap(Double.init) }
      let instruments = try SimTest.get(sim.port, "/api/v1/instrument/active")
      var bitmex: [String: Double] = [:]
      for row in instruments.json as? [[String: Any]] ?? [] {
        guard let symbol = row["symbol"] as? String, let last = row["lastPrice"] as? NSNumber else {
          continue
        }
        bitmex[symbol] = last.doubleValue
      }
      return (kraken, bitmex)
    }
  }

  /// With the universe listed, the ticker-only pairs follow its instruments (the one price
  /// process: ADA/USD follows ADAUSDT); without it, they walk on their own.
  @Test func tickerOnlyPairsFollowTheUniverse() throws {
    let seed: UInt64 = 6
    let with = try lastPrices(universe: true, seed: seed)
    let without = try lastPrices(universe: false, seed: seed)
    var gaps: [Double] = []
    var alone: [Double] = []
    for pair in ExchangeSim.krakenPairs {
      guard let symbol = pair.follows, without.bitmex[symbol] == nil, let theirs = with.bitmex[symbol],
        let a = with.kraken[pair.restKey], let b = without.kraken[pair.restKey]
      else { continue }
      gaps.append(abs(a / (theirs * pair.ratio) - 1))
      alone.append(abs(b / (theirs * pair.ratio) - 1))
    }
    #expect(gaps.count >= 40, "seed \(seed)")
    #expect(gaps.allSatisfy { $0 < 0.002 }, "seed \(seed): \(gaps.max() ?? 0)")
    #expect(alone.contains { $0 > 0.002 }, "seed \(seed)")
  }

  /// Every pair's day of volume, counted in quantity units, stays far below Int64's limit (the
  /// cheapest coins have fewer quantity decimals: PEPE four), and its minimum order is about 5.
  @Test func quantitiesFitForEveryPair() {
    for pair in ExchangeSim.krakenPairs {
      let unitsPerOne = pow(10, Double(pair.qtyPrecision))
      #expect(pair.quoteVolume24h * 2 / pair.startPrice * unitsPerOne < 1e16, "\(pair.symbol)")
      let minimum = Double(pair.minQtyUnits) / unitsPerOne * pair.startPrice
      #expect(minimum > 1 && minimum < 20, "\(pair.symbol): \(minimum)")
    }
    #expect(ExchangeSim.krakenPairs.first { $0.symbol == "PEPE/USD" }?.qtyPrecision == 4)
    #expect(ExchangeSim.krakenPairs.first { $0.symbol == "BTC/USD" }?.qtyPrecision == 8)
  }

  @Test func faultSpecsParse() throws {
    var faults = SimFaults()
    try faults.apply(spec: "kraken-rate-limit-after=2")
    try faults.apply(spec: "kraken-push-out-every=0.5")
    try faults.apply(spec: "kraken-msg-rate=10")
    #expect(faults.kraken.maxMessagesPerSecond == 10)
    #expect(throws: SimFaults.SpecError.self) { try faults.apply(spec: "kraken-msg-rate=0") }
    #expect(faults.kraken.rateLimitAfter == 2 && faults.kraken.pushOutEvery == 0.5)
    #expect(throws: SimFaults.SpecError.self) { try faults.apply(spec: "kraken-push-out-every=0") }
    #expect(throws: SimFaults.SpecError.self) { try faults.apply(spec: "kraken-nope=1") }
    #expect(SimFaults.specHelp.contains("kraken-bad-checksum-after"))
  }

  @Test func restAssetPairsReadByTheClientsInstruments() throws {
    try SimTest.with(config(seed: 2)) { sim in
      let socket = try TestSocket(port: sim.port)
      try socket.write(
        Array("GET /kraken/0/public/AssetPairs HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
      )
      let answer = try #require(try TestWebSocket.readHTTP(socket, until: Date(timeIntervalSinceNow: 3)))
      #expect(answer.status == 200)
      let body = try WireValue.parse(Array(answer.body.utf8))
      #expect(body["error"]?.array?.isEmpty == true)
      let result = try #require(body["result"])
      #expect(result["XXBTZUSD"]?["wsname"]?.text == "XBT/USD")
      let (specs, errors) = KrakenInstruments.specs(assetPairs: result)
      #expect(errors.isEmpty, "\(errors)")
      #expect(specs.count == ExchangeSim.krakenPairs.count)
      let btc = try #require(specs.first { $0.key.description == "kraken:BTC/USD" })
      #expect(btc.priceScale == 1 && btc.sizeScale == 8 && btc.kind == .spot)
      #expect(btc.minSize == FixedDecimal("0.00005"))
      let doge = try #require(specs.first { $0.key.description == "kraken:DOGE/USD" })
      #expect(doge.tickSize == FixedDecimal("0.000001"))

      // Kraken's REST names LTC, XRP, XLM and ETC the legacy way (`XLTC`, `XXRP`, `XXLM`, `XETC`):
      // `AssetCode` reads them as the assets they are.
      let symbols = Set(specs.map { $0.key.symbol.description })
      let listed = Set(ExchangeSim.krakenPairs.map(\.symbol))
      #expect(symbols.subtracting(listed).isEmpty, "misread: \(symbols.subtracting(listed).sorted())")

      let one = try SimTest.get(sim.port, "/kraken/0/public/AssetPairs?pair=XBTUSD")
      #expect(((one.json as? [String: Any])?["result"] as? [String: Any])?.keys.sorted() == ["XXBTZUSD"])
      let unknown = try SimTest.get(sim.port, "/kraken/0/public/AssetPairs?pair=NOPEUSD")
      #expect(SimTest.jsonEqual(unknown.json, ["error": ["EQuery:Unknown asset pair"]]))
    }
  }

  @Test func restOHLCAndTicker() throws {
    try SimTest.with(config(seed: 2)) { sim in
      let answer = try SimTest.get(sim.port, "/kraken/0/public/OHLC?pair=BTC/USD&interval=5")
      let result = try #require((answer.json as? [String: Any])?["result"] as? [String: Any])
      let candles = try #require(result["XXBTZUSD"] as? [[Any]])
      #expect(candles.count == 720)
      let times = candles.compactMap { $0[0] as? Int }
      #expect(times.count == 720 && zip(times, times.dropFirst()).allSatisfy { $1 - $0 == 300 })
      let close = try #require(Double(candles.last?[4] as? String ?? ""))
      let xbt = try #require(sim.lastPrice(symbol: "XBTUSD"))
      #expect(abs(close / xbt - 1) < 0.01)
      #expect(result["last"] as? Int == times[718])
      let bad = try SimTest.get(sim.port, "/kraken/0/public/OHLC?pair=BTC/USD&interval=7")
      #expect(SimTest.jsonEqual(bad.json, ["error": ["EGeneral:Invalid arguments"]]))

      let ticker = try SimTest.get(sim.port, "/kraken/0/public/Ticker?pair=ETHUSD")
      let eth = try #require(
        ((ticker.json as? [String: Any])?["result"] as? [String: Any])?["XETHZUSD"] as? [String: Any])
      #expect((eth["a"] as? [String])?.count == 3 && (eth["c"] as? [String])?.count == 2)
    }
  }
}
