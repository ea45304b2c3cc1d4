import Binance
import Bybit
import Coinbase
import ExchangeSim
import Kraken
import OKX
import Testing
import VenueCore

/// Each venue's registration names where the simulator serves its dialect (`VenueAbout`'s
/// `simWebSocketPath` and `simRESTPath`: what `--demo VENUE:SYMBOL` connects to); they must be
/// the simulator's own URLs.
@Suite struct VenueSimPathTests {
  @Test func everyRegisteredPathIsTheSimulators() {
    let sim = SimAddress(host: "127.0.0.1", port: 8080)
    let expected: [(VenueAbout, String, String)] =
      [
        (.kraken, sim.krakenURL, sim.krakenRESTHost),
        (.binance, sim.binanceHost(.spot), sim.binanceRESTHost(.spot)),
        (.binanceUSDM, sim.binanceHost(.usdm), sim.binanceRESTHost(.usdm)),
        (.coinbase, sim.coinbaseWebSocketURL, sim.coinbaseRESTURL),
        (.okx, sim.okxWebSocketURL, sim.okxRESTURL),
      ] + VenueAbout.bybit.map { ($0, sim.bybitWebSocketHost, sim.bybitRESTURL) }
    for (about, ws, rest) in expected {
      #expect(about.simWebSocketPath.map { sim.webSocketURL(path: $0) } == ws, "\(about.venue)")
      #expect(about.simRESTPath.map { sim.httpURL(path: $0) } == rest, "\(about.venue)")
    }
  }
}
