/// The Coinbase, Bybit and OKX dialects' own faults and switches (the BitMEX session faults —
/// drop, stall, garbage — apply to their connections too).
public struct FollowerFaults: Sendable, Hashable {
  /// This many seconds after each Coinbase, Bybit or OKX connection opens, its next sequenced
  /// message is lost: Coinbase skips a `sequence_num`, Bybit and OKX leave out a book delta.
  public var gapAfter: Double?
  /// Coinbase's BTC-USD book holds 23,000 levels a side: its `level2` snapshot is one frame of
  /// 46,000 levels, about 5 MB, as the real one is (set before `start()`).
  public var bigCoinbaseSnapshot = false
  /// Seconds without a client message after which OKX closes the connection (30, as OKX does).
  public var okxIdleClose: Double = 30
  /// OKX's `books` sends no snapshot, updates only: a client must bridge the REST book
  /// (`/api/v5/market/books`) to them.
  public var okxNoSnapshot = false
  /// How often Coinbase's `ticker_batch` goes out, in seconds (5, as Coinbase sends it; shorter in
  /// tests).
  public var coinbaseTickerBatchSeconds: Double = 5
  /// Bybit refuses every `allLiquidation` topic (`error:handler not found`), as a venue refuses a
  /// stream it does not offer; the request's other topics are refused with it.
  public var bybitRefuseLiquidations = false

  public init() {}

  /// The specifications `apply(spec:)` understands, for `--help`.
  public static let specHelp = """
    venue-gap-after=S      Coinbase, Bybit, OKX: lose each connection's next
                           sequenced message S s after it opens (a gap)
    coinbase-big-snapshot  a Coinbase BTC-USD level2 snapshot of 46,000 levels
    okx-idle-close=S       OKX closes after S s without a client message (30)
    okx-no-snapshot        OKX books: updates only, no snapshot (bridge REST)
    coinbase-ticker-batch=S
                           Coinbase's ticker_batch every S s (5)
    bybit-refuse-liquidations
                           Bybit refuses allLiquidation topics (and the
                           rest of the request that asks for one)
    """

  /// Turns on the fault `spec` names, if it is one of these: true when it was.
  mutating func apply(spec: String) throws(SimFaults.SpecError) -> Bool {
    let parts = spec.split(separator: "=", maxSplits: 1).map(String.init)
    func seconds() throws(SimFaults.SpecError) -> Double {
      // At most a day: the periods become whole milliseconds and deadlines (a larger one trapped).
      guard parts.count == 2, let s = Double(parts[1]), s.isFinite, s >= 0, s <= 86_400 else {
        throw SimFaults.SpecError(spec: spec, expected: "\(parts[0])=SECONDS (0 to 86400)")
      }
      return s
    }
    switch parts.first {
    case "venue-gap-after": gapAfter = try seconds()
    case "coinbase-big-snapshot": bigCoinbaseSnapshot = true
    case "okx-no-snapshot": okxNoSnapshot = true
    case "bybit-refuse-liquidations": bybitRefuseLiquidations = true
    case "coinbase-ticker-batch":
      let s = try seconds()
      guard s > 0 else {
        throw SimFaults.SpecError(spec: spec, expected: "coinbase-ticker-batch=SECONDS (> 0)")
      }
      coinbaseTickerBatchSeconds = s
    case "okx-idle-close":
      let s = try seconds()
      guard s > 0 else { throw SimFaults.SpecError(spec: spec, expected: "okx-idle-close=SECONDS (> 0)") }
      okxIdleClose = s
    default: return false
    }
    return true
  }
}
