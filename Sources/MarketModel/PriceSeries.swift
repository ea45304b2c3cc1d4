/// Price buckets at one interval, oldest first, for a sparkline.
///
/// Invariant: the buckets are contiguous (each starts one interval after the previous one),
/// so a time maps to its bucket by arithmetic. Intervals without trades are held as flat
/// buckets carrying the previous close, as BitMEX's own bins are. At most `capacity` buckets
/// are kept; the oldest go first.
///
/// History comes from REST `trade/bucketed` (or `tradeBin…` rows) through `seed`, and the
/// series then grows from live trades through `add`. Neither looks at `symbol`: feed one
/// symbol. Storage is reserved up front, so `add` does not allocate in steady state.
public struct PriceSeries: Sendable, Hashable {
  /// The bucket width.
  public let interval: SeriesInterval
  /// The most buckets held.
  public let capacity: Int
  /// The buckets, oldest first, contiguous.
  public private(set) var buckets: [PriceBucket]

  /// An empty series of up to `capacity` (at least 1) buckets of width `interval`.
  public init(interval: SeriesInterval, capacity: Int = 720) {
    precondition(capacity > 0, "PriceSeries capacity must be positive")
    self.interval = interval
    self.capacity = capacity
    buckets = []
    buckets.reserveCapacity(capacity)
  }

  /// The newest bucket (the one live trades are filling).
  public var last: PriceBucket? { buckets.last }

  public var count: Int { buckets.count }
  public var isEmpty: Bool { buckets.isEmpty }

  /// The highest `high` of the newest `n` buckets (all of them if fewer); nil if `n <= 0`
  /// or the series is empty.
  public func high(last n: Int) -> Double? {
    guard n > 0, !buckets.isEmpty else { return nil }
    var result = -Double.infinity
    for bucket in buckets.suffix(n) where bucket.high > result { result = bucket.high }
    return result
  }

  /// The lowest `low` of the newest `n` buckets (all of them if fewer); nil if `n <= 0`
  /// or the series is empty.
  public func low(last n: Int) -> Double? {
    guard n > 0, !buckets.isEmpty else { return nil }
    var result = Double.infinity
    for bucket in buckets.suffix(n) where bucket.low < result { result = bucket.low }
    return result
  }

  /// Empties the series, keeping its storage.
  public mutating func removeAll() {
    buckets.removeAll(keepingCapacity: true)
  }

  /// Adds one trade.
  ///
  /// * In the newest bucket: updates its high, low, close and volume.
  /// * Later: fills the intervals in between with flat buckets at the last close, then opens
  ///   a bucket at `price`.
  /// * In an older bucket still held (a late print): updates its high, low and volume; its
  ///   close is left alone, as later trades of that bucket have already been seen.
  /// * Before the oldest bucket, or a non-finite price: ignored.
  ///
  /// - Returns: whether the trade was taken into account.
  @discardableResult
  public mutating func add(price: Double, size: Int64, timeMs: Int64) -> Bool {
    guard price.isFinite else { return false }
    let start = interval.bucketStart(timeMs)
    guard let newest = buckets.last else {
      buckets.append(PriceBucket(startMs: start, price: price, volume: size))
      return true
    }
    if start == newest.startMs {
      buckets[buckets.count - 1].take(price: price, size: size, updatingClose: true)
    } else if start > newest.startMs {
      openBucket(at: start, price: price, size: size, after: newest)
    } else {
      guard start >= buckets[0].startMs else { return false }
      // Contiguous buckets: the index is the number of intervals from the oldest.
      let offset = (start - buckets[0].startMs) / interval.rawValue
      buckets[Int(offset)].take(price: price, size: size, updatingClose: false)
    }
    return true
  }

  // Appends flat buckets up to `start`, then a bucket for the trade, evicting the oldest
  // first so the array never outgrows its reserved capacity.
  private mutating func openBucket(at start: Int64, price: Double, size: Int64, after newest: PriceBucket) {
    let step = interval.rawValue
    let missing = (start - newest.startMs) / step - 1
    // Only the newest `capacity - 1` fillers can survive next to the new bucket.
    let fillers = Int(min(missing, Int64(capacity - 1)))
    let overflow = buckets.count + fillers + 1 - capacity
    if overflow > 0 { buckets.removeFirst(min(overflow, buckets.count)) }
    for k in stride(from: fillers, through: 1, by: -1) {
      buckets.append(PriceBucket(startMs: start - Int64(k) * step, price: newest.close))
    }
    buckets.append(PriceBucket(startMs: start, price: price, volume: size))
  }

  /// Merges OHLC bins (REST `trade/bucketed` at this interval, or `tradeBin…` rows) into the
  /// series. Bins may come in any order (`reverse=true` gives newest first).
  ///
  /// A bin's `endMs` is its bucket's end, so it covers `[endMs - interval, endMs)`; an
  /// unaligned end is aligned down. Empty bins (`trades: 0`) are kept. Bins without a
  /// `close` are skipped; a missing open, high or low is taken from the others.
  ///
  /// A bin replaces the held bucket with the same start, except the newest held bucket,
  /// which live trades may have updated after the bin was made: that one keeps its close and
  /// takes the wider high/low and the larger volume. Held buckets without a bin stay, gaps
  /// are filled with flat buckets, and only the newest `capacity` buckets are kept.
  public mutating func seed(_ bins: [TradeBin]) {
    let step = interval.rawValue
    var incoming: [(bucket: PriceBucket, order: Int)] = []
    incoming.reserveCapacity(bins.count)
    for (order, bin) in bins.enumerated() {
      guard let close = bin.close, close.isFinite else { continue }
      let open = bin.open ?? close
      let bucket = PriceBucket(
        startMs: interval.bucketStart(bin.endMs - step), open: open,
        high: bin.high ?? max(open, close), low: bin.low ?? min(open, close), close: close,
        volume: bin.volume ?? 0)
      incoming.append((bucket, order))
    }
    guard !incoming.isEmpty else { return }
    // By start, and among equal starts by arrival, so the last one sent wins.
    incoming.sort { ($0.bucket.startMs, $0.order) < ($1.bucket.startMs, $1.order) }

    var merged: [PriceBucket] = []
    merged.reserveCapacity(buckets.count + incoming.count)
    var h = 0
    var i = 0
    while h < buckets.count || i < incoming.count {
      if i == incoming.count || (h < buckets.count && buckets[h].startMs < incoming[i].bucket.startMs) {
        merged.append(buckets[h])
        h += 1
        continue
      }
      var bucket = incoming[i].bucket
      i += 1
      // Equal starts: skip to the last bin for this start.
      while i < incoming.count && incoming[i].bucket.startMs == bucket.startMs {
        bucket = incoming[i].bucket
        i += 1
      }
      if h < buckets.count && buckets[h].startMs == bucket.startMs {
        if h == buckets.count - 1 {
          let live = buckets[h]
          bucket.high = max(bucket.high, live.high)
          bucket.low = min(bucket.low, live.low)
          bucket.close = live.close
          bucket.volume = max(bucket.volume, live.volume)
        }
        h += 1
      }
      merged.append(bucket)
    }

    buckets = GapFill.filled(merged, step: step, capacity: capacity, start: \.startMs) {
      PriceBucket(startMs: $0, price: $1.close)
    }
  }
}

extension PriceBucket {
  // Accounts for one trade in this bucket.
  fileprivate mutating func take(price: Double, size: Int64, updatingClose: Bool) {
    if price > high { high = price }
    if price < low { low = price }
    if updatingClose { close = price }
    volume &+= size
  }
}
