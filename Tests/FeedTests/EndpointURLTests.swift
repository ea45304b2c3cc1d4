import Testing

@testable import Feed

/// Which URLs tradeterm accepts for the feed and the REST API (`--ws-url`, `--rest-url`).
@Suite struct EndpointURLTests {
  /// (URL, the problem with it as a WebSocket endpoint, as a REST endpoint); nil: accepted.
  static let cases: [(String, String?, String?)] = [
    ("wss://ws.bitmex.com/realtime", nil, "must start with http:// or https://, not wss://"),
    ("ws://127.0.0.1:8080/realtime", nil, "must start with http:// or https://, not ws://"),
    ("WSS://WS.BITMEX.COM/realtime", nil, "must start with http:// or https://, not wss://"),
    ("ws://[::1]:9000/realtime", nil, "must start with http:// or https://, not ws://"),
    ("ws://user@host", nil, "must start with http:// or https://, not ws://"),
    ("https://www.bitmex.com/api/v1", "must start with ws:// or wss://, not https://", nil),
    ("http://127.0.0.1:8080/api/v1", "must start with ws:// or wss://, not http://", nil),
    (
      "file:///etc/passwd", "must start with ws:// or wss://, not file://",
      "must start with http:// or https://, not file://"
    ),
    (
      "ftp://example.com/x", "must start with ws:// or wss://, not ftp://",
      "must start with http:// or https://, not ftp://"
    ),
    (
      "dict://localhost:11211/stat", "must start with ws:// or wss://, not dict://",
      "must start with http:// or https://, not dict://"
    ),
    ("ws.bitmex.com/realtime", "must start with ws:// or wss://", "must start with http:// or https://"),
    ("", "must start with ws:// or wss://", "must start with http:// or https://"),
    ("ws://", "must name a host (ws://HOST/…)", "must start with http:// or https://, not ws://"),
    ("wss:///realtime", "must name a host (wss://HOST/…)", "must start with http:// or https://, not wss://"),
    ("http://:80/x", "must start with ws:// or wss://, not http://", "must name a host (http://HOST/…)"),
    (
      "ws://a b/", "must be a URL without spaces or control characters",
      "must be a URL without spaces or control characters"
    ),
    (
      "ws://host/\u{1B}]2;x\u{7}", "must be a URL without spaces or control characters",
      "must be a URL without spaces or control characters"
    ),
  ]

  @Test(arguments: cases)
  func problem(url: String, asWebSocket: String?, asREST: String?) {
    #expect(EndpointURL.problem(url, schemes: EndpointURL.webSocketSchemes) == asWebSocket)
    #expect(EndpointURL.problem(url, schemes: EndpointURL.restSchemes) == asREST)
  }

  @Test func hosts() {
    #expect(EndpointURL.host(of: "wss://ws.bitmex.com/realtime") == "ws.bitmex.com")
    #expect(EndpointURL.host(of: "ws://127.0.0.1:8080/realtime?x=1") == "127.0.0.1")
    #expect(EndpointURL.host(of: "ws://[::1]:9000/") == "::1")
    #expect(EndpointURL.host(of: "ws://u:p@h:1/") == "h")
    #expect(EndpointURL.host(of: "ws://#frag") == "")
  }
}
