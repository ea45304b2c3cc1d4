/// A deterministic generator of modern-era BitMEX traffic on the full-depth `orderBookL2` table
/// (its inserts may take a side past 25 levels, which `orderBookL2_25` would refuse; price on every row,
/// arbitrary ids) whose deltas always fit the book it has sent, so replaying them never
/// faults: ~85 % order-book deltas of 1–10 rows, ~15 % trade messages.
struct SyntheticMarket {
  struct Level {
    var id: Int64
    var ticks: Int64
    var size: Int64
  }

  private var rng: SplitMix64
  private var bids: [Level] = []  // best first
  private var asks: [Level] = []  // best first
  private var nextID: Int64 = 62_400_000_000
  private let symbol = "XBTUSD"
  private let stamp = "\"timestamp\":\"2024-11-24T08:26:22.356Z\""

  init(seed: UInt64, levelsPerSide: Int = 25) {
    rng = SplitMix64(seed: seed)
    let mid: Int64 = 984_595  // 98,459.5 in 0.1 ticks
    for i in 0..<levelsPerSide {
      bids.append(Level(id: newID(), ticks: mid - 1 - Int64(i) * 2, size: randomSize()))
      asks.append(Level(id: newID(), ticks: mid + 1 + Int64(i) * 2, size: randomSize()))
    }
  }

  private mutating func newID() -> Int64 {
    nextID += Int64(rng.next() % 1_000 + 1)
    return nextID
  }

  private mutating func randomSize() -> Int64 { Int64(rng.next() % 500 + 1) * 100 }

  /// Rows per message: mostly one or two, sometimes up to ten.
  private mutating func rowCount() -> Int {
    let r = rng.next() % 100
    if r < 45 { return 1 }
    if r < 75 { return 2 }
    if r < 88 { return 3 }
    return Int(rng.next() % 7) + 4
  }

  private func price(_ ticks: Int64) -> String { "\(ticks / 10).\(ticks % 10)" }

  private func row(_ side: String, _ l: Level, withSize: Bool = true) -> String {
    let size = withSize ? ",\"size\":\(l.size)" : ""
    return
      "{\"symbol\":\"\(symbol)\",\"id\":\(l.id),\"side\":\"\(side)\"\(size),\"price\":\(price(l.ticks)),\(stamp)}"
  }

  private func message(_ action: String, _ rows: [String]) -> String {
    "{\"table\":\"orderBookL2\",\"action\":\"\(action)\",\"data\":[\(rows.joined(separator: ","))]}"
  }

  /// The partial for the current book.
  func partial() -> String {
    let rows = asks.reversed().map { row("Sell", $0) } + bids.map { row("Buy", $0) }
    return "{\"table\":\"orderBookL2\",\"action\":\"partial\",\"keys\":[\"symbol\",\"id\",\"side\"],"
      + "\"types\":{\"symbol\":\"symbol\",\"id\":\"long\",\"side\":\"symbol\",\"size\":\"long\",\"price\":\"float\","
      + "\"timestamp\":\"timestamp\"},\"filter\":{\"symbol\":\"\(symbol)\"},\"data\":["
      + rows.joined(separator: ",") + "]}"
  }

  /// The next message and whether it is an order-book delta.
  mutating func next() -> (text: String, isDelta: Bool) {
    if rng.next() % 100 < 15 { return (trade(), false) }
    let n = rowCount()
    let bid = rng.next() & 1 == 0
    let side = bid ? "Buy" : "Sell"
    var levels = bid ? bids : asks
    defer { if bid { bids = levels } else { asks = levels } }
    let r = rng.next() % 100
    if r < 70 || levels.count < 15 + n {
      if r >= 70 || levels.count > 35 {
        // Size changes at distinct levels, near the top more often.
        var rows: [String] = []
        var used = Set<Int>()
        while rows.count < n {
          let i = Int(rng.next() % UInt64(min(levels.count, rng.next() & 1 == 0 ? 5 : levels.count)))
          guard used.insert(i).inserted else { continue }
          levels[i].size = randomSize()
          rows.append(row(side, levels[i]))
        }
        return (message("update", rows), true)
      }
      // Inserts into free ticks inside the ladder or just beyond its end.
      var rows: [String] = []
      for _ in 0..<n {
        let worst = levels.last!.ticks
        let best = levels.first!.ticks
        var ticks =
          bid
          ? best - Int64(rng.next() % UInt64(best - worst + 6))
          : best + Int64(rng.next() % UInt64(worst - best + 6))
        while levels.contains(where: { $0.ticks == ticks }) { ticks += bid ? -1 : 1 }
        let l = Level(id: newID(), ticks: ticks, size: randomSize())
        levels.append(l)
        levels.sort { bid ? $0.ticks > $1.ticks : $0.ticks < $1.ticks }
        rows.append(row(side, l))
      }
      return (message("insert", rows), true)
    }
    // Deletes of levels other than the best (the book never empties or crosses).
    var rows: [String] = []
    for _ in 0..<n {
      let i = 1 + Int(rng.next() % UInt64(levels.count - 1))
      rows.append(row(side, levels[i], withSize: false))
      levels.remove(at: i)
    }
    return (message("delete", rows), true)
  }

  private mutating func trade() -> String {
    let n = rng.next() % 3 == 0 ? 2 : 1
    let buy = rng.next() & 1 == 0
    let l = buy ? asks[0] : bids[0]
    var rows: [String] = []
    for _ in 0..<n {
      let id = String(rng.next() & 0xFFFF_FFFF_FFFF, radix: 16)
      let match = "00000000-006d-1000-0000-" + String(repeating: "0", count: 12 - id.count) + id
      rows.append(
        "{\"timestamp\":\"2024-11-24T08:15:38.704Z\",\"symbol\":\"\(symbol)\",\"side\":\"\(buy ? "Buy" : "Sell")\","
          + "\"size\":100,\"price\":\(price(l.ticks)),\"tickDirection\":\"ZeroPlusTick\",\"trdMatchID\":\"\(match)\","
          + "\"grossValue\":101450,\"homeNotional\":0.0010145,\"foreignNotional\":100.0,\"trdType\":\"Regular\"}"
      )
    }
    return "{\"table\":\"trade\",\"action\":\"insert\",\"data\":[\(rows.joined(separator: ","))]}"
  }

  /// A partial of `levels` levels in all, half per side, for the big-snapshot figure.
  static func bigPartial(levels: Int) -> String {
    var rows: [String] = []
    rows.reserveCapacity(levels)
    var id: Int64 = 234_027_000_000
    for i in 0..<(levels / 2) {
      id += 7
      let t = Int64(984_596 + i)
      rows.append(
        "{\"symbol\":\"XBTUSD\",\"id\":\(id),\"side\":\"Sell\",\"size\":\(100 * (i % 97 + 1)),\"price\":\(t / 10).\(t % 10),\"timestamp\":\"2026-09-02T07:44:44.033Z\"}"
      )
    }
    for i in 0..<(levels / 2) {
      id += 7
      let t = Int64(984_595 - i)
      rows.append(
        "{\"symbol\":\"XBTUSD\",\"id\":\(id),\"side\":\"Buy\",\"size\":\(100 * (i % 89 + 1)),\"price\":\(t / 10).\(t % 10),\"timestamp\":\"2026-09-02T07:44:44.033Z\"}"
      )
    }
    return
      "{\"table\":\"orderBookL2\",\"action\":\"partial\",\"keys\":[\"symbol\",\"id\",\"side\"],\"filter\":{\"symbol\":\"XBTUSD\"},\"data\":["
      + rows.joined(separator: ",") + "]}"
  }
}

/// A small, fast, seedable generator (Steele, Lea and Flood's SplitMix64).
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
