import MarketModel

/// One row of the tape: a single trade, or the trades of one taker order summed.
///
/// A taker order that sweeps several levels prints as several trades with the same time and the
/// same aggressor, one after another; a trader reads it as one order. `TapePrint.group` folds
/// such runs into one print with the summed size, the prices it went through and how many
/// trades it took. Side-less index prints are never folded.
public struct TapePrint: Sendable, Hashable {
  /// Exchange time, ms since the Unix epoch (every trade of the print has it).
  public var timeMs: Int64
  /// The aggressor; nil for an index print.
  public var side: Side?
  /// The summed size, in the tape's units (saturating: a feed's nonsense never traps).
  public var size: Int64
  /// The price of the print's newest trade: where the order stopped.
  public var lastPrice: Double
  /// The price of its oldest trade: where the order started.
  public var firstPrice: Double
  /// How many trades it folds.
  public var count: Int
  /// The summed notional in the quote currency; nil when it is not known.
  public var notional: Double?
  /// A liquidation (drawn in its own colour and marked `!`), never folded.
  public var liquidation: Bool

  public init(
    timeMs: Int64, side: Side?, size: Int64, lastPrice: Double, firstPrice: Double? = nil, count: Int = 1,
    notional: Double? = nil, liquidation: Bool = false
  ) {
    self.timeMs = timeMs
    self.side = side
    self.size = size
    self.lastPrice = lastPrice
    self.firstPrice = firstPrice ?? lastPrice
    self.count = count
    self.notional = notional
    self.liquidation = liquidation
  }

  /// The print of one `trade`, its notional by `notional`.
  public init(_ trade: Trade, notional: TapeNotional? = nil) {
    self.init(
      timeMs: trade.timeMs, side: trade.side, size: trade.size, lastPrice: trade.price,
      notional: notional?.value(size: trade.size, price: trade.price))
  }

  /// Whether the print went through more than one price.
  public var swept: Bool { firstPrice != lastPrice }

  /// Whether `older`, the trade printed just before this print's oldest, belongs to the same
  /// taker order: the same time and the same aggressor.
  public func joins(_ older: Trade) -> Bool {
    !liquidation && side != nil && older.side == side && older.timeMs == timeMs
  }

  /// Adds `older` (see `joins`) to the print.
  public mutating func absorb(_ older: Trade, notional: TapeNotional?) {
    let (sum, overflow) = size.addingReportingOverflow(older.size)
    size = overflow ? (older.size < 0 ? .min : .max) : sum
    firstPrice = older.price
    count += 1
    if let n = self.notional, let more = notional?.value(size: older.size, price: older.price) {
      self.notional = n + more
    } else {
      self.notional = nil
    }
  }

  /// The prints of `trades` (newest first), newest first: each trade alone, or with `aggregate`
  /// the runs of one taker order folded; only those of at least `filter`'s size; `skip` of them
  /// passed over (scrolling) and at most `limit` kept. Stops reading the trades as soon as it
  /// has `limit`, so a short pane costs a few trades, not the whole tape.
  public static func group<Trades: RandomAccessCollection<Trade>>(
    _ trades: Trades, aggregate: Bool, filter: TapeFilter = .none, notional: TapeNotional? = nil,
    skip: Int = 0, limit: Int = .max
  ) -> [TapePrint] where Trades.Index == Int {
    var out: [TapePrint] = []
    guard limit > 0 else { return out }
    // A pane's rows (a short limit) in one allocation, not one per doubling.
    if limit <= 256 { out.reserveCapacity(min(limit, trades.count)) }
    var skipped = 0
    var i = trades.startIndex
    while i < trades.endIndex {
      var print = TapePrint(trades[i], notional: notional)
      i += 1
      if aggregate {
        while i < trades.endIndex, print.joins(trades[i]) {
          print.absorb(trades[i], notional: notional)
          i += 1
        }
      }
      guard filter.passes(print) else { continue }
      if skipped < skip {
        skipped += 1
        continue
      }
      out.append(print)
      if out.count == limit { break }
    }
    return out
  }
}
