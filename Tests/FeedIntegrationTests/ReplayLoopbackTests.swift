import ExchangeSim
import Feed
import Foundation
import MarketModel
import Replay
import Session
import Testing

/// The two replay paths agree (issue 12): the real 2021 session served by the simulator on
/// loopback and received by the real libcurl feed ends on the same books as the same file
/// streamed from disk by the replay thread.
@Suite struct ReplayLoopbackTests {
  static let path = TradetermProcess.packageRoot
    .appendingPathComponent("Tests/Fixtures/2021-07-22_session_full.jsonl").path

  @Test(arguments: ["XBTUSD", "SOLUSDT"])
  func theRealSessionEndsOnTheSameBookOverLoopbackAsFromDisk(symbol: String) throws {
    var config = Integration.simConfig(seed: 1201)
    config.replay = SimReplay(path: Self.path, speed: 0)
    try Integration.withSim(config) { sim in
      var feedConfig = Integration.feedConfig()
      feedConfig.reconnectAfterClose = false
      let feed = FeedHarness(url: sim.webSocketURL, symbol: symbol, book: .full, config: feedConfig)
      defer { feed.stop() }
      feed.waitUntil(timeout: 20, "the replay's end") {
        $0.saw {
          if case .ended = $0 { true } else { false }
        }
      }
      var session = MarketSession(symbol: Symbol(symbol)!)
      let outcome = try ReplayToEnd.run(ReplayPlayer(path: Self.path), into: &session)
      #expect(outcome.badLines == 0)
      let fromDisk = (session.market.book.top(.buy, .max), session.market.book.top(.sell, .max))
      #expect(!fromDisk.0.isEmpty && !fromDisk.1.isEmpty)
      #expect(feed.book().bids == fromDisk.0)
      #expect(feed.book().asks == fromDisk.1)
      #expect(feed.state.tape.count == session.market.tape.count)
      #expect(feed.state.faultCount == 0 && session.market.faultCount == 0)
    }
  }
}
