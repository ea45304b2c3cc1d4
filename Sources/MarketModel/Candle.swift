/// One OHLC candle with its volume, identified by its start time.
///
/// As BitMEX's bins: a candle opens at the previous candle's close (the first one held at its
/// first trade), its high and low take that open in, and a candle without trades is flat at
/// the previous close with no volume.
public struct Candle: Sendable, Hashable {
  /// The candle's start, ms since the Unix epoch (BitMEX stamps bins with their end).
  public var startMs: Int64
  public var open: Double
  public var high: Double
  public var low: Double
  public var close: Double
  /// Contracts traded.
  public var volume: Int64
  /// Trades printed.
  public var trades: Int64
  /// Of `volume`, what buyers and sellers took: the aggressor's side of each live trade (a
  /// side-less print counts for neither; a bin from REST has no split, both 0).
  public var buyVolume: Int64 = 0
  public var sellVolume: Int64 = 0

  public init(
    startMs: Int64, open: Double, high: Double, low: Double, close: Double, volume: Int64 = 0,
    trades: Int64 = 0
  ) {
    self.startMs = startMs
    self.open = open
    self.high = high
    self.low = low
    self.close = close
    self.volume = volume
    self.trades = trades
  }

  /// A flat candle at `price` (no trades yet, or none at all).
  public init(startMs: Int64, flat price: Double) {
    self.init(startMs: startMs, open: price, high: price, low: price, close: price)
  }

  /// Whether it closed at or above its open.
  public var isUp: Bool { close >= open }

  /// Takes one trade in (the newest so far when `updatingClose`; a late print otherwise).
  mutating func take(price: Double, size: Int64, side: Side? = nil, updatingClose: Bool) {
    if price > high { high = price }
    if price < low { low = price }
    if updatingClose { close = price }
    volume &+= size
    trades &+= 1
    switch side {
    case .buy?: buyVolume &+= size
    case .sell?: sellVolume &+= size
    case nil: break
    }
  }
}
