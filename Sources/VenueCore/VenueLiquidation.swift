/// One forced liquidation as every venue's adapter reports it: the order the venue's liquidation
/// engine sent to close a position it took over.
///
/// `side` is that order's side, in tradeterm's words: `.sell` closes a **long** position (a long
/// was liquidated), `.buy` closes a short. A liquidation order takes liquidity (it is sent IOC at
/// the bankruptcy price or better), so its side is an aggressor side, as on the tape. Venues say
/// it their own ways, each normalised by its adapter:
/// - Binance USDⓈ-M `forceOrder`: `o.S` is the order's side (`SELL` = a long liquidated): kept.
/// - Bybit v5 `allLiquidation`: `S` is the **position's** side (`Buy` = a long liquidated):
///   turned into the order's, the opposite.
/// - OKX v5 `liquidation-orders`: `side` is the order's side (`sell` = a long liquidated), and
///   `posSide` the position's (`long`/`short`); `side` may be empty, then `posSide` says.
/// - BitMEX `liquidation`: `side` is the order's side (its own path, `LiquidationLog`).
public struct VenueLiquidation: Sendable, Hashable {
  /// The price the venue reports: Binance's average fill price (`ap`, else the order's `p`),
  /// Bybit's `p` (the bankruptcy price), OKX's bankruptcy price `bkPx`. As sent, never through
  /// `Double`.
  public var price: FixedDecimal
  /// In the venue's size unit, as its book is: the base asset on Binance and Bybit linear,
  /// contracts on Bybit inverse (1 USD each) and on OKX swaps (`ctVal` each).
  public var size: FixedDecimal
  /// The liquidation order's side (`.sell`: a long was liquidated).
  public var side: Aggressor
  /// The venue's time of the liquidation, ms since the Unix epoch, when it says.
  public var venueTimeMs: Int64?
  /// When the frame carrying it was received (local monotonic nanoseconds), as a book update
  /// carries it.
  public var receivedAt: Int64

  public init(
    price: FixedDecimal, size: FixedDecimal, side: Aggressor, venueTimeMs: Int64? = nil, receivedAt: Int64
  ) {
    self.price = price
    self.size = size
    self.side = side
    self.venueTimeMs = venueTimeMs
    self.receivedAt = receivedAt
  }

  /// Whether a long position was liquidated (the order sells).
  public var liquidatedLong: Bool { side == .sell }
}
