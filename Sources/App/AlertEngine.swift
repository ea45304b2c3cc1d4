import MarketModel

/// The armed alerts and what each has seen. Pure: observations and the time in, fired alerts
/// out. A crossing alert fires when a fresh value is across its level after a fresh value on the
/// other side (so never on the first value seen, never on stale data, and once per crossing); it
/// fires again only when re-armed (`every`), after the value has gone back and the cool-down has
/// passed.
public struct AlertEngine: Sendable {
  public struct Armed: Sendable, Hashable {
    public var id: Int
    public var rule: AlertRule
    /// Where the config or the user put it (config alerts are not saved to the state file).
    public var fromConfig: Bool
    /// When it last fired (wall ms), nil while it has not.
    public var firedAtMs: Int64?
    /// Done for good (`once` after firing).
    public var spent: Bool = false
    /// Whether the condition held at the last fresh observation (nil before the first).
    var condition: Bool?
    /// For `move`: the window's prices as two monotonic queues (oldest first), whose first
    /// elements are the lowest and the highest.
    var lows: [(ms: Int64, price: Double)] = []
    var highs: [(ms: Int64, price: Double)] = []

    public static func == (a: Armed, b: Armed) -> Bool {
      a.id == b.id && a.rule == b.rule && a.fromConfig == b.fromConfig && a.firedAtMs == b.firedAtMs
        && a.spent == b.spent
    }
    public func hash(into h: inout Hasher) { h.combine(id) }

    /// armed, fired, or cooling down.
    public func state(nowMs: Int64) -> String {
      if spent { return "fired" }
      if case .every(let cooldown) = rule.rearm, let at = firedAtMs, Double(nowMs - at) < cooldown * 1000 {
        return "cooling"
      }
      return "armed"
    }
  }

  public private(set) var alerts: [Armed] = []
  private var nextID = 1

  public init() {}

  /// Arms `rule`; returns its id.
  @discardableResult
  public mutating func add(_ rule: AlertRule, fromConfig: Bool = false) -> Int {
    let id = nextID
    nextID += 1
    alerts.append(Armed(id: id, rule: rule, fromConfig: fromConfig))
    return id
  }

  /// Removes the alert `id`; returns whether there was one.
  @discardableResult
  public mutating func remove(id: Int) -> Bool {
    guard let i = alerts.firstIndex(where: { $0.id == id }) else { return false }
    alerts.remove(at: i)
    return true
  }

  /// The rules added live and still armed: what the state file keeps.
  public var persistent: [AlertRule] { alerts.filter { !$0.fromConfig && !$0.spent }.map(\.rule) }

  /// Whether an armed wall alert watches `symbol` of `venue` (only then does an observation need
  /// the book's levels).
  public func watchesWalls(_ symbol: Symbol, on venue: InstrumentID.Venue = .bitmex) -> Bool {
    alerts.contains {
      guard !$0.spent, $0.rule.symbol == symbol, $0.rule.venue == venue, case .wall = $0.rule.kind else {
        return false
      }
      return true
    }
  }

  /// The symbols of `venue` some alert watches.
  public func symbols(on venue: InstrumentID.Venue = .bitmex) -> Set<Symbol> {
    Set(alerts.filter { !$0.spent && $0.rule.venue == venue }.map(\.rule.symbol))
  }

  /// Looks at `observation` at `nowMs` (wall clock); returns the alerts that fire.
  public mutating func observe(_ observation: AlertObservation, nowMs: Int64) -> [FiredAlert] {
    var fired: [FiredAlert] = []
    for i in alerts.indices
    where alerts[i].rule.symbol == observation.symbol && alerts[i].rule.venue == observation.venue
      && !alerts[i].spent
    {
      if let hit = Self.check(&alerts[i], observation, nowMs: nowMs) {
        let rule = alerts[i].rule
        alerts[i].firedAtMs = nowMs
        if rule.rearm == .once { alerts[i].spent = true }
        fired.append(
          FiredAlert(
            id: alerts[i].id, rule: rule, atMs: nowMs, value: hit,
            message: Self.message(rule, value: hit, pair: observation.spreadPair)))
      }
    }
    return fired
  }

  /// Whether the alert may fire now (not spent, past its cool-down).
  private static func ready(_ a: Armed, nowMs: Int64) -> Bool {
    guard !a.spent else { return false }
    if case .every(let cooldown) = a.rule.rearm, let at = a.firedAtMs, Double(nowMs - at) < cooldown * 1000 {
      return false
    }
    return true
  }

  /// The value that makes `a` fire now, or nil.
  private static func check(_ a: inout Armed, _ o: AlertObservation, nowMs: Int64) -> Double? {
    switch a.rule.kind {
    case .above(let level, let source):
      let price = source == .last ? o.last : o.mark
      return crossing(&a, value: price, holds: { $0 >= level }, nowMs: nowMs)
    case .below(let level, let source):
      let price = source == .last ? o.last : o.mark
      return crossing(&a, value: price, holds: { $0 <= level }, nowMs: nowMs)
    case .fundingAbove(let level):
      return crossing(&a, value: o.funding, holds: { $0 >= level }, nowMs: nowMs)
    case .fundingBelow(let level):
      return crossing(&a, value: o.funding, holds: { $0 <= level }, nowMs: nowMs)
    case .trade(let size):
      guard ready(a, nowMs: nowMs) else { return nil }
      return o.trades.first { $0.size >= size }.map { Double($0.size) }
    case .wall(let size, let bps):
      var biggest: Double?
      if let mid = o.mid, mid > 0 {
        let near = o.levels.filter { abs($0.price - mid) / mid * 10_000 <= bps && $0.size >= size }
        biggest = near.map { Double($0.size) }.max()
      }
      // A live book with no such level clears the condition; no live book says nothing.
      guard o.mid != nil else { return nil }
      return crossing(&a, value: biggest ?? 0, holds: { $0 > 0 }, nowMs: nowMs, firstCounts: true)
    case .spread(let bps):
      // Fresh pairs that are not crossed enough clear the condition; no fresh pair says nothing.
      return crossing(&a, value: o.spreadBps, holds: { $0 >= bps }, nowMs: nowMs, firstCounts: true)
    case .move(let percent, let minutes):
      guard let price = o.last else { return nil }
      // A rule typed in or read from the state file is checked by the loader; still, a window
      // beyond Int64 is a window of for ever rather than a trap.
      let windowMs = minutes * 60_000
      let window = windowMs < 9e18 ? Int64(max(0, windowMs)) : Int64.max
      // The furthest a price in the window is from `price` is from its lowest or its highest:
      // two monotonic queues keep them (oldest first) without scanning every sample.
      while let first = a.lows.first, nowMs - first.ms > window { a.lows.removeFirst() }
      while let first = a.highs.first, nowMs - first.ms > window { a.highs.removeFirst() }
      let low = a.lows.first?.price
      let high = a.highs.first?.price
      let moved =
        (low.map { $0 > 0 && (price - $0) / $0 * 100 >= percent } ?? false)
        || (high.map { $0 > 0 && ($0 - price) / $0 * 100 >= percent } ?? false)
      if moved, ready(a, nowMs: nowMs) {
        // The move is spent: the next one is measured from here.
        a.lows = [(nowMs, price)]
        a.highs = [(nowMs, price)]
        return price
      }
      while let last = a.lows.last, last.price >= price { a.lows.removeLast() }
      a.lows.append((nowMs, price))
      while let last = a.highs.last, last.price <= price { a.highs.removeLast() }
      a.highs.append((nowMs, price))
      return nil
    }
  }

  /// Edge detection: fires when `holds(value)` becomes true after a fresh value for which it was
  /// false (or, with `firstCounts`, on the first value). A nil value (stale, unknown) changes
  /// nothing.
  private static func crossing(
    _ a: inout Armed, value: Double?, holds: (Double) -> Bool, nowMs: Int64, firstCounts: Bool = false
  ) -> Double? {
    guard let value else { return nil }
    let now = holds(value)
    let previous = a.condition
    a.condition = now
    guard now else { return nil }
    let wasFalse = previous == false || (previous == nil && firstCounts)
    guard wasFalse, ready(a, nowMs: nowMs) else { return nil }
    return value
  }

  static func message(_ rule: AlertRule, value: Double, pair: String? = nil) -> String {
    let v = AlertRule.number(value)
    switch rule.kind {
    case .above(let level, let source):
      return "\(rule.instrument) \(source.rawValue) \(v) crossed above \(AlertRule.number(level))"
    case .below(let level, let source):
      return "\(rule.instrument) \(source.rawValue) \(v) crossed below \(AlertRule.number(level))"
    case .move(let percent, let minutes):
      return
        "\(rule.instrument) moved \(AlertRule.number(percent))% within \(AlertRule.number(minutes))m, now \(v)"
    case .fundingAbove(let level):
      return
        "\(rule.instrument) funding \(AlertRule.percent(value))% above \(AlertRule.percent(level))%"
    case .fundingBelow(let level):
      return
        "\(rule.instrument) funding \(AlertRule.percent(value))% below \(AlertRule.percent(level))%"
    case .trade(let size): return "\(rule.instrument) trade of \(v) (>= \(size))"
    case .wall(let size, let bps):
      return "\(rule.instrument) wall of \(v) within \(AlertRule.number(bps)) bps (>= \(size))"
    case .spread(let bps):
      // The asset (`BTC`), not a venue's instrument: the alert watches every venue of it.
      let edge = AlertRule.number((value * 100).rounded() / 100)
      return "\(rule.symbol) crossed across venues by \(edge) bps (>= \(AlertRule.number(bps)))"
        + (pair.map { ": \($0)" } ?? "")
    }
  }
}
