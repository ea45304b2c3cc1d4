/// Which side took liquidity in a trade: the buyer lifting an ask, or the seller hitting a bid.
/// Venues say it their own ways (Coinbase's `side` is the maker's; Binance's `m` says whether the
/// buyer was the maker; Bybit's `S`, OKX's `side` and Kraken's `side` are the taker's): each
/// adapter turns its venue's word into this.
public enum Aggressor: UInt8, Sendable, Hashable, CustomStringConvertible {
  case buy
  case sell

  public var opposite: Aggressor { self == .buy ? .sell : .buy }
  public var description: String { self == .buy ? "buy" : "sell" }
}

/// One trade as every venue's adapter reports it.
public struct VenueTrade: Sendable, Hashable {
  public var price: FixedDecimal
  /// In the venue's size unit (contracts where the venue counts contracts).
  public var size: FixedDecimal
  public var aggressor: Aggressor
  /// The venue's time of the trade, ms since the Unix epoch, when it says (never used for
  /// freshness: that is the local receive time).
  public var venueTimeMs: Int64?
  /// The venue's trade id, when it is a number.
  public var id: UInt64?

  public init(
    price: FixedDecimal, size: FixedDecimal, aggressor: Aggressor, venueTimeMs: Int64? = nil,
    id: UInt64? = nil
  ) {
    self.price = price
    self.size = size
    self.aggressor = aggressor
    self.venueTimeMs = venueTimeMs
    self.id = id
  }
}
