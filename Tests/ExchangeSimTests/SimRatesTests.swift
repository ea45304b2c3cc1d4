import Bybit
import Coinbase
import ExchangeSim
import Foundation
import OKX
import Testing
import VenueCore

/// `SimRates`: the presets' numbers, and that `real` runs each venue at the pace it says, counted
/// in the frames each venue's own client receives over a simulated clock (the market paused and
/// stepped tick by tick: no sleeps).
@Suite(.serialized) struct SimRatesTests {
  @Test func theNamesAndWhatEachSets() {
    #expect(SimRates.named("demo") == .demo && SimRates.named("real") == .real)
    #expect(SimRates.named("Real") == nil && SimRates.named("") == nil && SimRates.named("fast") == nil)
    var config = SimConfig()
    SimRates.demo.apply(to: &config)
    #expect(config.bookRate == 20 && config.tradeRate == 3 && config.paces.isEmpty)
    #expect(!config.faults.followers.bigCoinbaseSnapshot)
    SimRates.real.apply(to: &config)
    #expect(config.bookRate == 21 && config.tradeRate == 8)
    #expect(config.faults.followers.bigCoinbaseSnapshot)
    #expect(
      Set(config.paces.keys) == ["kraken", "coinbase", "bybit-spot", "bybit-linear", "bybit-inverse", "okx"])
  }

  /// Over 300 simulated seconds each venue's client receives about its pace's trades a second (in
  /// frames: one taker order's prints come in one frame), and book frames for each step and each
  /// trade that took liquidity: from the pace's steps a second up to steps plus trades.
  @Test func eachVenueRunsAtItsRealPace() throws {
    let seed = UInt64.random(in: 1...1_000_000)
    print("eachVenueRunsAtItsRealPace: seed \(seed)")
    var config = SimTest.config(seed: seed)
    SimRates.real.apply(to: &config)
    // The 46,000-level snapshot is the bench's; the pace is the same without it.
    config.faults.followers.bigCoinbaseSnapshot = false
    config.startPaused = true
    config.epoch = Date(timeIntervalSince1970: 1_780_000_000)
    try SimTest.with(config) { sim in
      let cb = CoinbaseAdapter(url: sim.coinbaseWebSocketURL)
      let coinbase = try Self.client(
        cb, url: cb.url, policy: cb.bookPolicy(), sim, "BTC-USD", depth: nil, scales: (2, 8))
      let spot = BybitAdapter(category: .spot, host: sim.bybitWebSocketHost)
      let bybitSpot = try Self.client(
        spot, url: spot.url, policy: spot.bookPolicy(depth: 50), sim, "BTCUSDT", depth: 50, scales: (2, 6))
      let linear = BybitAdapter(category: .linear, host: sim.bybitWebSocketHost)
      let bybitLinear = try Self.client(
        linear, url: linear.url, policy: linear.bookPolicy(depth: 50), sim, "BTCUSDT", depth: 50,
        scales: (2, 3))
      let ok = OKXAdapter(url: sim.okxWebSocketURL)
      let okx = try Self.client(
        ok, url: ok.url, policy: ok.bookPolicy(depth: 400), sim, "BTC-USDT", depth: 400, scales: (1, 8))
      let kraken = try KrakenTestClient(port: sim.port)
      kraken.expectBook("BTC/USD", depth: 10)
      try kraken.subscribe([Subscription(.book, "BTC/USD", depth: 10), Subscription(.trades, "BTC/USD")])
      #expect(try kraken.pump { $0.books["BTC/USD"]?.policy.state.isLive == true }, "seed \(seed)")
      let paced: [(String, any PacedClient)] = [
        ("coinbase", coinbase), ("bybit-spot", bybitSpot), ("bybit-linear", bybitLinear), ("okx", okx),
      ]
      for (name, c) in paced { #expect(try c.waitLive(), "\(name) never live, seed \(seed)") }
      let before = paced.map { ($0.1.deltas, $0.1.tradeFrames) }
      let krakenBefore = (kraken.books["BTC/USD"]?.updates ?? 0, Self.krakenTradeFrames(kraken))

      let seconds = 300.0
      // A tick for each step of the fastest book: 300 simulated seconds.
      let tickRate = max(SimRates.realBookRate, SimRates.realPaces.values.map(\.book).max() ?? 0)
      sim.advanceMarket(ticks: Int(seconds * tickRate))
      for (name, c) in paced { #expect(try c.sync(), "\(name): no pong, seed \(seed)") }
      try kraken.drain(timeout: 10)

      func check(_ name: String, book: Int, trades: Int) {
        let pace = SimRates.realPaces[name]!
        let bookRate = Double(book) / seconds
        let tradeRate = Double(trades) / seconds
        print("\(name): \(bookRate) book frames, \(tradeRate) trade frames a second for \(pace)")
        #expect(
          bookRate >= 0.8 * pace.book && bookRate <= 1.1 * (pace.book + pace.trades),
          "\(name): \(bookRate) book frames a second for \(pace), seed \(seed)")
        #expect(
          abs(tradeRate / pace.trades - 1) <= 0.25,
          "\(name): \(tradeRate) trade frames a second for \(pace), seed \(seed)")
      }
      for (i, (name, c)) in paced.enumerated() {
        check(name, book: c.deltas - before[i].0, trades: c.tradeFrames - before[i].1)
        #expect(c.faultCount == 0, "\(name), seed \(seed)")
      }
      check(
        "kraken", book: (kraken.books["BTC/USD"]?.updates ?? 0) - krakenBefore.0,
        trades: Self.krakenTradeFrames(kraken) - krakenBefore.1)
    }
  }

  private static func client<A: VenueAdapter>(
    _ adapter: A, url: String, policy: SequenceLinkSync, _ sim: ExchangeSim, _ symbol: Symbol, depth: Int?,
    scales: (UInt8, UInt8)
  ) throws -> VenueTestClient<A> {
    let path = String(url.dropFirst("ws://127.0.0.1:\(sim.port)".count))
    let client = try VenueTestClient(
      adapter, port: sim.port, path: path, symbol: symbol, policy: .sequence(policy), priceScale: scales.0,
      sizeScale: scales.1)
    try client.send(
      adapter.subscribeFrames([Subscription(.book, symbol, depth: depth), Subscription(.trades, symbol)]))
    return client
  }

  private static func krakenTradeFrames(_ c: KrakenTestClient) -> Int {
    c.frames.filter { $0["channel"] as? String == "trade" && $0["type"] as? String == "update" }.count
  }
}

/// What the pace test reads of each venue's client.
private protocol PacedClient {
  var name: String { get }
  var deltas: Int { get }
  var tradeFrames: Int { get }
  var faultCount: Int { get }
  func waitLive() throws -> Bool
  func sync() throws -> Bool
}

extension VenueTestClient: PacedClient {
  var name: String { "\(Adapter.self)" }
  var faultCount: Int { faults.count }
  func waitLive() throws -> Bool { try pump(timeout: 10) { policy.state == .live } }
}

/// `SimAddress`: what `tradeterm --demo-at` takes, and the URLs it gives, the same as a running
/// simulator's own.
@Suite struct SimAddressTests {
  @Test func parsesHostAndPortOrAPortAlone() {
    #expect(SimAddress.parse("8080") == SimAddress(host: "127.0.0.1", port: 8080))
    #expect(SimAddress.parse("127.0.0.1:1") == SimAddress(host: "127.0.0.1", port: 1))
    #expect(SimAddress.parse("localhost:65535") == SimAddress(host: "localhost", port: 65_535))
    #expect(SimAddress.parse("[::1]:9000") == SimAddress(host: "::1", port: 9_000))
    for bad in [
      "", "0", "65536", "99999999999999999999", "-1", "+80", "80.0", "host:", ":80", "a b:80", "::1:80",
      "[::1]", "127.0.0.1:8080/x", "127.0.0.1:0", "ws://127.0.0.1:80", "1e3",
    ] {
      #expect(SimAddress.parse(bad) == nil, "\(bad)")
    }
  }

  @Test func givesTheSimulatorsOwnURLs() throws {
    try SimTest.with(SimTest.config()) { sim in
      let a = try #require(SimAddress.parse("127.0.0.1:\(sim.port)"))
      #expect(a == sim.address)
      #expect(a.webSocketURL == "ws://127.0.0.1:\(sim.port)/realtime")
      #expect(a.restURL == "http://127.0.0.1:\(sim.port)/api/v1")
      #expect(a.krakenURL == "ws://127.0.0.1:\(sim.port)/kraken/v2")
      #expect(a.binanceHost(.usdm) == "ws://127.0.0.1:\(sim.port)/binance-usdm")
      #expect(a.okxWebSocketURL == sim.okxWebSocketURL && a.coinbaseRESTURL == sim.coinbaseRESTURL)
      #expect(SimAddress(host: "::1", port: 80).webSocketURL == "ws://[::1]:80/realtime")
    }
  }
}
