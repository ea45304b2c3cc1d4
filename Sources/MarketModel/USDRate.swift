/// What one whole unit of an asset is worth in US dollars, and how that is known: read from an
/// instrument's price (which instrument, which price, how old, whether stale), US dollars
/// themselves, or a dollar stablecoin counted at par (an assumption, and said as one: USDT and
/// USDC are not USD).
public struct USDRate: Sendable, Hashable {
  /// Where the number comes from.
  public enum Source: Sendable, Hashable {
    /// The asset is the US dollar.
    case dollar
    /// A dollar stablecoin (USDT, USDC) counted as one US dollar.
    case par
    /// An instrument's mark price (the venue's fair price).
    case mark(Symbol)
    /// An instrument's last traded price (when it has no mark).
    case last(Symbol)
  }

  /// US dollars per whole unit (per XBT, per USDT).
  public var usd: Double
  public var source: Source
  /// How old the price was when the rate was taken (ms on the caller's monotonic clock); nil
  /// when no live update has brought it (only REST has), so its age is not known.
  public var ageMs: Int64?
  /// The price is old news: its table is not live, the connection is down, or the instrument
  /// has gone quiet.
  public var stale: Bool

  public init(usd: Double, source: Source, ageMs: Int64? = nil, stale: Bool = false) {
    self.usd = usd
    self.source = source
    self.ageMs = ageMs
    self.stale = stale
  }

  /// The instrument the price is read from; nil for the dollar and stablecoins.
  public var symbol: Symbol? {
    switch source {
    case .mark(let s), .last(let s): s
    case .dollar, .par: nil
    }
  }

  /// The source in words: `SYMBOL mark`, `SYMBOL last`, `par`, `USD`.
  public var label: String {
    switch source {
    case .dollar: "USD"
    case .par: "par"
    case .mark(let s): "\(s) mark"
    case .last(let s): "\(s) last"
    }
  }
}
