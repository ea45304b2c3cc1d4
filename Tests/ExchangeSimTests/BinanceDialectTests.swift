import Binance
import ExchangeSim
import Foundation
import Testing
import VenueCore
import WireJSON

/// The Binance dialect over real loopback: the stream URL `BinanceAdapter` builds for the
/// simulator's host, the REST depth snapshot fetched after the stream starts, and every frame and
/// the snapshot through the real `BinanceDecoder`, `SnapshotBridgeSync` and `PriceBook`.
@Suite struct BinanceDialectTests {
  /// A client of one book, as tradeterm holds it: the decoder, the bridge and the book.
  struct Client {
    let market: BinanceMarket
    let port: Int
    let prefix: String
    var book: PriceBook
    var policy: SnapshotBridgeSync
    let decoder: BinanceDecoder
    var batch = VenueBatch()
    /// Every fault the bridge reported.
    var faults: [BookSyncFault] = []
    var depthUpdates = 0
    var trades = 0
    var snapshotsFetched = 0
    /// The `lastUpdateId` of every snapshot fed.
    var snapshotIDs: [UInt64] = []
    /// The `u` of the last depth update received.
    var lastU: UInt64?

    init(_ market: BinanceMarket, port: Int) {
      self.market = market
      self.port = port
      prefix = market == .spot ? "/binance" : "/binance-usdm"
      // Spot writes 8 digits for both; USDⓈ-M BTCUSDT's precisions are 2 and 3.
      book = market == .spot ? PriceBook(priceScale: 8, sizeScale: 8) : PriceBook(priceScale: 2, sizeScale: 3)
      policy = SnapshotBridgeSync(bridge: market.bridge)
      decoder = BinanceDecoder(market: market, snapshotSymbol: "BTCUSDT")
      _ = policy.subscribed(book: &book)
    }

    /// Decodes one frame (or REST body) and runs its events through the bridge; fetches a new
    /// snapshot when the bridge asks for one.
    mutating func feed(_ bytes: [UInt8]) throws {
      batch.removeAll()
      try decoder.decode(bytes, receivedAt: 0, into: &batch)
      var refetch = false
      for event in batch.events {
        let outcome: SyncOutcome
        switch event {
        case .book(_, let update, let levels):
          if update.kind == .delta {
            depthUpdates += 1
            lastU = update.last
          } else if let l = update.last {
            snapshotIDs.append(l)
          }
          outcome = policy.receive(update, batch.levels(levels), book: &book)
        case .bbo(_, let id?, let bid, let ask):
          outcome = policy.receiveBBO(
            updateID: id, bid: bid.price, bidSize: bid.size, ask: ask.price, askSize: ask.size, book: &book)
        case .trades(_, let range):
          trades += range.count
          continue
        default:
          continue
        }
        if let fault = outcome.fault { faults.append(fault) }
        if outcome.action == .fetchSnapshot { refetch = true }
      }
      if refetch { try fetchSnapshot() }
    }

    /// GET the depth snapshot, as tradeterm asks for it, and feed it.
    mutating func fetchSnapshot() throws {
      let path = prefix + BinanceAdapter(market: market).depthSnapshotPath(symbol: "BTCUSDT")
      let answer = try BinanceDialectTests.get(port, path)
      guard answer.status == 200 else {
        throw TestSocket.Failure(description: "GET \(path): \(answer.status) \(answer.body)")
      }
      snapshotsFetched += 1
      try feed(Array(answer.body.utf8))
    }

    /// Reads frames from `ws` into the client until `done` holds; false if the deadline passes.
    mutating func run(_ ws: TestWebSocket, timeout: Double = 10, until done: (Client) -> Bool) throws -> Bool
    {
      let deadline = Date(timeIntervalSinceNow: timeout)
      while !done(self) {
        guard Date() < deadline, let frame = try ws.read(timeout: max(0.01, deadline.timeIntervalSinceNow))
        else { return done(self) }
        guard frame.isText else { continue }
        try feed(frame.payload)
      }
      return true
    }

    /// Whether the client's book holds exactly the simulator's levels.
    func matches(_ view: ExchangeSim.BinanceBookView) -> Bool {
      func same(_ side: BookSide, _ levels: [ExchangeSim.BinanceLevelText]) -> Bool {
        book[side].count == levels.count
          && levels.allSatisfy { level in
            guard let price = FixedDecimal(level.price), let qty = FixedDecimal(level.qty) else {
              return false
            }
            return book.size(at: price, side: side) == qty
          }
      }
      return same(.bid, view.bids) && same(.ask, view.asks)
    }
  }

  /// A GET over a fresh connection: status, lower-cased headers, body.
  static func get(_ port: Int, _ path: String) throws -> TestWebSocket.HTTPAnswer {
    let socket = try TestSocket(port: port)
    try socket.write(Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
    guard let answer = try TestWebSocket.readHTTP(socket, until: Date(timeIntervalSinceNow: 3)) else {
      throw TestSocket.Failure(description: "no answer to GET \(path)")
    }
    return answer
  }

  /// The path (and query) of the first connection `BinanceAdapter` makes for `subscriptions`
  /// on the simulator's host, checked to be on the simulator.
  static func streamPath(
    _ sim: ExchangeSim, _ market: BinanceMarket, _ subscriptions: [Subscription], connection: Int = 0
  ) -> String {
    let host = sim.binanceHost(market == .spot ? .spot : .usdm)
    let url = BinanceAdapter(market: market, host: host).connections(for: subscriptions)[connection].url
    #expect(url.hasPrefix(host))
    return String(url.dropFirst("ws://127.0.0.1:\(sim.port)".count))
  }

  static func config(seed: UInt64) -> SimConfig {
    print("BinanceDialectTests seed \(seed)")
    return SimTest.config(seed: seed)
  }

  /// A client whose book is live on `market`'s BTCUSDT and has followed `updates` depth updates.
  static func liveClient(
    _ sim: ExchangeSim, _ market: BinanceMarket, updates: Int = 30
  ) throws -> (Client, TestWebSocket) {
    let path = streamPath(sim, market, [Subscription(.book, "BTCUSDT"), Subscription(.bbo, "BTCUSDT")])
    let ws = try TestWebSocket.connect(port: sim.port, path: path)
    var client = Client(market, port: sim.port)
    // The stream first, buffered; the snapshot after it has started, and after the book has
    // moved on from the last update received (so that, on spot, `L+1` is inside the next one).
    #expect(try client.run(ws) { $0.depthUpdates >= 1 })
    let simMarket: BinanceSimMarket = market == .spot ? .spot : .usdm
    let u = client.lastU ?? 0
    #expect(SimTest.wait { (sim.binanceBook(simMarket, symbol: "BTCUSDT")?.lastUpdateID ?? 0) > u })
    try client.fetchSnapshot()
    #expect(try client.run(ws) { $0.policy.appliedSinceSnapshot >= updates && $0.policy.state.isLive })
    return (client, ws)
  }

  // MARK: The book

  @Test(arguments: [BinanceMarket.spot, .usdm])
  func theBookBridgesGoesLiveAndMatchesTheSimulators(market: BinanceMarket) throws {
    try SimTest.with(Self.config(seed: 11)) { sim in
      var (client, ws) = try Self.liveClient(sim, market, updates: 40)
      #expect(client.faults.isEmpty, "\(client.faults)")
      #expect(client.policy.integrity.failures == 0 && client.policy.integrity.resyncs == 0)
      // The venue's best bid/ask agreed with the book whenever their ids met.
      #expect(client.policy.integrity.checks > 0)
      #expect(client.snapshotsFetched == 1)
      if market == .usdm {
        // `@depth@0ms` sends each tick's changes at once and REST answers between ticks: the
        // first update kept ends exactly at the snapshot (`u == L`, which `u ≤ L` would drop).
        #expect(client.policy.firstBridged?.last == client.snapshotIDs.first)
      }
      // Stopped, the last window goes out; then the book is the simulator's, level for level.
      sim.pauseMarket()
      let simMarket: BinanceSimMarket = market == .spot ? .spot : .usdm
      let last = try #require(sim.binanceBook(simMarket, symbol: "BTCUSDT")).lastUpdateID
      #expect(try client.run(ws) { $0.policy.lastUpdateID == last })
      let view = try #require(sim.binanceBook(simMarket, symbol: "BTCUSDT"))
      #expect(view.lastUpdateID == last)
      #expect(client.matches(view))
      #expect(!view.bids.isEmpty && !view.asks.isEmpty)
      // Spot's grid is finer than XBTUSD's: 0.01, with 8 digits on the wire.
      if market == .spot { #expect(view.bids[0].price.split(separator: ".").last?.count == 8) }
      #expect(client.faults.isEmpty)
    }
  }

  /// One withheld depth update: the bridge sees the gap once, refetches, and goes live again.
  @Test(arguments: [BinanceMarket.spot, .usdm])
  func aGapMakesExactlyOneBridgeFailure(market: BinanceMarket) throws {
    try SimTest.with(Self.config(seed: 12)) { sim in
      var (client, ws) = try Self.liveClient(sim, market, updates: 5)
      #expect(client.faults.isEmpty)
      sim.binanceSkipDepthUpdates(1)
      #expect(try client.run(ws) { $0.snapshotsFetched == 2 && $0.policy.appliedSinceSnapshot >= 20 })
      #expect(client.faults.count == 1)
      if case .sequenceGap? = client.faults.first {} else { Issue.record("not a gap: \(client.faults)") }
      #expect(client.policy.integrity.resyncs == 1)
      #expect(client.policy.state.isLive)
    }
  }

  /// The stale-snapshot fault: the snapshot is older than the stream's first update, so the
  /// bridge refuses it and fetches again; the second one bridges.
  @Test(arguments: [BinanceMarket.spot, .usdm])
  func aSnapshotOlderThanTheStreamIsFetchedAgain(market: BinanceMarket) throws {
    try SimTest.with(Self.config(seed: 13)) { sim in
      let simMarket: BinanceSimMarket = market == .spot ? .spot : .usdm
      // The simulator keeps an older snapshot from its first whole second on.
      #expect(
        SimTest.wait(timeout: 5) { sim.binanceBook(simMarket, symbol: "BTCUSDT")?.staleUpdateID != nil })
      sim.binanceServeStaleSnapshots(1)
      var (client, _) = try Self.liveClient(sim, market, updates: 10)
      #expect(client.policy.staleSnapshots == 1)
      #expect(client.snapshotsFetched == 2)
      #expect(client.faults.isEmpty)
      #expect(sim.faults.binance.staleSnapshots == 0)
      _ = client
    }
  }

  /// The boundary-snapshot fault: the snapshot is the book as of the last update sent, so the
  /// first update kept starts right after it (spot's `U == L+1`).
  @Test func aSnapshotAtAnUpdatesEndBridgesWithUEqualToLPlusOne() throws {
    var config = Self.config(seed: 22)
    try config.faults.apply(spec: "binance-boundary-snapshot=1")
    try SimTest.with(config) { sim in
      let (client, _) = try Self.liveClient(sim, .spot, updates: 10)
      let l = try #require(client.snapshotIDs.first)
      #expect(client.policy.firstBridged?.first == l + 1)
      #expect(client.faults.isEmpty && client.snapshotsFetched == 1)
      #expect(sim.faults.binance.boundarySnapshots == 0)
    }
  }

  // MARK: Routing

  /// USDⓈ-M routes by path: depth asked of `/market` sends nothing while `/public` flows, and
  /// aggTrades and the mark price come on `/market`.
  @Test func usdmStreamsFlowOnlyOnTheirOwnPath() throws {
    try SimTest.with(Self.config(seed: 14)) { sim in
      let wrong = try TestWebSocket.connect(
        port: sim.port, path: "/binance-usdm/market/stream?streams=btcusdt@depth@0ms/btcusdt@bookTicker")
      let path = Self.streamPath(
        sim, .usdm, [Subscription(.book, "BTCUSDT"), Subscription(.trades, "BTCUSDT")])
      #expect(path.hasPrefix("/binance-usdm/public/stream"))
      let marketPath = Self.streamPath(
        sim, .usdm,
        [Subscription(.book, "BTCUSDT"), Subscription(.trades, "BTCUSDT"), Subscription(.mark, "BTCUSDT")],
        connection: 1)
      #expect(marketPath == "/binance-usdm/market/stream?streams=btcusdt@aggTrade/btcusdt@markPrice@1s")
      let right = try TestWebSocket.connect(port: sim.port, path: path)
      let market = try TestWebSocket.connect(port: sim.port, path: marketPath)
      var client = Client(.usdm, port: sim.port)
      #expect(try client.run(right) { $0.depthUpdates >= 20 })
      // aggTrades and the mark price flow on `/market`, and decode.
      var trades = Client(.usdm, port: sim.port)
      var marks: [[String: Any]] = []
      let deadline = Date(timeIntervalSinceNow: 5)
      while trades.trades < 3 || marks.isEmpty, Date() < deadline,
        let frame = try market.read(timeout: max(0.01, deadline.timeIntervalSinceNow))
      {
        try trades.feed(frame.payload)
        if frame.json?["stream"] as? String == "btcusdt@markPrice@1s",
          let data = frame.json?["data"] as? [String: Any]
        {
          marks.append(data)
        }
      }
      #expect(trades.trades >= 3 && trades.depthUpdates == 0)
      let markText: String? = marks.first?["p"] as? String
      let mark = try #require(markText.flatMap { Double($0) })
      #expect(mark > 50_000 && mark < 150_000)
      #expect(marks.first?["e"] as? String == "markPriceUpdate" && marks.first?["r"] is String)
      // Everything the wrong path would have had has been sent meanwhile: none of it came.
      #expect(try wrong.read(timeout: 0.05) == nil)
      #expect(wrong.socket.pending.isEmpty)
    }
  }

  /// Liquidations (with `activity`) come on USDⓈ-M's `/market` as `forceOrder`s, one a fill.
  @Test func liquidationsComeAsForceOrders() throws {
    var config = Self.config(seed: 23)
    config.activity = true
    config.startPaused = true
    config.epoch = Date(timeIntervalSince1970: 1_790_000_000)
    try SimTest.with(config) { sim in
      let path = Self.streamPath(
        sim, .usdm, [Subscription(.book, "BTCUSDT"), Subscription(.liquidations)], connection: 1)
      #expect(path == "/binance-usdm/market/stream?streams=!forceOrder@arr")
      let ws = try TestWebSocket.connect(port: sim.port, path: path)
      // A minute of market time at once: every instrument liquidates a few times.
      sim.advanceMarket(ticks: 6_000)
      var orders: [[String: Any]] = []
      while let frame = try ws.read(timeout: 1), frame.isText {
        var batch = VenueBatch()
        try BinanceDecoder(market: .usdm).decode(frame.payload, receivedAt: 0, into: &batch)
        #expect(frame.json?["stream"] as? String == "!forceOrder@arr")
        if let o = (frame.json?["data"] as? [String: Any])?["o"] as? [String: Any] { orders.append(o) }
      }
      #expect(orders.count >= 2)
      let symbols = Set(orders.compactMap { $0["s"] as? String })
      #expect(symbols.isSubset(of: Set(sim.binanceSymbols(.usdm))) && !symbols.isEmpty)
      for o in orders {
        let status = o["X"] as? String ?? ""
        #expect(["PARTIALLY_FILLED", "FILLED", "EXPIRED"].contains(status))
        let filled = (o["z"] as? String).flatMap(Double.init) ?? -1
        let last = (o["l"] as? String).flatMap(Double.init) ?? -1
        let qty = (o["q"] as? String).flatMap(Double.init) ?? -1
        #expect(0 <= last && last <= filled && filled <= qty)
      }
    }
  }

  // MARK: REST

  /// Past the weight limit: 429 with Retry-After, then (kept going) 418 with Retry-After.
  @Test func restWeightLimitAnswers429Then418() throws {
    var config = Self.config(seed: 15)
    try config.faults.apply(spec: "binance-weight=60")
    try SimTest.with(config) { sim in
      let depth = "/binance/api/v3/depth?symbol=BTCUSDT&limit=1000"
      let first = try Self.get(sim.port, depth)
      #expect(first.status == 200)
      #expect(first.headers["x-mbx-used-weight-1m"] == "50")
      let second = try Self.get(sim.port, depth)
      #expect(second.status == 429)
      #expect(second.headers["retry-after"].flatMap(Int.init).map { (1...60).contains($0) } == true)
      #expect(second.body.contains("-1003"))
      let third = try Self.get(sim.port, depth)
      #expect(third.status == 418)
      #expect(third.headers["retry-after"] == "120")
      #expect(try Self.get(sim.port, depth).status == 418)
      // The other market counts its own weight.
      #expect(try Self.get(sim.port, "/binance-usdm/fapi/v1/depth?symbol=BTCUSDT&limit=5").status == 200)
    }
  }

  /// exchangeInfo read by tradeterm's own reader, tickers and klines; the universe's other
  /// USDT perpetuals and spot pairs are listed ticker-only.
  @Test func exchangeInfoTickerAndKlinesInBinancesShapes() throws {
    var config = Self.config(seed: 16)
    config.universe = SimUniverse.extras(for: config)
    try SimTest.with(config) { sim in
      for market in [BinanceMarket.spot, .usdm] {
        let prefix = market == .spot ? "/binance/api/v3" : "/binance-usdm/fapi/v1"
        let info = try Self.get(sim.port, prefix + "/exchangeInfo")
        #expect(info.status == 200)
        let (specs, errors) = BinanceInstruments.specs(
          exchangeInfo: try WireValue.parse(Array(info.body.utf8)), market: market)
        #expect(errors.isEmpty, "\(errors)")
        #expect(specs.map(\.key.symbol.description) == sim.binanceSymbols(market == .spot ? .spot : .usdm))
        #expect(specs.count > 20)
        let btc = try #require(specs.first { $0.key.symbol == "BTCUSDT" })
        #expect(btc.base == "BTC" && btc.quote == "USDT")
        if market == .spot {
          #expect(btc.tickSize == FixedDecimal("0.01")! && btc.lotSize == FixedDecimal("0.00001")!)
        } else {
          #expect(btc.kind == .linearPerpetual && btc.tickSize == FixedDecimal("0.1")!)
        }
        let ticker = try Self.get(sim.port, prefix + "/ticker/24hr?symbol=BTCUSDT")
        let t = try #require(SimTest.json(ticker.body) as? [String: Any])
        let last = try #require((t["lastPrice"] as? String).flatMap(Double.init))
        #expect(last > 50_000 && last < 150_000)
        // Every symbol has a ticker; a ticker-only one has no book.
        let all = try #require(
          SimTest.json(try Self.get(sim.port, prefix + "/ticker/24hr").body) as? [[String: Any]])
        #expect(all.count == specs.count)
        let sol = try #require(all.first { $0["symbol"] as? String == "SOLUSDT" })
        let solLast = try #require((sol["lastPrice"] as? String).flatMap(Double.init))
        #expect(solLast > 50 && solLast < 500)
        #expect(try Self.get(sim.port, prefix + "/depth?symbol=SOLUSDT").status == 400)
        let klines = try Self.get(sim.port, prefix + "/klines?symbol=BTCUSDT&interval=1m&limit=5")
        let rows = try #require(SimTest.json(klines.body) as? [[Any]])
        #expect(rows.count == 5 && rows.allSatisfy { $0.count == 12 })
        #expect(try Self.get(sim.port, prefix + "/depth?symbol=NOPE").status == 400)
      }
    }
  }

  // MARK: Faults

  /// The BitMEX dialect's session faults reach Binance connections: malformed frames every so
  /// often (the decoder refuses them, the book goes on), then the drop (no close frame).
  @Test func garbageAndDropReachBinanceConnections() throws {
    var config = Self.config(seed: 19)
    try config.faults.apply(spec: "garbage-every=0.05")
    try config.faults.apply(spec: "drop-after=0.6")
    config.faults.garbageKinds = [.notJSON, .truncated, .binary]
    try SimTest.with(config) { sim in
      let path = Self.streamPath(sim, .spot, [Subscription(.book, "BTCUSDT")])
      let ws = try TestWebSocket.connect(port: sim.port, path: path)
      var client = Client(.spot, port: sim.port)
      var refused = 0
      let deadline = Date(timeIntervalSinceNow: 5)
      while Date() < deadline, let frame = try ws.read(timeout: max(0.01, deadline.timeIntervalSinceNow)) {
        #expect(!frame.isClose)
        do {
          try client.feed(frame.payload)
        } catch {
          refused += 1
        }
      }
      #expect(ws.socket.atEOF)
      #expect(sim.stats.sessionsDropped == 1)
      #expect(refused >= 3 && refused == sim.stats.sent("garbage"))
      #expect(client.depthUpdates >= 3)
    }
  }

  /// At run time: a stalled connection sends nothing more, PINGs included; a dropped one ends.
  @Test func stallAndDropAtRunTime() throws {
    var config = Self.config(seed: 20)
    config.binance.pingInterval = 0.05
    try SimTest.with(config) { sim in
      let ws = try TestWebSocket.connect(port: sim.port, path: "/binance/stream?streams=btcusdt@depth@100ms")
      var client = Client(.spot, port: sim.port)
      #expect(try client.run(ws) { $0.depthUpdates >= 2 })
      sim.stallConnections()
      #expect(sim.stats.sessionsStalled == 1)
      // Whatever was on its way before the stall, then nothing: no update, no PING (they came
      // every 50 ms before).
      let deadline = Date(timeIntervalSinceNow: 3)
      var silent = false
      while !silent, Date() < deadline {
        silent = try ws.read(timeout: 0.3) == nil
      }
      #expect(silent)
      #expect(!ws.socket.atEOF)
      sim.dropConnections()
      #expect(try ws.read(timeout: 3) == nil)
      #expect(ws.socket.atEOF)
    }
  }

  // MARK: Tickers

  /// The all-market ticker arrays, once a second, with every listed symbol, numbers as strings.
  @Test(arguments: [BinanceMarket.spot, .usdm])
  func allMarketTickersComeEverySecond(market: BinanceMarket) throws {
    try SimTest.with(Self.config(seed: 21)) { sim in
      let path = Self.streamPath(sim, market, [Subscription(.ticker)])
      let ws = try TestWebSocket.connect(port: sim.port, path: path)
      let frame = try ws.expectFrame(timeout: 3)
      let json = try #require(frame.json)
      #expect(json["stream"] as? String == (market == .spot ? "!miniTicker@arr" : "!ticker@arr"))
      let rows = try #require(json["data"] as? [[String: Any]])
      let symbols = rows.compactMap { $0["s"] as? String }
      #expect(symbols == sim.binanceSymbols(market == .spot ? .spot : .usdm))
      let btc = try #require(rows.first { $0["s"] as? String == "BTCUSDT" })
      let close = try #require((btc["c"] as? String).flatMap(Double.init))
      #expect(close > 50_000 && close < 150_000)
      #expect(btc["v"] is String && btc["q"] is String)
      // One symbol's tickers decode into its ticker: the last price at least.
      let prefix = market == .spot ? "/binance" : "/binance-usdm/market"
      let one = try TestWebSocket.connect(
        port: sim.port, path: prefix + "/stream?streams=btcusdt@ticker/btcusdt@miniTicker")
      var names: Set<String> = []
      while names.count < 2, let f = try one.read(timeout: 3) {
        var batch = VenueBatch()
        try BinanceDecoder(market: market).decode(f.payload, receivedAt: 0, into: &batch)
        #expect(batch.events == [.ticker(symbol: "BTCUSDT", ticker: 0)])
        #expect(batch.tickers.first?.last != nil && batch.tickers.first?.volume24h != nil)
        if let name = f.json?["stream"] as? String { names.insert(name) }
      }
      #expect(names == ["btcusdt@ticker", "btcusdt@miniTicker"])
      // The arrays: a ticker of every symbol, in the order sent.
      var batch = VenueBatch()
      try BinanceDecoder(market: market).decode(frame.payload, receivedAt: 0, into: &batch)
      #expect(batch.events.count == symbols.count)
      let decoded = batch.events.compactMap { event -> String? in
        if case .ticker(let s, _) = event { return s.description }
        return nil
      }
      #expect(decoded == symbols)
      #expect(batch.tickers.first { $0.last?.doubleValue == close } != nil)
    }
  }

  // MARK: Liveness

  /// The server's PINGs come; answered, the connection lives on; unanswered, it is closed.
  @Test func serverPingsAndAClientThatDoesNotPongIsClosed() throws {
    var config = Self.config(seed: 17)
    config.binance.pingInterval = 0.1
    // A second: room for a busy machine to answer late.
    config.binance.pongTimeout = 1
    try SimTest.with(config) { sim in
      let ws = try TestWebSocket.connect(port: sim.port, path: "/binance/stream?streams=btcusdt@trade")
      var pings = 0
      let deadline = Date(timeIntervalSinceNow: 10)
      // Answered: well past the first PING's timeout, the connection is open.
      while pings < 15, Date() < deadline {
        let frame = try ws.expectFrame()
        #expect(!frame.isClose)
        guard frame.opcode == 9 else { continue }
        pings += 1
        #expect(!frame.payload.isEmpty)
        try ws.send(opcode: 10, frame.payload)
      }
      #expect(pings == 15)
      // Unanswered: closed (1008) within the timeout.
      var closed: TestWebSocket.Frame?
      while closed == nil, Date() < deadline {
        let frame = try ws.expectFrame()
        if frame.isClose { closed = frame }
      }
      #expect(closed?.closeCode == 1008)
    }
  }

  /// A connection lives `connectionLifetime` seconds, then the server closes it (1001).
  @Test func theConnectionLifetimeEndsIt() throws {
    var config = Self.config(seed: 18)
    config.binance.connectionLifetime = 0.3
    try SimTest.with(config) { sim in
      let ws = try TestWebSocket.connect(port: sim.port, path: "/binance/stream?streams=btcusdt@depth@100ms")
      var closed: TestWebSocket.Frame?
      let deadline = Date(timeIntervalSinceNow: 5)
      while closed == nil, Date() < deadline {
        let frame = try ws.expectFrame()
        if frame.isClose { closed = frame }
      }
      #expect(closed?.closeCode == 1001)
    }
  }

  /// With `shutdownNotice`, the server says `serverShutdown` (Binance's connection event, in its
  /// documented envelope) that long before the lifetime ends the connection, and only then; and
  /// `binanceShutdownNotice()` says it to every open connection at once, leaving them open.
  @Test func aShutdownNoticeComesBeforeTheLifetimeEndsAndOnDemand() throws {
    var config = Self.config(seed: 19)
    config.binance.connectionLifetime = 1.5
    config.binance.shutdownNotice = 1
    try SimTest.with(config) { sim in
      let ws = try TestWebSocket.connect(port: sim.port, path: "/binance/stream?streams=btcusdt@depth@100ms")
      var notices: [Date] = []
      var closedAt: Date?
      let opened = Date()
      let deadline = Date(timeIntervalSinceNow: 5)
      while closedAt == nil, Date() < deadline {
        let frame = try ws.expectFrame()
        if frame.isClose { closedAt = Date() }
        if frame.isText, let event = frame.json?["event"] as? [String: Any] {
          #expect(event["e"] as? String == "serverShutdown")
          #expect(event["E"] is Int)
          notices.append(Date())
        }
      }
      #expect(notices.count == 1)
      let notice = try #require(notices.first)
      #expect(notice.timeIntervalSince(opened) >= 0.4)
      #expect(try #require(closedAt).timeIntervalSince(notice) >= 0.5)
    }
    try SimTest.with(Self.config(seed: 20)) { sim in
      let ws = try TestWebSocket.connect(
        port: sim.port, path: "/binance-usdm/market/stream?streams=btcusdt@aggTrade")
      sim.binanceShutdownNotice()
      var notice: [String: Any]?
      let deadline = Date(timeIntervalSinceNow: 5)
      while notice == nil, Date() < deadline {
        let frame = try ws.expectFrame()
        #expect(!frame.isClose)
        notice = frame.isText ? frame.json?["event"] as? [String: Any] : nil
      }
      #expect(notice?["e"] as? String == "serverShutdown")
    }
  }
}
