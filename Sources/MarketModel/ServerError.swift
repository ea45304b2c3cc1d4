/// An error frame from the exchange: `{"status":400,"error":"…","meta":{…},"request":{…}}`.
public struct ServerError: Sendable, Hashable, Error {
  /// HTTP-like status, when sent.
  public var status: Int?
  /// The exchange's own words.
  public var message: String
  /// Seconds to wait before trying again (`meta.retryAfter`), when sent.
  public var retryAfter: Double?
  /// The topics of the request that failed (`request.args`), when echoed.
  public var requestArgs: [String]

  public init(status: Int?, message: String, retryAfter: Double? = nil, requestArgs: [String] = []) {
    self.status = status
    self.message = message
    self.retryAfter = retryAfter
    self.requestArgs = requestArgs
  }

  /// BitMEX answers a duplicate subscription with a 400 that clients treat as success.
  public var isAlreadySubscribed: Bool {
    message.hasPrefix("You are already subscribed to this topic")
  }

  /// Errors that retrying cannot fix: an unknown symbol or table.
  public var isFatal: Bool {
    message.hasPrefix("Unknown or expired symbol") || message.hasPrefix("Unknown table")
  }
}
