import CCurl

/// Facts about the libcurl this process runs with (asking loads it: see CCurl).
public enum CurlLibrary {
  /// The running libcurl's version, e.g. "8.14.1".
  public static var version: String { String(cString: tt_curl_version()) }

  /// Whether the running libcurl speaks the given URL scheme ("ws", "wss", "https", ...).
  public static func supports(_ scheme: String) -> Bool {
    tt_curl_has_protocol(scheme) != 0
  }

  /// Whether tradeterm's feed can work: WebSocket in both the headers it was built
  /// with and the library it runs with.
  public static var hasWebSocket: Bool {
    tt_curl_headers_have_ws() != 0 && supports("ws")
  }

  /// One line for the user when the feed cannot work, or nil when it can.
  public static var webSocketProblem: String? {
    if hasWebSocket { return nil }
    if tt_curl_load() == 0 {
      return "\(String(cString: tt_curl_load_error())); tradeterm needs libcurl 8.x built with ws/wss "
        + "(Debian 12: run `make deps`, which installs libcurl4-openssl-dev from bookworm-backports)"
    }
    return "libcurl \(version) has no WebSocket support; tradeterm needs libcurl 8.x built with "
      + "ws/wss (Debian 12: run `make deps`, which installs libcurl4-openssl-dev from bookworm-backports)"
  }
}
