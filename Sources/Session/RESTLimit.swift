import MarketModel

/// A venue's REST limit the feed waits out before it asks for a book snapshot again (Binance:
/// 429 with `Retry-After`, 418 an IP ban with its own, or its request weight near the minute's
/// limit): what and until when, for the book pane to say why the book is not live.
public struct RESTLimit: Sendable, Hashable {
  public enum Kind: Sendable, Hashable {
    /// HTTP 429: too many requests; asked to wait.
    case rateLimited
    /// HTTP 418: the IP is banned for a while (asked again before a 429's wait was up).
    case banned
    /// The venue's count of this minute's request weight is near its limit: wait for the next
    /// minute rather than be refused.
    case weightBudget
  }

  public var kind: Kind
  /// The venue's name, for the words.
  public var venue: String
  /// No snapshot is asked before this time.
  public var until: MonotonicTime

  public init(_ kind: Kind, venue: String, until: MonotonicTime) {
    self.kind = kind
    self.venue = venue
    self.until = until
  }

  /// The words at `now`: `Binance rate limit: retry in 42 s`, `IP banned by Binance for 118 s`.
  public func words(now: MonotonicTime) -> String {
    let left = max(0, until - now)
    let seconds = left < 1e9 ? Int(left.rounded(.up)) : 1_000_000_000
    switch kind {
    case .rateLimited: return "\(venue) rate limit: retry in \(seconds) s"
    case .banned: return "IP banned by \(venue) for \(seconds) s"
    case .weightBudget: return "\(venue) request weight near its limit: snapshot in \(seconds) s"
    }
  }

  /// The words without the venue's name, for a narrow pane: `rate limit: retry in 42 s`.
  public func shortWords(now: MonotonicTime) -> String {
    let left = max(0, until - now)
    let seconds = left < 1e9 ? Int(left.rounded(.up)) : 1_000_000_000
    switch kind {
    case .rateLimited: return "rate limit: retry in \(seconds) s"
    case .banned: return "IP banned for \(seconds) s"
    case .weightBudget: return "weight limit: snapshot in \(seconds) s"
    }
  }
}
