import VenueCore

/// Every chosen instrument's trades on one tape, in the order they arrived (local receive time;
/// a trade handed over late, from a batch drained after another venue's, goes in its place), each
/// with its size in the base asset; the newest `capacity` kept. Per instrument it keeps the buy
/// and sell base volume of the last minute, in one-second buckets: the window is the 60 whole
/// seconds ending with the second of `now`.
///
/// Fixed storage: appending allocates nothing once made.
public struct MergedTape: Sendable {
  /// The instruments, in the order the screen lists them (a trade names one by position).
  public private(set) var instruments: [InstrumentSpec]
  /// How many trades are kept.
  public let capacity: Int
  /// Decimals of the base units (8: 10^-8 BTC).
  public let baseScale: UInt8
  /// Trades of at least this many base units are large; nil for none.
  public private(set) var largeUnits: Int64?
  /// Per instrument: trades whose size could not be converted (a quanto contract without a
  /// rate, numbers out of range): counted, not shown.
  public private(set) var unconverted: [Int]
  /// Per instrument: quote per whole settlement asset, for quanto contracts.
  public private(set) var settleRates: [FixedDecimal?]

  // The ring, oldest at `head`.
  private var ring: [TapeEntry]
  private var head = 0
  public private(set) var count = 0

  /// One second's volume of one instrument.
  private struct Bucket {
    var second: Int64 = .min
    var buy: Int64 = 0
    var sell: Int64 = 0
  }
  /// `volumes[instrument × 60 + second % 60]`.
  private var volumes: [Bucket]
  static let windowSeconds: Int64 = 60

  /// A tape of `instruments`, keeping `capacity` trades (at least 1); trades of `largeSize` or
  /// more of the base asset are large.
  public init(
    instruments: [InstrumentSpec], capacity: Int, baseScale: UInt8 = 8, largeSize: FixedDecimal? = nil
  ) {
    self.instruments = instruments
    self.capacity = max(1, capacity)
    self.baseScale = min(baseScale, FixedDecimal.maxScale)
    unconverted = Array(repeating: 0, count: instruments.count)
    settleRates = Array(repeating: nil, count: instruments.count)
    let blank = TapeEntry(
      instrument: 0, receivedAt: 0, wallMs: 0, price: .zero, baseUnits: 0, aggressor: .buy, isLarge: false)
    ring = Array(repeating: blank, count: self.capacity)
    volumes = Array(repeating: Bucket(), count: instruments.count * Int(Self.windowSeconds))
    setLargeSize(largeSize)
  }

  /// Trades of at least `size` of the base asset are large from now on (nil: none). The
  /// threshold in base units rounds up, so a trade is large only when it truly is.
  public mutating func setLargeSize(_ size: FixedDecimal?) {
    guard let size, size.mantissa > 0 else {
      largeUnits = nil
      return
    }
    let shift = Int(baseScale) - Int(size.scale)
    if shift >= 0 {
      // Past Int64: no trade is that large.
      largeUnits = WideMath.scaled(size.mantissa, by: shift) ?? .max
    } else {
      largeUnits = WideMath.pow10(-shift).map { WideMath.ceilDiv(size.mantissa, $0) } ?? 1
    }
  }

  /// The facts of `instrument` learned after the tape began (BitMEX's come with its instrument
  /// table): its next trades convert through them.
  public mutating func setSpec(_ spec: InstrumentSpec, instrument: Int) {
    guard instruments.indices.contains(instrument) else { return }
    instruments[instrument] = spec
  }

  /// The settlement rate a quanto instrument's sizes convert at.

  public mutating func setSettleRate(_ rate: FixedDecimal?, instrument: Int) {
    guard settleRates.indices.contains(instrument) else { return }
    settleRates[instrument] = rate
  }

  /// The `n`th newest trade (0: the newest), for `n` in `0..<count` (as an array's index).
  public func newest(_ n: Int) -> TapeEntry {
    ring[(head + count - 1 - n) % capacity]
  }

  /// Adds `trade` of instrument `instrument`, received at `receivedAt` (monotonic ns) and
  /// `wallMs`. Returns false, keeping nothing but a count, when its size cannot be converted or
  /// the instrument is unknown.
  @discardableResult
  public mutating func append(_ trade: VenueTrade, instrument: Int, receivedAt: Int64, wallMs: Int64) -> Bool
  {
    guard instruments.indices.contains(instrument) else { return false }
    let spec = instruments[instrument]
    guard
      let units = BaseConversion.units(
        size: trade.size, price: trade.price, contract: spec.contract, settle: spec.settle,
        settleRate: settleRates[instrument], baseScale: baseScale)
    else {
      unconverted[instrument] += 1
      return false
    }
    let entry = TapeEntry(
      instrument: instrument, receivedAt: receivedAt, wallMs: wallMs,
      price: trade.price.trimmed(toScale: spec.priceScale), baseUnits: units,
      aggressor: trade.aggressor, isLarge: largeUnits.map { units >= $0 } ?? false)
    addVolume(entry)
    insert(entry)
    return true
  }

  /// The buy and sell base units of `instrument` in the minute ending with the second of `now`.
  public func minuteVolume(instrument: Int, now: Int64) -> (buy: Int64, sell: Int64) {
    guard instruments.indices.contains(instrument) else { return (0, 0) }
    let second = WideMath.floorDiv(now, 1_000_000_000)
    var buy: Int64 = 0
    var sell: Int64 = 0
    let base = instrument * Int(Self.windowSeconds)
    for slot in 0..<Int(Self.windowSeconds) {
      let b = volumes[base + slot]
      guard b.second <= second, b.second > second - Self.windowSeconds else { continue }
      buy = ConsolidatedBook.adding(buy, b.buy)
      sell = ConsolidatedBook.adding(sell, b.sell)
    }
    return (buy, sell)
  }

  private mutating func addVolume(_ entry: TapeEntry) {
    let second = WideMath.floorDiv(entry.receivedAt, 1_000_000_000)
    let slot = entry.instrument * Int(Self.windowSeconds) + Int(second - WideMath.floorDiv(second, 60) * 60)
    if volumes[slot].second < second {
      volumes[slot] = Bucket(second: second)
    } else if volumes[slot].second > second {
      // Older than the minute the slot now holds: outside every window still asked for.
      return
    }
    if entry.aggressor == .buy {
      volumes[slot].buy = ConsolidatedBook.adding(volumes[slot].buy, entry.baseUnits)
    } else {
      volumes[slot].sell = ConsolidatedBook.adding(volumes[slot].sell, entry.baseUnits)
    }
  }

  /// Puts `entry` in arrival order: after every trade received at or before it.
  private mutating func insert(_ entry: TapeEntry) {
    // Where it goes, counted back from the newest (0: it is the newest).
    var back = 0
    while back < count, newest(back).receivedAt > entry.receivedAt { back += 1 }
    if back == count, count == capacity {
      // Older than everything kept in a full tape: it would leave at once.
      return
    }
    if count == capacity {
      // The oldest leaves.
      head = (head + 1) % capacity
      count -= 1
    }
    // Shift the `back` newer entries one place up, then write it under them.
    var i = count
    while i > count - back {
      ring[(head + i) % capacity] = ring[(head + i - 1) % capacity]
      i -= 1
    }
    ring[(head + count - back) % capacity] = entry
    count += 1
  }
}
