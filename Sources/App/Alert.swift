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
    /// The cross-venue screen of the asset `symbol` (`BTC`) crossed by at least `bps` basis points:
    /// one venue's best bid that far above another's best ask, both sides fresh.
    case spread(bps: Double)
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
  /// The venue of `symbol` (the same symbol on two venues is two markets: Binance's and Bybit's
  /// BTCUSDT).
  public var venue: InstrumentID.Venue
  public var kind: Kind
  public var rearm: Rearm
  /// A program and its arguments to start when it fires (no shell); `{symbol}`, `{price}` and
  /// `{alert}` are replaced.
  public var run: [String]

  public init(
    symbol: Symbol, venue: InstrumentID.Venue = .bitmex, kind: Kind, rearm: Rearm = .once, run: [String] = []
  ) {
    self.symbol = symbol
    self.venue = venue
    self.kind = kind
    self.rearm = rearm
    self.run = run
  }

  /// The instrument watched: `ETHUSD` (BitMEX's), `kraken:BTC/USD`.
  public var instrument: InstrumentID { InstrumentID(venue: venue, symbol: symbol) }

  /// A few words: `ETHUSD last ≥ 4,000`, `kraken:BTC/USD move 2% in 5m`.
  public var summary: String {
    let s = instrument.description
    switch kind {
    case .above(let level, let source): return "\(s) \(source.rawValue) >= \(Self.number(level))"
    case .below(let level, let source): return "\(s) \(source.rawValue) <= \(Self.number(level))"
    case .move(let percent, let minutes):
      return "\(s) moves \(Self.number(percent))% in \(Self.number(minutes))m"
    case .fundingAbove(let rate): return "\(s) funding >= \(Self.percent(rate))%"
    case .fundingBelow(let rate): return "\(s) funding <= \(Self.percent(rate))%"
    case .trade(let size): return "\(s) trade >= \(size)"
    case .wall(let size, let bps): return "\(s) wall >= \(size) within \(Self.number(bps)) bps"
    case .spread(let bps): return "\(s) crossed across venues >= \(Self.number(bps)) bps"
    }
  }

  /// A number as the config and the alerts file write it, and as messages show it: without a
  /// needless `.0`, in plain decimals where that is short (no exponent for 0.0001 or 98000.5),
  /// and always the shortest text that reads back as exactly `v` (`Double(text) == v`): 1e20 is
  /// `1e+20`, not the `1e+2` that trimming zeros from it made, and 1e-9 is `0.000000001`, not 0.
  /// Whole numbers below 1e15 are written as integers (TOML reads them as such).
  public static func number(_ v: Double) -> String {
    guard v.isFinite else { return v.isNaN ? "nan" : v < 0 ? "-inf" : "inf" }
    if v == v.rounded() && abs(v) < 1e15 { return String(Int64(v)) }
    // Swift's own spelling is the shortest that reads back exactly; it switches to an exponent
    // below 1e-4, where plain decimals read better, up to a dozen zeros after the point.
    let shortest = "\(v)"
    guard let e = shortest.firstIndex(of: "e"), let exponent = Int(shortest[shortest.index(after: e)...]),
      exponent < 0, exponent >= -12
    else { return shortest }
    let negative = shortest.hasPrefix("-")
    let digits = shortest[..<e].filter { $0 != "." && $0 != "-" }
    return (negative ? "-" : "") + "0." + String(repeating: "0", count: -exponent - 1) + digits
  }

  /// A funding rate (a fraction) as the percent the config writes (`funding-above = 0.0006`),
  /// chosen so that the percent read back and divided by 100 is exactly `rate` again: the
  /// shortest of the percents near `rate × 100` that do (`rate × 100` itself can be one
  /// binary step off, 6e-06 × 100 = 0.0006000000000000001).
  public static func percent(_ rate: Double) -> String {
    let scaled = rate * 100
    guard scaled.isFinite else { return number(scaled) }
    var best: String?
    var candidate = scaled
    for _ in 0..<4 { candidate = candidate.nextDown }
    for _ in 0..<9 {
      let text = number(candidate)
      if candidate / 100 == rate, best.map({ text.count < $0.count }) ?? true { best = text }
      candidate = candidate.nextUp
    }
    return best ?? number(scaled)
  }
}

/// What the alert engine sees of one symbol at one moment. Every field is fresh (from tables
/// that are live); anything stale is left out (nil, or no trades), so nothing fires on it.
public struct AlertObservation: Sendable, Hashable {
  public var symbol: Symbol
  /// The venue observed (an alert watches its own venue's symbol only).
  public var venue: InstrumentID.Venue = .bitmex
  public var last: Double?
  public var mark: Double?
  public var funding: Double?
  /// Trades that arrived since the last observation (live only).
  public var trades: [Trade]
  /// The book's mid and its levels (price, size), when the book is live.
  public var mid: Double?
  public var levels: [PriceLevel]
  /// Across venues (the asset's screen): the best edge of buying on one venue and selling on
  /// another, in basis points (positive: crossed), over the pairs whose both sides are fresh, and
  /// which pair it is (`buy coinbase:BTC-USD, sell kraken:BTC/USD`); nil when no pair is.
  public var spreadBps: Double?
  public var spreadPair: String?

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
