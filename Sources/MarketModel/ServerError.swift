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

  /// What an error frame means. BitMEX says it only in words; this is the one place that reads
  /// them.
  public enum Kind: Sendable, Hashable {
    /// A duplicate subscription: BitMEX answers it with a 400 that clients treat as success.
    case alreadySubscribed
    /// `Unknown or expired symbol`.
    case unknownSymbol
    /// `Unknown table`.
    case unknownTable
    /// Anything else.
    case other
  }

  /// The kind of error, from the exchange's words.
  public var kind: Kind {
    if message.hasPrefix("You are already subscribed to this topic") { return .alreadySubscribed }
    if message.hasPrefix("Unknown or expired symbol") { return .unknownSymbol }
    if message.hasPrefix("Unknown table") { return .unknownTable }
    return .other
  }

  /// The table an `Unknown table: NAME` error names, when it names one.
  public var unknownTableName: String? {
    guard kind == .unknownTable, let colon = message.firstIndex(of: ":") else { return nil }
    let name = message[message.index(after: colon)...].drop { $0 == " " }
    return name.isEmpty ? nil : String(name)
  }

  /// BitMEX answers a duplicate subscription with a 400 that clients treat as success.
  public var isAlreadySubscribed: Bool { kind == .alreadySubscribed }

  /// Errors that retrying cannot fix: an unknown symbol or table.
  public var isFatal: Bool { kind == .unknownSymbol || kind == .unknownTable }
}
