/// Why a WebSocket (or HTTP) request failed before any data: the refused upgrade's HTTP
/// status and `Retry-After`, or, with `status` nil, a transport error (DNS, TCP, TLS,
/// timeout) in libcurl's words.
public struct ConnectFailure: Error, Sendable, Hashable, CustomStringConvertible {
  public var status: Int?
  public var retryAfter: Double?
  public var reason: String

  public init(status: Int?, retryAfter: Double?, reason: String) {
    self.status = status
    self.retryAfter = retryAfter
    self.reason = reason
  }

  public var description: String {
    if let status { return "HTTP \(status)\(reason.isEmpty ? "" : ": \(reason)")" }
    return reason
  }
}
