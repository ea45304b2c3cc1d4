import ExchangeSim
import Feed
import Foundation
import Testing

/// libcurl fetches any URL scheme it knows. The feed's and the REST client's handles are
/// restricted (`CURLOPT_PROTOCOLS_STR`, `CURLOPT_REDIR_PROTOCOLS_STR`): another scheme fails at
/// once with a clear reason — whatever `tradeterm`'s own validation let through.
@Suite struct URLSchemeTests {
  /// `connect` to `url`: the failure and how long it took.
  static func connect(_ url: String) -> (failure: ConnectFailure?, seconds: Double) {
    let connection = WebSocketConnection()
    let start = Date()
    let failure = connection.connect(url: url, timeout: 5, userAgent: "tradeterm-tests")
    return (failure, Date().timeIntervalSince(start))
  }

  @Test func theFeedRefusesAFileURLAtOnce() {
    let (failure, seconds) = Self.connect("file:///etc/passwd")
    #expect(
      failure?.reason == "file:// is not allowed: only ws:// or wss://", "\(String(describing: failure))")
    #expect(failure?.status == nil)
    #expect(seconds < 1)
  }

  @Test func theFeedRefusesOtherSchemesAtOnce() throws {
    for url in [
      "ftp://127.0.0.1:1/x", "dict://127.0.0.1:1/x", "gopher://127.0.0.1:1/", "127.0.0.1:1/realtime",
    ] {
      let (failure, seconds) = Self.connect(url)
      #expect(
        failure?.reason.hasSuffix("is not allowed: only ws:// or wss://") == true,
        "\(url): \(String(describing: failure))")
      #expect(seconds < 1, "\(url)")
    }
  }

  /// An HTTP server that would answer (the simulator's REST side): still refused, before any
  /// request is sent.
  @Test func theFeedRefusesAnHTTPURLBeforeSendingARequest() throws {
    try Integration.withSim(Integration.simConfig(seed: 1201)) { sim in
      let before = sim.stats.restRequests
      let (failure, _) = Self.connect(sim.restURL + "/instrument/active")
      #expect(
        failure?.reason == "http:// is not allowed: only ws:// or wss://", "\(String(describing: failure))")
      #expect(sim.stats.restRequests == before)
      // The same server's WebSocket URL still works.
      let connection = WebSocketConnection()
      #expect(connection.connect(url: sim.webSocketURL, timeout: 5, userAgent: "tradeterm-tests") == nil)
    }
  }

  @Test func restRefusesAFileURL() {
    let client = RESTClient(baseURL: "file:///etc", userAgent: "tradeterm-tests")
    switch client.get("/passwd", timeout: 5) {
    case .success(let response):
      Issue.record("read \(response.body.count) bytes of /etc/passwd")
    case .failure(let failure):
      #expect(failure.reason == "file:// is not allowed: only http:// or https://")
    }
  }

  @Test func restRefusesAWebSocketURL() throws {
    try Integration.withSim(Integration.simConfig(seed: 1202)) { sim in
      let client = RESTClient(baseURL: sim.webSocketURL, userAgent: "tradeterm-tests")
      guard case .failure(let failure) = client.get("", timeout: 5) else {
        Issue.record("a ws:// URL was fetched over REST")
        return
      }
      #expect(failure.reason == "ws:// is not allowed: only http:// or https://")
    }
  }
}
