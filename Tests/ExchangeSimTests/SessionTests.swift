import ExchangeSim
import Foundation
import MarketModel
import Testing

/// The realtime WebSocket over real loopback connections: welcome, subscriptions, partials
/// and deltas, errors, heartbeats and the closing handshake.
@Suite struct SessionTests {
  @Test func welcomeIsTheFirstFrame() throws {
    try SimTest.with(SimTest.config()) { sim in
      #expect(sim.webSocketURL == "ws://127.0.0.1:\(sim.port)/realtime")
      #expect(sim.restURL == "http://127.0.0.1:\(sim.port)/api/v1")
      let ws = try TestWebSocket.connect(port: sim.port)
      let welcome = try ws.expectJSON()
      #expect(welcome["info"] as? String == "Welcome to the BitMEX Realtime API.")
      #expect(welcome["version"] as? String == "2.0.0")
      #expect(welcome["docs"] as? String == "https://www.bitmex.com/app/wsAPI")
      #expect(welcome["heartbeatEnabled"] as? Bool == false)
      #expect((welcome["timestamp"] as? String)?.hasSuffix("Z") == true)
      #expect(sim.stats.upgradesAccepted == 1)
    }
  }

  /// Acks in order, then the partials, then deltas that apply cleanly (never a fault, never
  /// a crossed book); with the market paused and the socket drained, the client's book is
  /// exactly the simulator's.
  @Test(arguments: [("orderBookL2_25", 25), ("orderBookL2_100", 100), ("orderBookL2", Int.max)])
  func deltasReplayOntoThePartial(table: String, depth: Int) throws {
    try SimTest.with(SimTest.config(levels: 120)) { sim in
      let ws = try TestWebSocket.connect(port: sim.port)
      _ = try ws.expectJSON()
      let request = #"{"op":"subscribe","args":["\#(table):XBTUSD","trade:XBTUSD","instrument:XBTUSD"]}"#
      try ws.send(text: request)
      for topic in ["\(table):XBTUSD", "trade:XBTUSD", "instrument:XBTUSD"] {
        let ack = try ws.expectJSON()
        #expect(ack["success"] as? Bool == true)
        #expect(ack["subscribe"] as? String == topic)
        #expect(SimTest.jsonEqual(ack["request"], SimTest.json(request)))
      }
      var client = ClientBook(symbol: "XBTUSD")
      var partials: Set<String> = []
      let deadline = Date(timeIntervalSinceNow: 5)
      while (partials.count < 3 || (client.bookActions["update"] ?? 0) < 30) && Date() < deadline {
        let frame = try ws.expectFrame()
        let (t, action) = try client.apply(frame)
        if action == "partial", let t {
          partials.insert(t)
          if t == table {
            #expect((frame.json?["filter"] as? [String: Any])?["symbol"] as? String == "XBTUSD")
          }
        } else if let t {
          #expect(partials.contains(t), "a \(t) delta before its partial")
        }
      }
      #expect(partials == [table, "trade", "instrument"])
      sim.pauseMarket()
      for frame in try ws.drainWithPing() { try client.apply(frame) }
      #expect(client.faults.isEmpty, "\(client.faults)")
      #expect(client.state.bookSync == .live)
      let mine = client.levels()
      let theirs = sim.bookSnapshot(symbol: "XBTUSD", depth: depth)
      #expect(mine.bids.count == min(depth, 120))
      #expect(mine.bids == theirs.bids)
      #expect(mine.asks == theirs.asks)
      #expect(client.bookActions["insert", default: 0] > 0)
      #expect(client.bookActions["delete", default: 0] > 0)
      #expect(client.state.tape.count > 0)
      #expect(client.state.instrument.lastPrice != nil)
      #expect(client.state.instrument.tickSize == 0.1)
    }
  }

  @Test func unknownSymbolTableAndBadJSONAreAnsweredWithErrors() throws {
    try SimTest.with(SimTest.config()) { sim in
      let ws = try TestWebSocket.connect(port: sim.port)
      _ = try ws.expectJSON()

      let unknownSymbol = #"{"op":"subscribe","args":["orderBookL2_25:NOPEUSD"]}"#
      try ws.send(text: unknownSymbol)
      let e1 = try ws.expectJSON()
      #expect(e1["status"] as? Int == 400)
      #expect(e1["error"] as? String == "Unknown or expired symbol.")
      #expect(SimTest.jsonEqual(e1["meta"], [String: Any]()))
      #expect(SimTest.jsonEqual(e1["request"], SimTest.json(unknownSymbol)))

      let unknownTable = #"{"op":"subscribe","args":["tradeBin5dm:XBTUSD"]}"#
      try ws.send(text: unknownTable)
      let e2 = try ws.expectJSON()
      #expect(e2["status"] as? Int == 400)
      #expect(e2["error"] as? String == "Unknown table: tradeBin5dm")
      #expect(SimTest.jsonEqual(e2["request"], SimTest.json(unknownTable)))

      try ws.send(text: "a{")
      let e3 = try ws.expectJSON()
      #expect(e3["status"] as? Int == 400)
      #expect(
        (e3["error"] as? String)?.hasPrefix("Failed to decode incoming data: Unexpected token a") == true)
      #expect(e3["request"] == nil)

      // `args` may be a bare string; a second subscription to the same topic is an error.
      let single = #"{"op":"subscribe","args":"trade:XBTUSD"}"#
      try ws.send(text: single)
      let ack = try ws.expectJSON()
      #expect(ack["subscribe"] as? String == "trade:XBTUSD")
      #expect((ack["request"] as? [String: Any])?["args"] as? String == "trade:XBTUSD")
      try ws.send(text: single)
      var duplicate: [String: Any]?
      while duplicate == nil {
        let frame = try ws.expectJSON()
        if frame["status"] != nil { duplicate = frame }
      }
      #expect((duplicate?["error"] as? String)?.hasPrefix("You are already subscribed to this topic") == true)

      try ws.send(text: #"{"op":"unsubscribe","args":["trade:XBTUSD"]}"#)
      var unsubscribed = false
      while !unsubscribed {
        unsubscribed = try ws.expectJSON()["unsubscribe"] as? String == "trade:XBTUSD"
      }
      // Nothing of the table after the ack.
      sim.advanceMarket(ticks: 20)
      for frame in try ws.drainWithPing() {
        #expect(frame.json?["table"] as? String != "trade")
      }
    }
  }

  @Test func pingsAreAnsweredAndCloseIsEchoed() throws {
    try SimTest.with(SimTest.config()) { sim in
      let ws = try TestWebSocket.connect(port: sim.port)
      _ = try ws.expectJSON()
      try ws.send(text: "ping")
      let pong = try ws.expectFrame()
      #expect(pong.isText && pong.text == "pong")
      try ws.sendPing(Array("abc".utf8))
      let protocolPong = try ws.expectFrame()
      #expect(protocolPong.isPong && protocolPong.payload == Array("abc".utf8))
      try ws.sendClose(code: 1000)
      let close = try ws.expectFrame()
      #expect(close.closeCode == 1000)
      #expect(try ws.socket.waitForEOF(until: Date(timeIntervalSinceNow: 3)))
      #expect(SimTest.wait { sim.stats.openSessions == 0 })
      #expect(sim.stats.textPings == 1 && sim.stats.protocolPings == 1)
    }
  }

  @Test func urlSubscriptionsAndAllSymbolTables() throws {
    try SimTest.with(SimTest.config()) { sim in
      let ws = try TestWebSocket.connect(port: sim.port, path: "/realtime?subscribe=instrument,quote:ETHUSD")
      _ = try ws.expectJSON()
      #expect(try ws.expectJSON()["subscribe"] as? String == "instrument")
      #expect(try ws.expectJSON()["subscribe"] as? String == "quote:ETHUSD")
      var instrumentPartial: [String: Any]?
      while instrumentPartial == nil {
        let json = try ws.expectJSON()
        if json["table"] as? String == "instrument" && json["action"] as? String == "partial" {
          instrumentPartial = json
        }
      }
      let rows = instrumentPartial?["data"] as? [[String: Any]] ?? []
      #expect(rows.count == sim.instruments.count)
      #expect(SimTest.jsonEqual(instrumentPartial?["filter"], [String: Any]()))
    }
  }
}
