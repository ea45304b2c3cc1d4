/// A diff depth stream's gathering of changes: every change of the book until the window ends
/// (`@depth@100ms`: every 100 ms of market time; `@depth@0ms`: every market tick), then one
/// update with the first and last ids of the changes and each level's latest quantity.
///
/// A window gathers only while a stream of it is open (nothing else reads it, and the simulator's
/// benchmark bursts step the market with no Binance client at all); its boundaries are the same
/// for every client, so one that connects in the middle of a window gets its update with the
/// window's `U`, or the first id after it connected.
struct BinanceDepthWindow: Sendable {
  let intervalMs: Int
  /// The streams of this window open now.
  private(set) var listeners = 0
  private(set) var nextFlushMs: Int64
  private var first: UInt64?
  private var last: UInt64 = 0
  private var bids: [Int64: Int64] = [:]
  private var asks: [Int64: Int64] = [:]
  /// The final id of the last update this window's stream made (`pu` of the next).
  private(set) var previousFinal: UInt64

  init(intervalMs: Int, startMs: Int64, lastID: UInt64) {
    self.intervalMs = intervalMs
    nextFlushMs = Self.boundary(after: startMs, intervalMs)
    previousFinal = lastID
  }

  /// The first window boundary after `t` (every tick for a 0 ms window).
  private static func boundary(after t: Int64, _ interval: Int) -> Int64 {
    guard interval > 0 else { return t }
    let i = Int64(interval)
    return (t / i + 1) * i
  }

  /// One more (`delta` 1) or one fewer (-1) stream of this window; when the last goes, what was
  /// gathered is dropped.
  mutating func listen(by delta: Int) {
    listeners = max(0, listeners + delta)
    guard listeners == 0 else { return }
    // What was gathered went to no one, yet its ids are spent: the next update links after them.
    if first != nil { previousFinal = last }
    first = nil
    bids.removeAll()
    asks.removeAll()
  }

  /// One change, with the update id it got (not gathered while no stream of the window is open;
  /// its id is spent all the same, so the next update's `pu` is the id just before its `U`, as
  /// on Binance, where the stream runs whether anyone listens or not).
  mutating func record(bid: Bool, _ level: BinanceLevel, id: UInt64) {
    guard listeners > 0 else { return spent(id) }
    if first == nil { first = id }
    last = id
    if bid { bids[level.ticks] = level.qty } else { asks[level.ticks] = level.qty }
  }

  /// A change no stream of the window takes: its id is spent (the next update links after it).
  mutating func spent(_ id: UInt64) {
    if listeners == 0 { previousFinal = id }
  }

  /// The update of the window that ends at `t` (or at once with `now`), if it changed anything;
  /// the next window starts.
  mutating func flush(at t: Int64, now: Bool) -> BinanceDepthEvent? {
    guard now || t >= nextFlushMs else { return nil }
    nextFlushMs = Self.boundary(after: t, intervalMs)
    guard let first else { return nil }
    let event = BinanceDepthEvent(
      first: first, last: last, previous: previousFinal,
      bids: bids.map { BinanceLevel(ticks: $0.key, qty: $0.value) }.sorted { $0.ticks > $1.ticks },
      asks: asks.map { BinanceLevel(ticks: $0.key, qty: $0.value) }.sorted { $0.ticks < $1.ticks })
    previousFinal = last
    self.first = nil
    bids.removeAll(keepingCapacity: true)
    asks.removeAll(keepingCapacity: true)
    return event
  }
}
