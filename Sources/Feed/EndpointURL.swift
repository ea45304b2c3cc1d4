/// Which URLs tradeterm talks to: the feed only `ws://` and `wss://`, the REST API only `http://`
/// and `https://`, each with a host. libcurl knows many more schemes (`file://` reads a local
/// file, `ftp://`, `dict://`, `gopher://` …); anything else is refused before it is fetched —
/// at start (`tradeterm`'s validation) and again by the handles themselves
/// (`CURLOPT_PROTOCOLS_STR`, also for redirects).
public enum EndpointURL {
  /// The schemes of the WebSocket feed.
  public static let webSocketSchemes = ["ws", "wss"]
  /// The schemes of the REST API.
  public static let restSchemes = ["http", "https"]

  /// The scheme of `url`, lowercased: what comes before `://` ("" when there is none).
  public static func scheme(of url: String) -> String {
    guard let end = url.firstRange(of: "://") else { return "" }
    return url[..<end.lowerBound].lowercased()
  }

  /// The host `url` names: between `://` (and any `user@`) and the port, path, query or
  /// fragment; "" when there is none.
  public static func host(of url: String) -> String {
    guard let start = url.firstRange(of: "://") else { return "" }
    var authority = url[start.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
    if authority.hasPrefix("[") { return String(authority.prefix { $0 != "]" }.dropFirst()) }
    return String(authority.prefix { $0 != ":" })
  }

  /// Why `url` is not a URL of one of `schemes` with a host, in words, or nil when it is.
  ///
  /// Words that follow the flag's name: "must start with ws:// or wss://, not file://".
  public static func problem(_ url: String, schemes: [String]) -> String? {
    let allowed = schemes.map { "\($0)://" }.joined(separator: " or ")
    guard url.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F }) else {
      return "must be a URL without spaces or control characters"
    }
    let scheme = scheme(of: url)
    guard schemes.contains(scheme) else {
      return scheme.isEmpty ? "must start with \(allowed)" : "must start with \(allowed), not \(scheme)://"
    }
    guard !host(of: url).isEmpty else { return "must name a host (\(scheme)://HOST/…)" }
    return nil
  }
}

extension EndpointURL {
  /// The reason a handle restricted to `schemes` gives when libcurl refused `url` for its
  /// scheme (`CURLE_UNSUPPORTED_PROTOCOL`).
  static func refused(_ url: String, schemes: [String]) -> String {
    let scheme = scheme(of: url)
    let allowed = schemes.map { "\($0)://" }.joined(separator: " or ")
    return "\(scheme.isEmpty ? "a URL without a scheme" : "\(scheme)://") is not allowed: only \(allowed)"
  }
}
