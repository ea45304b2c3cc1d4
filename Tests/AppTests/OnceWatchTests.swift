import Binance
import MarketModel
import Session
import Testing

@testable import App

/// `--once`'s decisions (`OnceWatch`), for BitMEX's run and every venue's: given the status and
/// `now`, never by waiting.
@Suite struct OnceWatchTests {
  static let t0 = MonotonicTime(seconds: 50)

  static func status(_ state: ConnectionState) -> FeedStatus { FeedStatus(state: state, symbol: "XBTUSD") }

  /// Where a run that gave up stood, in one line: nothing heard yet; then the connection and its
  /// error, a venue book's rule, the last skipped frame and each unavailable topic, in the
  /// topics' order.
  @Test func whereARunThatGaveUpStoodInWords() {
    var session = MarketSession(
      symbol: "BTCUSDT", bookPolicy: .sequence(SequenceLinkSync(link: .increment)), bookDepth: 50,
      venue: .binance)
    #expect(OnceWatch.describe(session) == "no status from the feed")
    var status = FeedStatus(state: .connecting, symbol: "BTCUSDT", lastError: "HTTP 503")
    status.unavailable = [
      Subscription(.trades, "BTCUSDT"): "no partial", Subscription(.liquidations): "refused",
    ]
    _ = session.ingest(
      FeedUpdate(status: status, lastDecodeError: "line 3: not JSON"), VenueBatch(), now: Self.t0)
    #expect(
      OnceWatch.describe(session)
        == "CONNECTING (HTTP 503); book waiting for a snapshot; last skipped frame: line 3: not JSON;"
        + " liquidations unavailable: refused; trades:BTCUSDT unavailable: no partial")
  }

  @Test func liveAndReadyOrEndedIsTheSnapshot() {
    var watch = OnceWatch(now: Self.t0, timeout: 15)
    #expect(watch.decide(nil, ready: true, now: Self.t0) == .wait)
    #expect(watch.decide(Self.status(.live), ready: false, now: Self.t0) == .wait)
    #expect(watch.decide(Self.status(.connecting), ready: true, now: Self.t0) == .wait)
    #expect(watch.decide(Self.status(.live), ready: true, now: Self.t0) == .snapshot)
    #expect(
      watch.decide(Self.status(.ended("end of the recording")), ready: false, now: Self.t0) == .snapshot)
  }

  @Test func theDeadlinePrintsWhatIsEnoughElseGivesUp() {
    let watch = OnceWatch(now: Self.t0, timeout: 15)
    #expect(watch.atDeadline(now: Self.t0 + 14.9, enough: false) == nil)
    #expect(watch.waitLimit(now: Self.t0) == OnceWatch.poll)
    #expect(watch.waitLimit(now: Self.t0 + 14.9) < OnceWatch.poll)
    #expect(watch.atDeadline(now: Self.t0 + 15, enough: false) == .gaveUp)
    #expect(watch.atDeadline(now: Self.t0 + 15, enough: true) == .snapshot)
  }

  /// An error is final at once, but an unknown symbol with a REST check waits its grace for the
  /// close matches; an unknown symbol exits 2 (a bad argument), anything else 1.
  @Test func anUnknownSymbolWaitsForTheCheckThenFailsWithStatus2() {
    let unknown = FeedFailure(.unknownSymbol, "Unknown symbol XBTUSDX")
    let refused = FeedFailure(.refused(status: 403), "HTTP 403")
    var plain = OnceWatch(now: Self.t0, timeout: 15)
    #expect(plain.decide(Self.status(.error(unknown)), ready: false, now: Self.t0) == .failed(unknown))
    #expect(plain.decide(Self.status(.error(refused)), ready: false, now: Self.t0) == .failed(refused))
    #expect(OnceWatch.exitStatus(unknown) == 2 && OnceWatch.exitStatus(refused) == 1)
    var checked = OnceWatch(now: Self.t0, timeout: 15, unknownSymbolGrace: 5)
    #expect(checked.decide(Self.status(.error(refused)), ready: false, now: Self.t0) == .failed(refused))
    #expect(checked.decide(Self.status(.error(unknown)), ready: false, now: Self.t0 + 1) == .wait)
    #expect(checked.decide(Self.status(.error(unknown)), ready: false, now: Self.t0 + 6) == .wait)
    #expect(
      checked.decide(Self.status(.error(unknown)), ready: false, now: Self.t0 + 6.1) == .failed(unknown))
  }
}
