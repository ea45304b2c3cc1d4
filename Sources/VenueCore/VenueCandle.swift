/// One bar of a venue's candles (OHLC from its REST API), in every venue's terms: when it opened,
/// and its prices and volume as the venue wrote them (parsed from their text, never through
/// `Double`). Volume is in the venue's size unit: the base asset on spot and linear markets,
/// contracts where the venue counts contracts (OKX swaps, Bybit inverse), as its book does.
/// The newest bar of a series may still be forming.
public struct VenueCandle: Sendable, Hashable {
  /// When the bar opened, milliseconds since the Unix epoch.
  public var openTimeMs: Int64
  public var open: FixedDecimal
  public var high: FixedDecimal
  public var low: FixedDecimal
  public var close: FixedDecimal
  public var volume: FixedDecimal

  public init(
    openTimeMs: Int64, open: FixedDecimal, high: FixedDecimal, low: FixedDecimal, close: FixedDecimal,
    volume: FixedDecimal
  ) {
    self.openTimeMs = openTimeMs
    self.open = open
    self.high = high
    self.low = low
    self.close = close
    self.volume = volume
  }
}
