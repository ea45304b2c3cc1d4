/// A venue's ticker of one symbol, in the same words for every venue: the last price, the best
/// bid and ask, the 24 h statistics and, for perpetuals, mark, index and funding. Every field is
/// optional (no venue sends them all) and kept as the decimal text sent.
///
/// `partial`: the venue sends only the fields that changed (Bybit's derivative `tickers` deltas,
/// Binance's `markPrice` beside its `ticker`); a missing field then means "unchanged", so a
/// reader merges it into what it holds (`merge`) rather than taking it as the whole picture.
public struct VenueTicker: Sendable, Hashable {
  /// Only the fields that changed: merge, never replace.
  public var partial = false
  public var last: FixedDecimal?
  public var bid: FixedDecimal?
  public var bidSize: FixedDecimal?
  public var ask: FixedDecimal?
  public var askSize: FixedDecimal?
  /// The price 24 hours ago (the window's open).
  public var open24h: FixedDecimal?
  public var high24h: FixedDecimal?
  public var low24h: FixedDecimal?
  /// Traded in 24 hours, in the base asset (contracts where the venue counts contracts).
  public var volume24h: FixedDecimal?
  /// Traded in 24 hours, in the quote asset.
  public var quoteVolume24h: FixedDecimal?
  /// The 24 h volume-weighted average price.
  public var vwap24h: FixedDecimal?
  /// The 24 h change in price units (`last - open24h`).
  public var change24h: FixedDecimal?
  /// The 24 h change as a fraction (0.0123 = +1.23 %).
  public var changeFraction24h: FixedDecimal?
  public var markPrice: FixedDecimal?
  public var indexPrice: FixedDecimal?
  /// The funding rate as a fraction per funding interval.
  public var fundingRate: FixedDecimal?
  /// When the next funding happens, ms since the Unix epoch.
  public var nextFundingTimeMs: Int64?
  /// Open interest, in the venue's size unit.
  public var openInterest: FixedDecimal?
  /// The venue's time of the ticker, ms since the Unix epoch, when it says.
  public var timeMs: Int64?

  public init(partial: Bool = false) {
    self.partial = partial
  }

  /// Whether no field is known.
  public var isEmpty: Bool { self == VenueTicker(partial: partial) }

  /// Takes every field `other` has, leaving the others as they are (a partial ticker's
  /// missing field is one that did not change). The result is whole when either was.
  public mutating func merge(_ other: VenueTicker) {
    partial = partial && other.partial
    func take<T>(_ path: WritableKeyPath<VenueTicker, T?>) {
      if let value = other[keyPath: path] { self[keyPath: path] = value }
    }
    take(\.last)
    take(\.bid)
    take(\.bidSize)
    take(\.ask)
    take(\.askSize)
    take(\.open24h)
    take(\.high24h)
    take(\.low24h)
    take(\.volume24h)
    take(\.quoteVolume24h)
    take(\.vwap24h)
    take(\.change24h)
    take(\.changeFraction24h)
    take(\.markPrice)
    take(\.indexPrice)
    take(\.fundingRate)
    take(\.nextFundingTimeMs)
    take(\.openInterest)
    take(\.timeMs)
  }

  /// `percent` (2.73 for +2.73 %) as a fraction (0.0273): the same digits two places further
  /// right, exact unless that needs more decimals than `FixedDecimal` holds (then the digits
  /// past 10^-18 are dropped: they say nothing about a price change).
  public static func fraction(percent: FixedDecimal) -> FixedDecimal {
    let scale = Int(percent.scale) + 2
    let excess = scale - Int(FixedDecimal.maxScale)
    guard excess > 0 else { return FixedDecimal(mantissa: percent.mantissa, scale: UInt8(scale)) }
    return FixedDecimal(
      mantissa: percent.mantissa / FixedDecimal.powerOfTen(UInt8(excess)), scale: FixedDecimal.maxScale)
  }
}
