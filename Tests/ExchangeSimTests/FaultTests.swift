import ExchangeSim
import Foundation
import MarketModel
import TestSupport
import Testing

/// Fault injection, each fault on its own.
@Suite struct FaultTests {
  /// Subscribes to `orderBookL2_25:XBTUSD` and waits for its partial.
  private func subscribedClient(_ sim: ExchangeSim) throws -> (TestWebSocket, ClientBook) {
    let ws = try TestWebSocket.connect(port: sim.port)
    _ = try ws.expectJSON()
    try ws.send(text: #"{"op":"subscribe","args":["orderBookL2_25:XBTUSD"]}"#)
    var client = ClientBook(symbol: "XBTUSD")
    while client.state.bookSync != .live {
      try client.apply(try ws.expectFrame())
    }
    return (ws, client)
  }

  @Test func upgradesAreRefusedWith429AndRetryAfterThenAccepted() throws {
    var config = SimTest.config()
    config.faults.rejectUpgrades = SimFaults.UpgradeRejection(count: 2, status: 429, retryAfter: 1)
    try SimTest.with(config) { sim in
      for _ in 0..<2 {
        let (ws, answer) = try TestWebSocket.attempt(port: sim.port)
        #expect(ws == nil)
        #expect(answer?.status == 429)
        #expect(answer?.headers["retry-after"] == "1")
        #expect(answer?.body == #"{"error":"Rate limit exceeded, retry in 1 seconds."}"#)
      }
      let ws = try TestWebSocket.connect(port: sim.port)
      #expect(try ws.expectJSON()["info"] != nil)
      #expect(sim.stats.upgradesRejected == 2)
      #expect(sim.faults.rejectUpgrades == nil)

      sim.rejectUpgrades(count: 1, status: 503, retryAfter: 5)
      let (refused, answer) = try TestWebSocket.attempt(port: sim.port)
      #expect(refused == nil)
      #expect(answer?.status == 503)
      #expect(answer?.headers["retry-after"] == "5")
    }
  }

  @Test func ignoredUpgradesAreNeverAnswered() throws {
    var config = SimTest.config()
    config.faults.ignoreUpgrades = 1
    try SimTest.with(config) { sim in
      let (ws, answer) = try TestWebSocket.attempt(port: sim.port, timeout: 0.3)
      #expect(ws == nil && answer == nil)
      #expect(sim.stats.upgradesIgnored == 1)
      #expect(try TestWebSocket.connect(port: sim.port).expectJSON()["info"] != nil)
    }
  }

  @Test func dropClosesTheConnectionWithoutACloseFrame() throws {
    try SimTest.with(SimTest.config()) { sim in
      let ws = try TestWebSocket.connect(port: sim.port)
      _ = try ws.expectJSON()
      sim.dropConnections()
      while let frame = try ws.read(timeout: 3) {
        #expect(!frame.isClose)
      }
      #expect(ws.socket.atEOF)
      #expect(sim.stats.sessionsDropped == 1)
    }
  }

  @Test func dropAfterAndStallAfterAreTimed() throws {
    var config = SimTest.config()
    config.faults.dropAfter = 0.1
    try SimTest.with(config) { sim in
      let ws = try TestWebSocket.connect(port: sim.port)
      #expect(try ws.socket.waitForEOF(until: Date(timeIntervalSinceNow: 3)))
    }
    config.faults = SimFaults()
    config.faults.stallAfter = 0.05
    try SimTest.with(config) { sim in
      let ws = try TestWebSocket.connect(port: sim.port)
      _ = try ws.expectJSON()
      #expect(SimTest.wait { sim.stats.sessionsStalled == 1 })
      try ws.send(text: "ping")
      try ws.sendPing([1])
      #expect(try ws.read(timeout: 0.3) == nil)
      #expect(!ws.socket.atEOF)
    }
  }

  @Test func stalledSessionsSendNothing() throws {
    try SimTest.with(SimTest.config()) { sim in
      let (ws, _) = try subscribedClient(sim)
      sim.stallConnections()
      try ws.send(text: "ping")
      // Frames written before the stall may still arrive; after them, silence (and no pong).
      while let frame = try ws.read(timeout: 0.3) {
        #expect(frame.text != "pong")
      }
      #expect(!ws.socket.atEOF)
    }
  }

  @Test func garbageFramesArriveAsSent() throws {
    try SimTest.with(SimTest.config()) { sim in
      let ws = try TestWebSocket.connect(port: sim.port)
      _ = try ws.expectJSON()
      sim.sendGarbage(.binary)
      sim.sendGarbage(.invalidUTF8)
      sim.sendGarbage(.notJSON)
      let binary = try ws.expectFrame()
      #expect(binary.isBinary)
      let invalid = try ws.expectFrame()
      #expect(invalid.isText)
      #expect(String(validating: invalid.payload, as: UTF8.self) == nil)
      let text = try ws.expectFrame()
      #expect(text.isText && text.json == nil)
      #expect(sim.stats.sent("garbage") == 3)
    }
  }

  @Test func anUpdateForAnUnknownLevelFaultsTheClientBook() throws {
    try SimTest.with(SimTest.config()) { sim in
      var (ws, client) = try subscribedClient(sim)
      sim.pauseMarket()
      sim.sendUnknownLevelUpdate(symbol: "XBTUSD")
      for frame in try ws.drainWithPing() { try client.apply(frame) }
      #expect(client.faults.count == 1)
      #expect(client.faults.first?.fault.isSimulatorsUnknownLevel == true, "\(client.faults)")
    }
  }

  @Test func anUpdateBeforeThePartialIsDroppedByTheClient() throws {
    var config = SimTest.config()
    config.faults.updateBeforePartial = true
    try SimTest.with(config) { sim in
      let ws = try TestWebSocket.connect(port: sim.port)
      _ = try ws.expectJSON()
      try ws.send(text: #"{"op":"subscribe","args":["orderBookL2_25:XBTUSD"]}"#)
      #expect(try ws.expectJSON()["success"] as? Bool == true)
      var client = ClientBook(symbol: "XBTUSD")
      let early = try ws.expectFrame()
      #expect(early.json?["action"] as? String == "update")
      try client.apply(early)
      #expect(client.state.droppedBeforePartial == 1)
      while client.state.bookSync != .live { try client.apply(try ws.expectFrame()) }
      #expect(client.faults.isEmpty)
    }
  }

  @Test func hugePartialHasTenThousandLevelsASide() throws {
    var config = SimTest.config()
    config.instruments = [.xbtusd]
    config.faults.hugePartial = true
    config.warmUpTicks = 5
    try SimTest.with(config) { sim in
      let ws = try TestWebSocket.connect(port: sim.port)
      _ = try ws.expectJSON()
      try ws.send(text: #"{"op":"subscribe","args":["orderBookL2:XBTUSD"]}"#)
      _ = try ws.expectJSON()
      var client = ClientBook(symbol: "XBTUSD")
      while client.state.bookSync != .live { try client.apply(try ws.expectFrame(timeout: 5)) }
      #expect(client.state.book.count(.buy) == 10_000)
      #expect(client.state.book.count(.sell) == 10_000)
      #expect(client.faults.isEmpty)
    }
  }

  @Test func trickleDeliversFramesIntactInSmallPieces() throws {
    var config = SimTest.config()
    config.faults.trickle = SimFaults.Trickle(bytes: 16, interval: 0.001)
    try SimTest.with(config) { sim in
      let ws = try TestWebSocket.connect(port: sim.port)
      let welcome = try ws.expectJSON(timeout: 5)
      #expect(welcome["info"] as? String == "Welcome to the BitMEX Realtime API.")
      try ws.send(text: "ping")
      #expect(try ws.expectFrame(timeout: 5).text == "pong")
    }
  }

  @Test func burstSendsAtLeastNMessagesThenStops() throws {
    var config = SimTest.config()
    config.burst = 2_000
    try SimTest.with(config) { sim in
      let ws = try TestWebSocket.connect(port: sim.port)
      _ = try ws.expectJSON()
      try ws.send(text: #"{"op":"subscribe","args":["orderBookL2_25:XBTUSD"]}"#)
      _ = try ws.expectJSON()
      var client = ClientBook(symbol: "XBTUSD")
      var deltas = 0
      func take(_ frame: TestWebSocket.Frame) throws {
        let (_, action) = try client.apply(frame)
        if action != "partial" { deltas += 1 }
      }
      let deadline = Date(timeIntervalSinceNow: 5)
      while sim.stats.burstsFinished == 0 && Date() < deadline {
        if let frame = try ws.read(timeout: 0.05) { try take(frame) }
      }
      for frame in try ws.drainWithPing() { try take(frame) }
      // Then nothing more.
      #expect(try ws.read(timeout: 0.2) == nil)
      #expect(deltas >= 2_000 && deltas <= 2_002)
      #expect(deltas == sim.stats.sent("orderBookL2_25") - 1)
      #expect(sim.stats.burstsFinished == 1)
      #expect(client.faults.isEmpty)
      #expect(client.levels(25).bids == sim.bookSnapshot(symbol: "XBTUSD", depth: 25).bids)
    }
  }

  @Test func faultSpecsParse() throws {
    var faults = SimFaults()
    try faults.apply(spec: "drop-after=5")
    try faults.apply(spec: "reject=2:503:7")
    try faults.apply(spec: "trickle=64:0.01")
    try faults.apply(spec: "update-before-partial")
    try faults.apply(spec: "silence=orderBookL2_25:8:45")
    #expect(faults.silence == SimFaults.Silence(table: "orderBookL2_25", after: 8, duration: 45))
    #expect(faults.dropAfter == 5)
    #expect(faults.rejectUpgrades == SimFaults.UpgradeRejection(count: 2, status: 503, retryAfter: 7))
    #expect(faults.trickle == SimFaults.Trickle(bytes: 64, interval: 0.01))
    #expect(faults.updateBeforePartial)
    #expect(throws: SimFaults.SpecError.self) { try faults.apply(spec: "explode") }
    #expect(throws: SimFaults.SpecError.self) { try faults.apply(spec: "reject=x") }
    for bad in [
      "silence=trade", "silence=:1:2", "silence=trade:-1:2", "silence=trade:1:0", "silence=trade:1:nan",
    ] {
      #expect(throws: SimFaults.SpecError.self, "\(bad)") { try faults.apply(spec: bad) }
    }
  }

  /// A venue paused for a while and a venue crossed, as `tradeterm --demo-fault` and
  /// `tradeterm-sim --fault` spell them; a venue they do not know, or numbers out of range, refused.
  @Test func venueFaultSpecsParse() throws {
    var faults = SimFaults()
    try faults.apply(spec: "venue-pause=kraken:10:30")
    try faults.apply(spec: "venue-pause=binance-usdm:0:5")
    try faults.apply(spec: "venue-cross=okx:30")
    try faults.apply(spec: "venue-cross=bybit-linear:-12.5")
    #expect(
      faults.venuePauses == [
        SimFaults.VenuePause(venue: "kraken", after: 10, duration: 30),
        SimFaults.VenuePause(venue: "binance-usdm", after: 0, duration: 5),
      ])
    #expect(faults.venueCrossBps == ["okx": 30, "bybit-linear": -12.5])
    for bad in [
      "venue-pause=kraken", "venue-pause=nowhere:1:2", "venue-pause=kraken:-1:2", "venue-pause=kraken:1:0",
      "venue-pause=kraken:1:nan", "venue-cross=okx", "venue-cross=okx:0", "venue-cross=okx:5000",
      "venue-cross=bitmex:10", "venue-cross=binance:10",
      // Past a day: made whole milliseconds and deadlines, these trapped.
      "coinbase-ticker-batch=1e300", "okx-idle-close=1e20", "venue-gap-after=86401",
    ] {
      #expect(throws: SimFaults.SpecError.self, "\(bad)") { try faults.apply(spec: bad) }
    }
  }

  /// The symbol list's faults, from their specification (`tradeterm-sim --fault active=…`).
  @Test(arguments: [
    ("active=500", SimFaults.RESTFault.status(500)), ("active=html", .html), ("active=gzip", .gzip),
    ("active=hang", .noAnswer),
  ])
  func instrumentActiveFaultSpecs(spec: String, fault: SimFaults.RESTFault) throws {
    var faults = SimFaults()
    try faults.apply(spec: spec)
    #expect(faults.instrumentActive == fault)
    #expect(throws: SimFaults.SpecError.self) { try faults.apply(spec: "active=200") }
    #expect(throws: SimFaults.SpecError.self) { try faults.apply(spec: "active") }
  }
}
