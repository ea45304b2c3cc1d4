/// The resting book over time, for the liquidity heatmap: a fixed ring of columns, each a
/// moment (`momentMs`), each holding the size resting in `rows` price bands of `step` around
/// that moment's mid, and the last price traded in that moment.
///
/// Memory is fixed when it is made (`columns × rows` sizes), the oldest moment is overwritten
/// by the newest, and `update` allocates nothing: it rewrites the current column in place.
/// Row `rows / 2` of a column holds its `centre` (the mid rounded to the band); row `r` holds
/// the levels within half a band of `centre + (r - rows / 2) × step`.
public struct LiquidityHeatmap: Sendable {
  /// Moments kept.
  public let columns: Int
  /// Price bands per moment.
  public let rows: Int
  /// The length of a moment.
  public let momentMs: Int64
  /// The price per band (0 before the first update).
  public private(set) var step: Double = 0
  /// Moments held (at most `columns`).
  public private(set) var count = 0
  /// How many times every moment was forgotten (`removeAll`): with `newestMoment` and `count`,
  /// it tells whether the moments before the newest are the ones a view last drew.
  public private(set) var generation = 0

  // The ring: column `c` of moment `moments[c]` has sizes `sizes[c*rows ..< (c+1)*rows]`.
  private var sizes: [Float]
  private var centres: [Double]
  private var traded: [Double]
  private var moments: [Int64]
  // The ring index of the newest column.
  private var newest = 0

  public init(columns: Int = 600, rows: Int = 96, momentMs: Int64 = 1_000) {
    precondition(columns > 0 && rows > 0 && momentMs > 0, "LiquidityHeatmap needs a positive size")
    self.columns = columns
    self.rows = rows
    self.momentMs = momentMs
    sizes = Array(repeating: 0, count: columns * rows)
    centres = Array(repeating: .nan, count: columns)
    traded = Array(repeating: .nan, count: columns)
    moments = Array(repeating: .min, count: columns)
  }

  /// Forgets every moment (a new symbol, a new band size, or time going back).
  public mutating func removeAll() {
    count = 0
    newest = 0
    generation &+= 1
  }

  /// The moment holding `timeMs`.
  public func moment(_ timeMs: Int64) -> Int64 {
    timeMs >= 0 ? timeMs / momentMs : (timeMs - momentMs + 1) / momentMs
  }

  /// Samples `book` for the moment of `timeMs` with bands of `step`, and the last trade if
  /// it printed in that moment. A later moment opens a new column (moments skipped copy the
  /// previous one: the book did not change); an earlier one starts again.
  public mutating func update(
    book: some BookLevels, step: Double, timeMs: Int64, lastTrade: (price: Double, timeMs: Int64)?
  ) {
    // The mid from the best levels (`BookLevels.mid` allocates in debug builds).
    guard step > 0, step.isFinite, let bid = book.level(.buy, 0), let ask = book.level(.sell, 0) else {
      return
    }
    let mid = (bid.price + ask.price) / 2
    guard mid.isFinite else { return }
    if step != self.step {
      self.step = step
      removeAll()
    }
    let now = moment(timeMs)
    if count > 0 && now < moments[newest] { removeAll() }
    if count == 0 {
      newest = 0
      count = 1
      moments[0] = now
      traded[0] = .nan
    } else if now > moments[newest] {
      let gap = now - moments[newest]
      // Skipped moments repeat the last column (at most a ring's worth is worth writing).
      let fill = Int(min(gap - 1, Int64(columns - 1)))
      for k in 0..<fill { advance(to: now - Int64(fill - k), copying: true) }
      advance(to: now, copying: false)
    }
    // The current column, rewritten from the book.
    let base = newest * rows
    for r in 0..<rows { sizes[base + r] = 0 }
    let centre = (mid / step).rounded() * step
    centres[newest] = centre
    let half = rows / 2
    // Each side from the best outwards, until a level falls outside the bands.
    // Indexed, not through a closure, and no array of sides: the update allocates nothing.
    add(book, .buy, base: base, centre: centre, half: half)
    add(book, .sell, base: base, centre: centre, half: half)
    if let trade = lastTrade, moment(trade.timeMs) == now, trade.price.isFinite {
      traded[newest] = trade.price
    }
  }

  // Adds `side`'s levels from the best outwards, until one falls outside the bands.
  private mutating func add(_ book: some BookLevels, _ side: Side, base: Int, centre: Double, half: Int) {
    var n = 0
    while let level = book.level(side, n) {
      // Checked before `Int(_:)`: a server's price of 1e300 is bands beyond Int.
      let offset = ((level.price - centre) / step).rounded()
      guard offset.isFinite, abs(offset) <= Double(rows) else { return }
      let r = half + Int(offset)
      guard r >= 0 && r < rows else { return }
      sizes[base + r] += Float(level.size)
      n += 1
    }
  }

  // Moves the ring on one column for `moment`, copying the previous column or clearing it.
  private mutating func advance(to moment: Int64, copying: Bool) {
    let previous = newest
    newest = (newest + 1) % columns
    count = min(count + 1, columns)
    moments[newest] = moment
    traded[newest] = .nan
    centres[newest] = centres[previous]
    let from = previous * rows
    let to = newest * rows
    for r in 0..<rows { sizes[to + r] = copying ? sizes[from + r] : 0 }
  }

  /// The newest moment held, if any.
  public var newestMoment: Int64? { count > 0 ? moments[newest] : nil }

  /// The column `back` moments before the newest (0: the newest), if held and not skipped.
  private func index(back: Int) -> Int? {
    guard back >= 0 && back < count else { return nil }
    return (newest - back + columns) % columns
  }

  /// The size resting within half a band of `price` `back` moments before the newest.
  public func size(back: Int, price: Double) -> Float {
    guard let c = index(back: back), step > 0 else { return 0 }
    let offset = ((price - centres[c]) / step).rounded()
    guard offset.isFinite, abs(offset) <= Double(rows) else { return 0 }
    let r = rows / 2 + Int(offset)
    guard r >= 0 && r < rows else { return 0 }
    return sizes[c * rows + r]
  }

  /// The price traded in the moment `back` before the newest (nil if none).
  public func tradedPrice(back: Int) -> Double? {
    guard let c = index(back: back), traded[c].isFinite else { return nil }
    return traded[c]
  }

  /// The mid's band of the moment `back` before the newest.
  public func centre(back: Int) -> Double? {
    guard let c = index(back: back) else { return nil }
    return centres[c]
  }

  /// The bytes the ring holds (fixed when made).
  public var storageBytes: Int {
    sizes.capacity * MemoryLayout<Float>.stride + (centres.capacity + traded.capacity) * 8 + moments.capacity
      * 8
  }
}
