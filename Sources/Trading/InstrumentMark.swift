import MarketModel

/// What values a position of another venue than BitMEX: the instrument's spec (from the venue's
/// metadata) and its price now, with where that price comes from and how old it is. BitMEX's
/// positions are valued from the universe's `instrument` rows instead.
public struct InstrumentMark: Sendable, Hashable {
  /// Where the price comes from.
  public enum Source: String, Sendable, Hashable {
    /// The venue's mark price (a derivative's ticker).
    case mark
    /// The last trade price (a spot pair's ticker has no mark).
    case last
    /// The book's mid, when no ticker has given a price.
    case mid
  }

  public var spec: ContractSpec
  /// The price positions are valued at, nil while there is none.
  public var price: Double?
  public var source: Source
  /// The last trade price, when known (shown beside the mark).
  public var last: Double?
  /// Milliseconds since the price last came; nil when unknown.
  public var ageMs: Int64?
  /// The price is old news (its feed is down, or its book or ticker is not live).
  public var stale: Bool

  public init(
    spec: ContractSpec, price: Double?, source: Source, last: Double? = nil, ageMs: Int64? = nil,
    stale: Bool
  ) {
    self.spec = spec
    self.price = price
    self.source = source
    self.last = last
    self.ageMs = ageMs
    self.stale = stale
  }
}
