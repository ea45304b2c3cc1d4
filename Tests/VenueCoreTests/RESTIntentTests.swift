import Kraken
import Testing
import VenueCore
import WireJSON

@Suite struct RESTIntentTests {
  /// An adapter that spells no REST request: the protocol's default.
  struct Quiet: VenueAdapter {
    var venue: Venue { .kraken }
    func connections(for subscriptions: [Subscription]) -> [VenueConnection] { [] }
    func subscribeFrames(_ subscriptions: [Subscription]) -> [String] { [] }
    func unsubscribeFrames(_ subscriptions: [Subscription]) -> [String] { [] }
    var heartbeat: HeartbeatRule { .serverPings(silence: 1) }
    var limits: VenueLimits { VenueLimits() }
    var bookDepths: [Int] { [1] }
    func decode(
      _ frame: UnsafeBufferPointer<UInt8>, receivedAt: Int64, into batch: inout VenueBatch
    ) throws(WireError) {}
  }

  @Test func theDefaultIsNoRequest() {
    #expect(Quiet().restRequests(for: .instruments).isEmpty)
    #expect(Quiet().restRequests(for: .recentTrades("X", limit: 5)).isEmpty)
  }

  @Test func theTargetEncodesEveryValue() {
    let r = VenueRESTRequest(
      path: "/p", query: [.init("pair", "BTC/USD"), .init("a b", "é&=?"), .init("ok", "A-z_0.9~")])
    #expect(r.target == "/p?pair=BTC%2FUSD&a%20b=%C3%A9%26%3D%3F&ok=A-z_0.9~")
    #expect(VenueRESTRequest(path: "/only").target == "/only")
  }

  @Test func startAndClampNeverTrap() {
    #expect(RESTIntent.startMs(beforeMs: 600_000, intervalMs: 60_000, limit: 4) == 360_000)
    #expect(RESTIntent.startMs(beforeMs: 100, intervalMs: 60_000, limit: 4) == 0)
    #expect(RESTIntent.startMs(beforeMs: .max, intervalMs: .max, limit: .max) == 0)
    #expect(RESTIntent.startMs(beforeMs: 1000, intervalMs: -5, limit: -5) == 1000)
    #expect(
      RESTIntent.clamp(0, cap: 10) == 1 && RESTIntent.clamp(50, cap: 10) == 10
        && RESTIntent.clamp(7, cap: 10) == 7)
  }
}
