import MarketModel
import Screen

/// One alert as the user set it: what to watch on which symbol, when it may fire again, and an
/// optional command to run when it fires.
public struct AlertRule: Sendable, Hashable {
  /// Which price a crossing alert watches.
  public enum PriceSource: String, Sendable, Hashable, CaseIterable {
    case last
    case mark
  }

  public enum Kind: Sendable, Hashable {
    /// The price at or above the level, after being below it.
    case above(Double, PriceSource)
    /// The price at or below the level, after being above it.
    case below(Double, PriceSource)
    /// The last price moved by at least `percent` (either way) within `minutes`.
    case move(percent: Double, minutes: Double)
    /// The funding rate (a fraction: 0.0001 = 0.01 %) at or above the level, after being below.
    case fundingAbove(Double)
    case fundingBelow(Double)
    /// A single trade of at least `size` contracts.
    case trade(size: Int64)
    /// A resting book level of at least `size` contracts within `bps` basis points of mid.
    case wall(size: Int64, bps: Double)
  }

  /// When a fired alert fires again.
  public enum Rearm: Sendable, Hashable {
    /// Never: it fires once and stays fired.
    case once
    /// After the condition has cleared (the price back across the level), and not before
    /// `cooldownSeconds` since it fired.
    case every(cooldownSeconds: Double)
  }

  public var symbol: Symbol
  public var kind: Kind
  public var rearm: Rearm
  /// A program and its arguments to start when it fires (no shell); `{symbol}`, `{price}` and
  /// `{alert}` are replaced.
  public var run: [String]

  public init(symbol: Symbol, kind: Kind, rearm: Rearm = .once, run: [String] = []) {
    self.symbol = symbol
    self.kind = kind
    self.rearm = rearm
    self.run = run
  }

  /// A few words: `XBTUSD last ≥ 100,000`, `XBTUSD move 2% in 5m`.
  public var summary: String {
    let s = symbol.description
    switch kind {
    case .above(let level, let source): return "\(s) \(source.rawValue) >= \(Self.number(level))"
    case .below(let level, let source): return "\(s) \(source.rawValue) <= \(Self.number(level))"
    case .move(let percent, let minutes):
      return "\(s) moves \(Self.number(percent))% in \(Self.number(minutes))m"
    case .fundingAbove(let rate): return "\(s) funding >= \(Self.number(rate * 100))%"
    case .fundingBelow(let rate): return "\(s) funding <= \(Self.number(rate * 100))%"
    case .trade(let size): return "\(s) trade >= \(size)"
    case .wall(let size, let bps): return "\(s) wall >= \(size) within \(Self.number(bps)) bps"
    }
  }

  /// A number without a needless `.0`.
  public static func number(_ v: Double) -> String {
    if v == v.rounded() && abs(v) < 1e15 { return String(Int64(v)) }
    // At most 8 decimals, trailing zeros dropped: a funding rate of 0.0006 % is not written
    // 0.0006000000000000001 (a Double's shortest spelling of 6e-06 × 100), nor 6e-04.
    var text = NumberFormat.fixed(v, decimals: 8, grouping: false)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }
}

/// What the alert engine sees of one symbol at one moment. Every field is fresh (from tables
/// that are live); anything stale is left out (nil, or no trades), so nothing fires on it.
public struct AlertObservation: Sendable, Hashable {
  public var symbol: Symbol
  public var last: Double?
  public var mark: Double?
  public var funding: Double?
  /// Trades that arrived since the last observation (live only).
  public var trades: [Trade]
  /// The book's mid and its levels (price, size), when the book is live.
  public var mid: Double?
  public var levels: [PriceLevel]

  public init(
    symbol: Symbol, last: Double? = nil, mark: Double? = nil, funding: Double? = nil, trades: [Trade] = [],
    mid: Double? = nil, levels: [PriceLevel] = []
  ) {
    self.symbol = symbol
    self.last = last
    self.mark = mark
    self.funding = funding
    self.trades = trades
    self.mid = mid
    self.levels = levels
  }
}

/// An alert that fired: which, when, and the value that made it fire.
public struct FiredAlert: Sendable, Hashable {
  public var id: Int
  public var rule: AlertRule
  /// Wall-clock ms.
  public var atMs: Int64
  /// The price, rate or size that crossed.
  public var value: Double
  /// The banner's text.
  public var message: String
}
