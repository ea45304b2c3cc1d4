import ExchangeSim
import Foundation
import OKX
import Testing
import VenueCore
import WireJSON

/// The simulator's OKX v5 dialect, read by tradeterm's own OKX adapter: its subscribe frames
/// out, every frame through `OKXDecoder`, the book through the adapter's `bookPolicy(depth:)`.
@Suite(.serialized) struct OKXDialectTests {
  private func client(
    _ sim: ExchangeSim, symbol: Symbol = "BTC-USDT-SWAP", depth: Int = 400, scales: (UInt8, UInt8) = (1, 2),
    subscribing: Bool = true
  ) throws -> VenueTestClient<OKXAdapter> {
    let adapter = OKXAdapter(url: sim.okxWebSocketURL)
    let path = String(sim.okxWebSocketURL.dropFirst("ws://127.0.0.1:\(sim.port)".count))
    let client = try VenueTestClient(
      adapter, port: sim.port, path: path, symbol: symbol,
      policy: .sequence(adapter.bookPolicy(depth: depth)),
      priceScale: scales.0, sizeScale: scales.1)
    guard subscribing else { return client }
    try client.send(
      adapter.subscribeFrames([Subscription(.book, symbol, depth: depth), Subscription(.trades, symbol)]))
    return client
  }

  /// Text `ping` → `pong`, after everything sent before it.
  private func ping(_ c: VenueTestClient<OKXAdapter>) throws -> Bool {
    let pongs = c.pongs
    try c.send(["ping"])
    return try c.pump { c.pongs > pongs }
  }

  static let cases: [(Symbol, Int, UInt8, UInt8)] = [
    ("BTC-USDT-SWAP", 400, 1, 2), ("ETH-USDT", 400, 2, 6), ("BTC-USD-SWAP", 5, 1, 0),
  ]

  @Test(arguments: cases)
  func theBookGoesLiveFollowsAndMatchesTheSimulators(
    symbol: Symbol, depth: Int, priceScale: UInt8, sizeScale: UInt8
  ) throws {
    try SimTest.with(VenueDialect.config()) { sim in
      let c = try client(sim, symbol: symbol, depth: depth, scales: (priceScale, sizeScale))
      let enough = { depth == 5 ? c.snapshots >= 40 : c.deltas >= 40 }
      #expect(try c.pump { c.policy.state == .live && enough() && c.trades.count >= 3 })
      #expect(c.faults.isEmpty, "\(c.faults)")
      #expect(c.refused.isEmpty, "\(c.refused.prefix(3))")
      #expect(c.frames.contains { $0.contains(#""event":"subscribe""#) })
      sim.pauseMarket()
      #expect(try ping(c))
      let held = sim.followerBook(venue: "okx", symbol: symbol.description, depth: depth)
      #expect(c.sides.bids == held.bids && c.sides.asks == held.asks)
      #expect(held.bids.count == depth)
      let last = try #require(sim.followerLastTrade(venue: "okx", symbol: symbol.description))
      let trade = try #require(c.trades.last)
      #expect(trade.price.description == last.price && (trade.aggressor == .buy) == last.takerBought)
    }
  }

  /// A lost update (its `prevSeqId` no longer links) is one fault; the updates after it are
  /// held for a fresh snapshot (in-band or REST), never applied.
  @Test func aSequenceGapIsExactlyOneFault() throws {
    try SimTest.with(VenueDialect.config()) { sim in
      let c = try client(sim)
      #expect(try c.pump { c.policy.state == .live && c.deltas >= 20 })
      sim.sendSequenceGap()
      #expect(try c.pump { c.faults.count == 1 })
      let (received, deltas) = (c.received, c.deltas)
      #expect(try c.pump { c.received >= received + 30 })
      #expect(c.deltas == deltas)
      #expect(c.faults.count == 1, "\(c.faults)")
      guard case .sequenceGap? = c.faults.first else {
        Issue.record("not a sequence gap: \(c.faults)")
        return
      }
    }
  }

  /// A keep-alive (`seqId == prevSeqId`, no levels) and a maintenance reset (`seqId` lower than
  /// its `prevSeqId`, which links) are no gap; the checksum is 0 throughout.
  @Test func keepAlivesAndAMaintenanceResetAreNoGap() throws {
    try SimTest.with(VenueDialect.config()) { sim in
      let c = try client(sim)
      #expect(try c.pump { c.policy.state == .live && c.deltas >= 10 })
      let dropped = c.dropped
      sim.okxKeepAlive()
      #expect(try c.pump { c.dropped > dropped })
      sim.okxMaintenanceReset()
      let lower = { (frame: String) -> Bool in
        guard let json = SimTest.json(frame) as? [String: Any],
          let data = (json["data"] as? [[String: Any]])?.first,
          let seq = data["seqId"] as? Int64, let previous = data["prevSeqId"] as? Int64
        else { return false }
        return seq < previous && previous >= 0
      }
      #expect(try c.pump { c.frames.contains(where: lower) })
      let deltas = c.deltas
      #expect(try c.pump { c.deltas >= deltas + 20 })
      #expect(c.faults.isEmpty, "\(c.faults)")
      #expect(c.frames.filter { $0.contains(#""action":"#) }.allSatisfy { $0.contains(#""checksum":0"#) })
      sim.pauseMarket()
      #expect(try ping(c))
      let held = sim.followerBook(venue: "okx", symbol: "BTC-USDT-SWAP", depth: 400)
      #expect(c.sides.bids == held.bids && c.sides.asks == held.asks)
    }
  }

  /// OKX closes a connection on which nothing passed for its idle limit (30 s; shortened here):
  /// one that subscribed nothing and never pings; one that pings stays.
  @Test func anIdleConnectionIsClosed() throws {
    var config = VenueDialect.config()
    // 1.5 s against a ping every 0.2 s: a loaded machine (CI, two cores) may hold a ping back
    // a few tenths of a second, and with 0.5 s the pinging connection was closed too.
    config.faults.followers.okxIdleClose = 1.5
    try SimTest.with(config) { sim in
      let quiet = try client(sim, subscribing: false)
      let pinging = try client(sim, subscribing: false)
      let start = Date()
      #expect(
        try quiet.pump(timeout: 5) {
          if Date().timeIntervalSince(start) > Double(pinging.pongs) * 0.2 { try? pinging.send(["ping"]) }
          _ = try? pinging.pump(timeout: 0.01) { false }
          return quiet.closed
        })
      #expect(!pinging.closed && pinging.pongs >= 2)
    }
  }

  /// A connection whose book keeps pushing stays open past its idle limits though it never
  /// pings (it was closed: only the client's messages counted, so the demo's OKX reconnected
  /// every 30 s).
  @Test func aBusyConnectionIsNotIdle() throws {
    var config = VenueDialect.config()
    // 1.5 s against a ping every 0.2 s: a loaded machine (CI, two cores) may hold a ping back
    // a few tenths of a second, and with 0.5 s the pinging connection was closed too.
    config.faults.followers.okxIdleClose = 1.5
    try SimTest.with(config) { sim in
      let busy = try client(sim)
      let start = Date()
      _ = try busy.pump(timeout: 2) { busy.closed || Date().timeIntervalSince(start) > 1.5 }
      #expect(!busy.closed && busy.pongs == 0)
    }
  }

  @Test func anUnknownInstrumentIsAnErrorEvent() throws {
    try SimTest.with(VenueDialect.config()) { sim in
      let c = try client(sim)
      try c.send([#"{"op":"subscribe","args":[{"channel":"books","instId":"NOPE-USDT"}]}"#])
      #expect(try c.pump { !c.venueErrors.isEmpty })
      #expect(c.venueErrors.first?.contains("NOPE-USDT") == true)
    }
  }

  @Test func tickersOfABookedAndATickerOnlyInstrument() throws {
    try SimTest.with(VenueDialect.config()) { sim in
      let c = try client(sim)
      try c.send([
        #"{"op":"subscribe","args":[{"channel":"tickers","instId":"BTC-USDT-SWAP"},{"channel":"tickers","instId":"DOGE-USDT"}]}"#
      ])
      for id in ["BTC-USDT-SWAP", "DOGE-USDT"] {
        #expect(
          try c.pump {
            c.frames.filter {
              $0.contains(#""channel":"tickers","instId":"\#(id)""#) && $0.contains("\"data\"")
            }
            .count >= 3
          })
      }
      let doge = try #require(
        c.frames.last { $0.contains(#""instId":"DOGE-USDT""#) && $0.contains("\"data\"") })
      let data = try #require(((SimTest.json(doge) as? [String: Any])?["data"] as? [[String: Any]])?.first)
      let lastText = try #require(data["last"] as? String)
      let last = try #require(Double(lastText))
      let reference = try #require(sim.lastPrice(symbol: "DOGEUSDT"))
      #expect(abs(last / reference - 1) < 0.01)
      #expect(c.venueErrors.isEmpty)
    }
  }

  /// Garbage (refused whole by the decoder where it is not JSON, ignored where it is JSON of no
  /// OKX channel) leaves the book live; a stalled server answers no `ping`.
  @Test func garbageAndStall() throws {
    try SimTest.with(VenueDialect.config()) { sim in
      let c = try client(sim)
      #expect(try c.pump { c.policy.state == .live && c.deltas >= 10 })
      for kind in GarbageFrame.allCases { sim.sendGarbage(kind) }
      let deltas = c.deltas
      #expect(try c.pump { c.deltas >= deltas + 20 })
      #expect(c.faults.isEmpty && c.policy.state == .live)
      #expect(c.refused.count >= 6, "\(c.refused)")
      sim.stallConnections()
      let pongs = c.pongs
      try c.send(["ping"])
      #expect(try !c.pump(timeout: 0.5) { c.pongs > pongs })
    }
  }

  /// `books` and `trades` as the adapter asks for them: the simulator's book and newest trade.
  @Test func bookAndRecentTradesOverREST() throws {
    try SimTest.with(VenueDialect.config()) { sim in
      #expect(SimTest.wait { sim.followerLastTrade(venue: "okx", symbol: "BTC-USDT-SWAP") != nil })
      sim.pauseMarket()
      let adapter = OKXAdapter(url: sim.okxWebSocketURL)
      let book = try VenueDialect.get(
        sim.port, "/okx",
        try #require(adapter.restRequests(for: .bookSnapshot("BTC-USDT-SWAP", depth: 400)).first))
      let bids = try #require(book.body["data"]?.array?.first?["bids"]?.array)
      let held = sim.followerBook(venue: "okx", symbol: "BTC-USDT-SWAP", depth: 400)
      #expect(bids.count == 400)
      #expect(
        bids.map { "\($0.array?.first?.text ?? "")×\($0.array?.dropFirst().first?.text ?? "")" } == held.bids)
      let trades = try VenueDialect.get(
        sim.port, "/okx",
        try #require(adapter.restRequests(for: .recentTrades("BTC-USDT-SWAP", limit: 100)).first))
      let newest = try #require(trades.body["data"]?.array?.first)
      let last = try #require(sim.followerLastTrade(venue: "okx", symbol: "BTC-USDT-SWAP"))
      #expect(newest["px"]?.text == last.price && newest["side"]?.text == (last.takerBought ? "buy" : "sell"))
    }
  }

  @Test func instrumentsAndCandlesDecode() throws {
    try SimTest.with(VenueDialect.config()) { sim in
      let adapter = OKXAdapter(url: sim.okxWebSocketURL)
      var specs: [InstrumentSpec] = []
      for request in adapter.restRequests(for: .instruments) {
        let body = try VenueDialect.get(sim.port, "/okx", request).body
        #expect(body["code"]?.text == "0")
        for row in body["data"]?.array ?? [] { specs.append(try OKXInstruments.spec(row: row).get()) }
      }
      let swap = try #require(specs.first { $0.key.symbol == "BTC-USDT-SWAP" })
      #expect(swap.contract == .linear(value: FixedDecimal(mantissa: 1, scale: 2)))
      #expect(swap.tickSize.description == "0.1" && swap.lotSize.description == "0.01")
      let inverse = try #require(specs.first { $0.key.symbol == "BTC-USD-SWAP" })
      #expect(inverse.contract == .inverse(value: FixedDecimal(mantissa: 100, scale: 0)))
      #expect(specs.contains { $0.key.symbol == "ETH-USDT" && $0.kind == .spot })
      let now = Int64(Date().timeIntervalSince1970 * 1000)
      let request = try #require(
        adapter.restRequests(for: .candles("BTC-USDT", intervalMs: 3_600_000, limit: 24, beforeMs: now)).first
      )
      let candles = try OKXCandles.decode(candles: try VenueDialect.get(sim.port, "/okx", request).body)
      #expect(candles.count == 24)
      #expect(candles.allSatisfy { $0.openTimeMs.isMultiple(of: 3_600_000) && $0.openTimeMs < now })
    }
  }
}
