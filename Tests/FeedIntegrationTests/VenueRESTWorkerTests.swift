import Binance
import Bybit
import Coinbase
import ExchangeSim
import Feed
import Foundation
import Kraken
import MarketModel
import OKX
import Session
import Testing

/// `VenueRESTWorker` over real libcurl against the simulator's dialects on loopback: each venue's
/// instruments, candles and tickers through its own adapter's requests and decoders.
@Suite(.serialized) struct VenueRESTWorkerTests {
  /// One venue as the dashboard would follow it in the demo: its adapter, the REST host, the pair.
  struct Case: Sendable, CustomStringConvertible {
    var name: String
    var symbol: Symbol
    var adapter: @Sendable (ExchangeSim) -> (any VenueAdapter, String)
    var description: String { name }
  }

  static let cases: [Case] = [
    Case(name: "kraken", symbol: "BTC/USD") { (KrakenAdapter(url: $0.krakenURL), $0.krakenRESTHost) },
    Case(name: "binance", symbol: "BTCUSDT") {
      (BinanceAdapter(market: .spot, host: $0.binanceHost(.spot)), $0.binanceRESTHost(.spot))
    },
    Case(name: "coinbase", symbol: "BTC-USD") {
      (CoinbaseAdapter(url: $0.coinbaseWebSocketURL), $0.coinbaseRESTURL)
    },
    Case(name: "bybit-linear", symbol: "BTCUSDT") {
      (BybitAdapter(category: .linear, host: $0.bybitWebSocketHost), $0.bybitRESTURL)
    },
    Case(name: "okx", symbol: "BTC-USDT-SWAP") { (OKXAdapter(url: $0.okxWebSocketURL), $0.okxRESTURL) },
  ]

  /// The results of the intents asked, waited for with a deadline.
  static func results(_ worker: VenueRESTWorker, count: Int, within seconds: Double = 20) -> [VenueRESTResult]
  {
    var out: [VenueRESTResult] = []
    let deadline = Date().addingTimeInterval(seconds)
    while out.count < count, Date() < deadline {
      _ = worker.wake.wait(timeout: 0.2)
      out += worker.drain()
    }
    return out
  }

  static var wallMs: Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }

  @Test(arguments: cases)
  func instrumentsCandlesAndTickers(_ c: Case) throws {
    try Integration.withSim(Integration.simConfig(seed: 41)) { sim in
      let (adapter, host) = c.adapter(sim)
      let worker = VenueRESTWorker(adapter: adapter, baseURL: host, userAgent: "tradeterm-tests")
      worker.start()
      defer { worker.stop() }
      let before = Self.wallMs
      worker.request(.instruments)
      worker.request(.candles(c.symbol, intervalMs: 60_000, limit: 30, beforeMs: before))
      worker.request(.tickers)
      let results = Self.results(worker, count: 3)
      #expect(results.count == 3, "\(c): \(results)")
      for result in results {
        switch result {
        case .instruments(let rows):
          #expect(rows.errors.isEmpty, "\(c): \(rows.errors)")
          let spec = rows.rows.first { $0.key.symbol == c.symbol }
          #expect(spec != nil && spec!.tickSize.mantissa > 0 && spec!.lotSize.mantissa > 0, "\(c)")
        case .candles(let symbol, let intervalMs, _, let candles):
          #expect(symbol == c.symbol && intervalMs == 60_000)
          #expect(candles.count >= 10, "\(c): \(candles.count) candles")
          // Oldest first, a minute apart, none opening at or after the time asked.
          let times = candles.map(\.openTimeMs)
          #expect(
            times == times.sorted() && times.allSatisfy { $0 % 60_000 == 0 && $0 < before + 60_000 }, "\(c)")
        case .tickers(let rows):
          #expect(rows.errors.isEmpty, "\(c): \(rows.errors)")
          let ticker = rows.rows.first { $0.symbol == c.symbol }?.ticker
          #expect(ticker?.last.map { $0.mantissa > 0 } == true, "\(c): \(rows.rows.map(\.symbol))")
          #expect(rows.rows.count >= 2, "\(c): every instrument's ticker")
        case .failed(let intent, let reason):
          Issue.record("\(c): \(intent) failed: \(reason)")
        }
      }
    }
  }

  /// Past Binance's weight limit: the 429 fails the intent with the wait, and what is asked
  /// during the wait fails at once (no request, no loop); after it, asking works again.
  @Test func aRateLimitFailsAndHoldsWithoutLooping() throws {
    var config = Integration.simConfig(seed: 42)
    try config.faults.apply(spec: "binance-weight=60")
    try Integration.withSim(config) { sim in
      let worker = VenueRESTWorker(
        adapter: BinanceAdapter(market: .spot), baseURL: sim.binanceRESTHost(.spot),
        userAgent: "tradeterm-tests")
      worker.start()
      defer { worker.stop() }
      worker.request(.tickers)  // weight 80 > 60: refused
      worker.request(.instruments)
      let results = Self.results(worker, count: 2)
      guard results.count == 2, case .failed(.tickers, let first) = results[0],
        case .failed(.instruments, let second) = results[1]
      else {
        Issue.record("expected two failures, got \(results)")
        return
      }
      #expect(first.hasPrefix("rate limited (HTTP 429): waiting"), "\(first)")
      #expect(second.hasPrefix("rate limited: waiting"), "\(second)")
    }
  }
}
