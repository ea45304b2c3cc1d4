import MarketModel
import Testing

@testable import Feed

/// Binance's count of the minute's REST weight, read from a response: when to stop asking.
@Suite struct RESTWeightTests {
  private static let limits = VenueLimits(
    restWeightPerMinute: 2_400, restWeightHeader: "X-MBX-USED-WEIGHT-1M")

  private static func response(_ lines: [String]) -> RESTResponse {
    RESTResponse(status: 200, body: [], retryAfter: nil, headerLines: ["HTTP/1.1 200 OK"] + lines)
  }

  @Test func theHeaderIsReadInAnyCase() {
    #expect(RESTWeight.used(Self.response(["x-mbx-used-weight-1m: 2161"]), Self.limits) == 2161)
    #expect(RESTWeight.used(Self.response(["X-MBX-USED-WEIGHT-1M:20 "]), Self.limits) == 20)
    #expect(RESTWeight.used(Self.response(["Content-Type: application/json"]), Self.limits) == nil)
    // Not a count: ignored, never a trap.
    for bad in ["-5", "1e3", "99999999999999999999999", "", "twenty"] {
      #expect(RESTWeight.used(Self.response(["X-MBX-USED-WEIGHT-1M: \(bad)"]), Self.limits) == nil, "\(bad)")
    }
    // A venue that counts nothing.
    #expect(RESTWeight.used(Self.response(["X-MBX-USED-WEIGHT-1M: 20"]), VenueLimits()) == nil)
  }

  @Test func nineTenthsIsNearTheLimit() {
    #expect(!RESTWeight.nearLimit(used: 2_159, limit: 2_400))
    #expect(RESTWeight.nearLimit(used: 2_160, limit: 2_400))
    #expect(!RESTWeight.nearLimit(used: 5, limit: 0))
  }

  @Test func theNextMinuteIsCountedFromTheClock() {
    #expect(RESTWeight.secondsToNextMinute(wallMs: 1_764_190_800_000) == 61)
    #expect(RESTWeight.secondsToNextMinute(wallMs: 1_764_190_859_500) == 1.5)
  }
}
