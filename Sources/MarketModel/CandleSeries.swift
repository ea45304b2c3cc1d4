/// Candles of one width, oldest first, for the candle chart: backfilled from REST
/// `trade/bucketed` and extended from live trades.
///
/// Invariant: the candles are contiguous (each starts one interval after the previous one),
/// so a time maps to its candle by arithmetic; intervals without trades are flat candles at
/// the previous close, as BitMEX's bins are. At most `capacity` candles are kept, the oldest
/// go first.
///
/// The overlap rule (no trade counted twice): backfilled bins are complete bins only
/// (`partial=false`), and BitMEX stamps a bin with its *end*, so bins ending at `T` hold every
/// trade before `T`. `backfilledUntilMs` is that `T`: a live trade before it is already in a
/// bin and is ignored, whenever it arrives; a bin replaces whatever live trades built for its
/// interval; candles from `T` on are built from live trades only.
public struct CandleSeries: Sendable, Hashable {
  public let interval: CandleInterval
  public let capacity: Int
  /// The candles, oldest first, contiguous.
  public private(set) var candles: [Candle]
  /// Every trade before this time is in a backfilled bin (nil before any backfill).
  public private(set) var backfilledUntilMs: Int64?
  /// The time of the oldest trade taken live (nil before any).
  public private(set) var liveSinceMs: Int64?

  public init(interval: CandleInterval, capacity: Int = 1_000) {
    precondition(capacity > 0, "CandleSeries capacity must be positive")
    self.interval = interval
    self.capacity = capacity
    candles = []
    candles.reserveCapacity(capacity)
  }

  public var last: Candle? { candles.last }
  public var count: Int { candles.count }
  public var isEmpty: Bool { candles.isEmpty }

  /// Whether `candle` holds every trade of its interval: it is a backfilled bin, or live
  /// trades were followed from its start (or from the end of the backfill, if later).
  public func isComplete(_ candle: Candle) -> Bool {
    let end = candle.startMs + interval.milliseconds
    if let until = backfilledUntilMs, end <= until { return true }
    guard let since = liveSinceMs else { return false }
    return since <= max(candle.startMs, backfilledUntilMs ?? candle.startMs)
  }

  /// The start of the first candle whose every trade was taken live, so whose buy/sell split is
  /// whole (the CVD starts there): the candle after the one the first live trade fell in (that
  /// one may have missed trades before it), and never a backfilled bin (bins have no split).
  /// Nil before any live trade.
  public var splitSinceMs: Int64? {
    guard let since = liveSinceMs else { return nil }
    let start = interval.start(since)
    let first = start == since ? since : start &+ interval.milliseconds
    return max(first, backfilledUntilMs ?? first)
  }

  /// Empties the series, keeping its storage.
  public mutating func removeAll() {
    candles.removeAll(keepingCapacity: true)
    backfilledUntilMs = nil
    liveSinceMs = nil
  }

  /// Adds one live trade.
  ///
  /// * Before `backfilledUntilMs`: ignored (a backfilled bin holds it).
  /// * In the newest candle: updates its high, low, close, volume and trade count.
  /// * Later: flat candles at the last close fill the intervals in between, then a candle
  ///   opens at the last close and takes the trade.
  /// * In an older candle still held (a late print): updates its high, low and volume.
  /// * Before the oldest candle, or a non-finite price: ignored.
  ///
  /// - Returns: whether the trade was counted.
  @discardableResult
  public mutating func add(price: Double, size: Int64, side: Side? = nil, timeMs: Int64) -> Bool {
    guard price.isFinite else { return false }
    if let until = backfilledUntilMs, timeMs < until { return false }
    let start = interval.start(timeMs)
    guard let newest = candles.last else {
      var candle = Candle(startMs: start, flat: price)
      candle.take(price: price, size: size, side: side, updatingClose: true)
      candles.append(candle)
      noteLive(timeMs)
      return true
    }
    if start == newest.startMs {
      candles[candles.count - 1].take(price: price, size: size, side: side, updatingClose: true)
    } else if start > newest.startMs {
      open(at: start, after: newest)
      candles[candles.count - 1].take(price: price, size: size, side: side, updatingClose: true)
    } else {
      guard start >= candles[0].startMs else { return false }
      let offset = Int((start - candles[0].startMs) / interval.milliseconds)
      candles[offset].take(price: price, size: size, side: side, updatingClose: false)
    }
    noteLive(timeMs)
    return true
  }

  private mutating func noteLive(_ timeMs: Int64) {
    liveSinceMs = min(liveSinceMs ?? timeMs, timeMs)
  }

  // Appends flat candles up to `start` and an open one at `start`, evicting the oldest first
  // so the array never outgrows its reserved capacity.
  private mutating func open(at start: Int64, after newest: Candle) {
    let step = interval.milliseconds
    let missing = (start - newest.startMs) / step - 1
    let fillers = Int(min(missing, Int64(capacity - 1)))
    let overflow = candles.count + fillers + 1 - capacity
    if overflow > 0 { candles.removeFirst(min(overflow, candles.count)) }
    for k in stride(from: fillers, through: 1, by: -1) {
      candles.append(Candle(startMs: start - Int64(k) * step, flat: newest.close))
    }
    candles.append(Candle(startMs: start, flat: newest.close))
  }

  /// Merges complete bins of this width (REST `trade/bucketed` with `partial=false`, any
  /// order, any page) into the series.
  ///
  /// A bin covers `[endMs - interval, endMs)` (an unaligned end is aligned down); bins
  /// without a `close` are skipped. A bin replaces the candle held for its interval; candles
  /// from the newest bin's end on (built by live trades) stay, the first of them reopened at
  /// the newest bin's close. Gaps become flat candles, and only the newest `capacity` stay.
  public mutating func backfill(_ bins: [TradeBin]) {
    let step = interval.milliseconds
    var incoming: [(candle: Candle, order: Int)] = []
    incoming.reserveCapacity(bins.count)
    for (order, bin) in bins.enumerated() {
      guard let close = bin.close, close.isFinite else { continue }
      let open = bin.open.flatMap { $0.isFinite ? $0 : nil } ?? close
      let high = max(bin.high.flatMap { $0.isFinite ? $0 : nil } ?? close, open, close)
      let low = min(bin.low.flatMap { $0.isFinite ? $0 : nil } ?? close, open, close)
      let candle = Candle(
        startMs: interval.start(bin.endMs - step), open: open, high: high, low: low, close: close,
        volume: bin.volume ?? 0, trades: bin.trades ?? 0)
      incoming.append((candle, order))
    }
    guard !incoming.isEmpty else { return }
    // By start, and among equal starts the last sent wins.
    incoming.sort { ($0.candle.startMs, $0.order) < ($1.candle.startMs, $1.order) }
    let newestEnd = incoming[incoming.count - 1].candle.startMs + step
    let until = max(backfilledUntilMs ?? newestEnd, newestEnd)

    var merged: [Candle] = []
    merged.reserveCapacity(candles.count + incoming.count)
    var h = 0
    var i = 0
    while h < candles.count || i < incoming.count {
      if i == incoming.count || (h < candles.count && candles[h].startMs < incoming[i].candle.startMs) {
        var held = candles[h]
        h += 1
        // The first live candle after the bins opens where the last bin closed.
        if held.startMs == newestEnd, let previous = merged.last, previous.startMs == newestEnd - step {
          held.open = previous.close
          held.high = max(held.high, held.open)
          held.low = min(held.low, held.open)
          if held.trades == 0 { held.close = previous.close }
        }
        merged.append(held)
        continue
      }
      var candle = incoming[i].candle
      i += 1
      while i < incoming.count && incoming[i].candle.startMs == candle.startMs {
        candle = incoming[i].candle
        i += 1
      }
      if h < candles.count && candles[h].startMs == candle.startMs { h += 1 }
      merged.append(candle)
    }

    candles = GapFill.filled(merged, step: step, capacity: capacity, start: \.startMs) {
      Candle(startMs: $0, flat: $1.close)
    }
    backfilledUntilMs = until
  }
}

/// One `CandleSeries` per `CandleInterval`, fed by the same trades.
public struct CandleSet: Sendable, Hashable {
  public private(set) var series: [CandleSeries]

  public init(capacity: Int = 1_000) {
    series = CandleInterval.allCases.map { CandleSeries(interval: $0, capacity: capacity) }
  }

  private static func index(_ interval: CandleInterval) -> Int {
    switch interval {
    case .oneSecond: 0
    case .oneMinute: 1
    case .fiveMinutes: 2
    case .oneHour: 3
    case .oneDay: 4
    }
  }

  public subscript(interval: CandleInterval) -> CandleSeries { series[Self.index(interval)] }

  /// Adds one live trade to every width.
  public mutating func add(trade: Trade) {
    for k in series.indices {
      series[k].add(price: trade.price, size: trade.size, side: trade.side, timeMs: trade.timeMs)
    }
  }

  /// Merges complete bins of width `interval` into that series.
  public mutating func backfill(_ bins: [TradeBin], interval: CandleInterval) {
    series[Self.index(interval)].backfill(bins)
  }

  public mutating func removeAll() {
    for k in series.indices { series[k].removeAll() }
  }

  /// The candles of `interval`, the newest completed from the next finer width when the tape
  /// did not see its start (the hour or day in progress when tradeterm started), and whether
  /// that newest candle is now whole.
  ///
  /// The finer width's candles from the newest's start on are disjoint pieces of it: complete
  /// bins, then live candles (the last of them completed the same way, down to one minute).
  /// When every piece is whole the newest candle is their sum, opening where the first piece
  /// opened (the close before the candle); otherwise it stays as the tape built it.
  public func completed(_ interval: CandleInterval) -> (candles: [Candle], newestComplete: Bool) {
    let s = self[interval]
    guard let newest = s.last else { return (s.candles, false) }
    if s.isComplete(newest) { return (s.candles, true) }
    guard let whole = whole(Self.index(interval), at: s.count - 1) else { return (s.candles, false) }
    var candles = s.candles
    candles[candles.count - 1] = whole
    return (candles, true)
  }

  // Candle `k` of `series[index]`, whole: as held if complete, else summed from the finer
  // width's candles in its interval (each whole the same way); nil when a piece is missing.
  private func whole(_ index: Int, at k: Int) -> Candle? {
    let coarse = series[index]
    let candle = coarse.candles[k]
    if coarse.isComplete(candle) { return candle }
    guard index > 0 else { return nil }
    let finer = series[index - 1]
    guard let first = finer.candles.first, first.startMs <= candle.startMs else { return nil }
    let from = Int((candle.startMs - first.startMs) / finer.interval.milliseconds)
    guard from < finer.count, finer.candles[from].startMs == candle.startMs else { return nil }
    let end = candle.startMs + coarse.interval.milliseconds
    var sum = Candle(startMs: candle.startMs, flat: finer.candles[from].open)
    var j = from
    while j < finer.count && finer.candles[j].startMs < end {
      guard let piece = whole(index - 1, at: j) else { return nil }
      sum.high = max(sum.high, piece.high)
      sum.low = min(sum.low, piece.low)
      sum.close = piece.close
      sum.volume &+= piece.volume
      sum.trades &+= piece.trades
      sum.buyVolume &+= piece.buyVolume
      sum.sellVolume &+= piece.sellVolume
      j += 1
    }
    return sum
  }
}
