#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The wall watch: significant changes to the resting book as they happen. A level of at least
/// `threshold` contracts near the top of the book is a wall; the watch says when one is added,
/// and when it goes whether it was pulled (cancelled) or eaten (the tape traded at its price,
/// or through it).
///
/// The threshold is fixed per symbol when the user set one, else automatic: the top 1 % of the
/// level sizes seen near the top of the book over the last few minutes (a log-scale histogram
/// sampled once a second, halved every minute).
///
/// Pure and allocation-free per update: the walls, the events and the histogram live in
/// storage sized once. Times are the caller's clock in milliseconds (wall-clock, as the tape's).
public struct WallWatch: Sendable {
  /// What happened to a wall.
  public enum Change: Sendable, Hashable {
    case added
    case pulled
    case eaten
  }

  /// One line of the watch.
  public struct Event: Sendable, Hashable {
    public var change: Change
    /// The side the level rests on (`.buy`: a bid).
    public var side: Side
    public var price: Double
    /// The wall's size: when added, its size then; when gone, the most it held.
    public var size: Int64
    /// Its distance from the mid price then, in basis points.
    public var distanceBps: Double?
    /// How long it rested (pulled or eaten); nil when added.
    public var restedMs: Int64?
    public var timeMs: Int64

    public init(
      change: Change, side: Side, price: Double, size: Int64, distanceBps: Double?, restedMs: Int64?,
      timeMs: Int64
    ) {
      self.change = change
      self.side = side
      self.price = price
      self.size = size
      self.distanceBps = distanceBps
      self.restedMs = restedMs
      self.timeMs = timeMs
    }
  }

  private struct Wall: Sendable {
    var side: Side
    var price: Double
    var peak: Int64
    var lastSize: Int64
    var sinceMs: Int64
    /// Contracts the tape traded at its price (the aggressor on the other side).
    var traded: Int64 = 0
    /// A trade printed through its price (beyond it, on its side).
    var tradedThrough = false
    /// When it left the book; it is told pulled or eaten `grace` later, once the trades that
    /// took it (which may come after the book's delta) are in.
    var goneAtMs: Int64?
    var goneMid: Double?
    /// Since when the price has been deeper than the watched levels (the market moved away).
    var awaySinceMs: Int64?
  }

  /// How long a wall the market moved away from is remembered (when the price comes back to
  /// it, it is the same wall, still resting, not a new one).
  public static let rememberAwayMs: Int64 = 60_000

  /// Levels per side watched, from the best.
  public let depth: Int
  /// How long a gone wall waits for the trades that may explain it.
  public let graceMs: Int64
  /// The user's threshold for this symbol (contracts); nil for the automatic one.
  public var fixedThreshold: Int64?
  private var walls: [Wall] = []
  private var ring: NewestRing<Event>
  /// How many events are kept.
  public var capacity: Int { ring.capacity }
  /// Events recorded since the watch started (the ring keeps the last `capacity`).
  public var recorded: Int { ring.appended }
  /// Counts of level sizes by log bucket (four per doubling).
  private var histogram: [Double]
  private var histogramTotal = 0.0
  private var sampledAtMs: Int64?
  private var decayedAtMs: Int64?
  /// Whether the book was seen once since the last reset: the walls already in it then are not
  /// news (a partial is not a wall being added).
  private var primed = false

  private static let sides: [Side] = [.buy, .sell]
  static let bucketsPerDoubling = 4.0
  static let bucketCount = 4 * 48

  public init(depth: Int = 25, graceMs: Int64 = 1_500, capacity: Int = 200, fixedThreshold: Int64? = nil) {
    self.depth = depth
    self.graceMs = graceMs
    ring = NewestRing(capacity: capacity)
    self.fixedThreshold = fixedThreshold
    histogram = Array(repeating: 0, count: Self.bucketCount)
    walls.reserveCapacity(4 * depth)
  }

  /// The size from which a level is a wall: the user's, else the automatic one (nil until a
  /// few hundred level sizes were seen).
  public var threshold: Int64? { fixedThreshold ?? autoThreshold }

  /// The top 1 % of the level sizes seen lately (worked out when the histogram changes, at most
  /// once a second, not at each book update that reads it).
  public private(set) var autoThreshold: Int64?

  private static func topPercent(_ histogram: [Double], total histogramTotal: Double) -> Int64? {
    guard histogramTotal >= 200 else { return nil }
    var above = 0.0
    var bucket = Self.bucketCount - 1
    while bucket > 0 {
      above += histogram[bucket]
      if above >= histogramTotal * 0.01 { break }
      bucket -= 1
    }
    return max(1, Int64(Self.lowerBound(of: bucket).rounded(.up)))
  }

  /// The events, newest first.
  public var events: [Event] { ring.newestFirst }

  /// Calls `body` for each event, newest first; stop by returning false.
  public func forEachEvent(_ body: (Event) -> Bool) { ring.forEachNewestFirst(body) }

  /// Per-symbol thresholds from `SYMBOL=CONTRACTS` specs (`--wall-size ETHUSD=250000`), or what
  /// is wrong with the first bad one.
  public static func thresholds(_ specs: [String]) -> Result<[Symbol: Int64], ThresholdError> {
    var out: [Symbol: Int64] = [:]
    for spec in specs {
      let parts = spec.split(separator: "=", omittingEmptySubsequences: false)
      guard parts.count == 2, !parts[0].isEmpty, let symbol = Symbol(String(parts[0])) else {
        return .failure(ThresholdError(spec: spec, reason: "is not SYMBOL=CONTRACTS"))
      }
      guard let size = Int64(parts[1]), size > 0 else {
        return .failure(ThresholdError(spec: spec, reason: "needs a whole number of contracts above 0"))
      }
      out[symbol] = size
    }
    return .success(out)
  }

  /// A threshold spec that does not read.
  public struct ThresholdError: Error, Sendable, Hashable, CustomStringConvertible {
    public var spec: String
    public var reason: String
    public var description: String { "\(spec) \(reason)" }
  }

  /// Whether a resting wall sits at `price` on `side` now.
  public func isWall(_ side: Side, price: Double) -> Bool {
    walls.contains { $0.goneAtMs == nil && $0.side == side && Self.same($0.price, price) }
  }

  /// The prices of the walls resting now on both sides; empty without allocating when none
  /// rests (the book asks at every frame).
  public var restingPrices: Set<Double> {
    guard walls.contains(where: { $0.goneAtMs == nil }) else { return [] }
    var prices = Set<Double>()
    for wall in walls where wall.goneAtMs == nil { prices.insert(wall.price) }
    return prices
  }

  /// Forget the book (a new symbol, or a fresh partial after a resync): the walls in the next
  /// book seen are taken as they are, not as added. Events and the size history stay, unless
  /// `everything` (a new symbol).
  public mutating func reset(everything: Bool = false) {
    walls.removeAll(keepingCapacity: true)
    primed = false
    guard everything else { return }
    ring.removeAll()
    for i in histogram.indices { histogram[i] = 0 }
    histogramTotal = 0
    autoThreshold = nil
    sampledAtMs = nil
    decayedAtMs = nil
  }

  /// Takes trades just printed (any order): a trade at a wall's price, by the other side, eats
  /// into it; one beyond its price went through it.
  public mutating func observe(trade: Trade) {
    guard let aggressor = trade.side else { return }
    for i in walls.indices where walls[i].side != aggressor {
      let price = walls[i].price
      if Self.same(trade.price, price) {
        walls[i].traded += trade.size
      } else if walls[i].side == .buy ? trade.price < price : trade.price > price {
        walls[i].tradedThrough = true
      }
    }
  }

  /// Looks at the book after a change: walls added, changed, gone; gone walls past their grace
  /// told pulled or eaten. Made for `PriceBook` (every market's book) as well as generic, so
  /// that its walks of the levels are inlined rather than a call per level through a closure.
  @_specialize(where Book == PriceBook)
  public mutating func observe<Book: BookLevels>(book: Book, nowMs: Int64) {
    sample(book, nowMs: nowMs)
    settle(nowMs: nowMs)
    guard let limit = threshold, let mid = book.mid else { return }
    // Walls resting: still there, smaller than a wall now, gone, or out of the watched depth.
    var i = 0
    while i < walls.count {
      guard walls[i].goneAtMs == nil else {
        i += 1
        continue
      }
      let (size, inView) = Self.size(book, walls[i].side, walls[i].price, depth: depth)
      if let size, size >= limit {
        walls[i].lastSize = size
        walls[i].peak = max(walls[i].peak, size)
        walls[i].awaySinceMs = nil
      } else if inView, walls[i].awaySinceMs != nil {
        // Back in view and gone: it went while out of view, when and how is not known.
        walls.swapAt(i, walls.count - 1)
        walls.removeLast()
        continue
      } else if inView {
        walls[i].goneAtMs = nowMs
        walls[i].goneMid = mid
      } else {
        // The price moved away: neither pulled nor eaten; remembered for a while, then dropped.
        let away = walls[i].awaySinceMs ?? nowMs
        walls[i].awaySinceMs = away
        if nowMs - away > Self.rememberAwayMs {
          walls.swapAt(i, walls.count - 1)
          walls.removeLast()
          continue
        }
      }
      i += 1
    }
    // New walls.
    for side in Self.sides {
      book.forEachLevel(side, limit: depth) { level in
        if level.size >= limit, !isWall(side, price: level.price) {
          walls.append(
            Wall(side: side, price: level.price, peak: level.size, lastSize: level.size, sinceMs: nowMs))
          if primed {
            record(
              Event(
                change: .added, side: side, price: level.price, size: level.size,
                distanceBps: Self.bps(level.price, mid), restedMs: nil, timeMs: nowMs))
          }
        }
        return true
      }
    }
    primed = true
  }

  /// Tells the gone walls whose grace is over pulled or eaten (call with the clock's time even
  /// when the book did not change, so the verdict is not kept waiting).
  public mutating func settle(nowMs: Int64) {
    var i = 0
    while i < walls.count {
      guard let gone = walls[i].goneAtMs, nowMs - gone >= graceMs else {
        i += 1
        continue
      }
      let w = walls[i]
      let eaten = w.tradedThrough || w.traded * 2 >= w.lastSize
      record(
        Event(
          change: eaten ? .eaten : .pulled, side: w.side, price: w.price, size: w.peak,
          distanceBps: w.goneMid.map { Self.bps(w.price, $0) }, restedMs: gone - w.sinceMs, timeMs: gone))
      walls.swapAt(i, walls.count - 1)
      walls.removeLast()
    }
  }

  // MARK: Inside

  private mutating func record(_ event: Event) { ring.append(event) }

  /// Adds the watched levels' sizes to the histogram, at most once a second; halves it every
  /// minute, so that the last few minutes count.
  @_specialize(where Book == PriceBook)
  private mutating func sample<Book: BookLevels>(_ book: Book, nowMs: Int64) {
    if let last = sampledAtMs, nowMs - last < 1_000 { return }
    sampledAtMs = nowMs
    if let decayed = decayedAtMs {
      if nowMs - decayed >= 60_000 {
        for b in histogram.indices { histogram[b] *= 0.5 }
        histogramTotal *= 0.5
        decayedAtMs = nowMs
      }
    } else {
      decayedAtMs = nowMs
    }
    for side in Self.sides {
      book.forEachLevel(side, limit: depth) { level in
        histogram[Self.bucket(of: level.size)] += 1
        histogramTotal += 1
        return true
      }
    }
    autoThreshold = Self.topPercent(histogram, total: histogramTotal)
  }

  static func bucket(of size: Int64) -> Int {
    guard size > 1 else { return 0 }
    let b = Int((log2(Double(size)) * bucketsPerDoubling).rounded(.down))
    return min(bucketCount - 1, max(0, b))
  }

  static func lowerBound(of bucket: Int) -> Double {
    exp2(Double(bucket) / bucketsPerDoubling)
  }

  /// The size at `price` on `side` within the top `depth` levels, and whether the price is
  /// within them (between the best and the deepest watched level).
  @_specialize(where Book == PriceBook)
  private static func size<Book: BookLevels>(
    _ book: Book, _ side: Side, _ price: Double, depth: Int
  ) -> (Int64?, Bool) {
    var found: Int64?
    var deepest: Double?
    book.forEachLevel(side, limit: depth) { level in
      deepest = level.price
      if same(level.price, price) {
        found = level.size
        return false
      }
      // Past its price: it is not there.
      return side == .buy ? level.price > price : level.price < price
    }
    if found != nil { return (found, true) }
    guard let deepest else { return (nil, false) }
    let within = side == .buy ? price >= deepest : price <= deepest
    // A price better than the best is within view too (the level was taken out from the top).
    return (nil, within)
  }

  static func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(a)) }

  static func bps(_ price: Double, _ mid: Double) -> Double {
    mid > 0 ? abs(price - mid) / mid * 10_000 : 0
  }
}
