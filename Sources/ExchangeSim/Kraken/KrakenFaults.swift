/// Faults of the Kraken dialect, set in `SimFaults.kraken` (or with `--fault kraken-…`). Its
/// sessions obey the shared faults too: `dropAfter`, `stallAfter`, `garbageEvery`, the upgrade
/// refusals, and the run-time `dropConnections()`, `stallConnections()`, `sendGarbage(_:)`.
///
/// Timed faults apply to sessions that open while they are set.
public struct KrakenFaults: Sendable, Hashable {
  /// This many seconds after a session opens, the next book update it gets carries a wrong
  /// checksum (once per session): the client must resubscribe that book.
  public var badChecksumAfter: Double?
  /// This many seconds after a session opens, it gets `Exceeded msg rate` and its connection is
  /// closed without a close frame, as Kraken's edge does (the client sees 1006).
  public var rateLimitAfter: Double?
  /// Every this many seconds a session is open, a level is inserted inside the top ten of each
  /// book it follows, pushing the level at the edge of its depth out, with no delete for it.
  public var pushOutEvery: Double?
  /// A session that sends more than this many messages within one second gets `Exceeded msg
  /// rate` and is closed, as above (Kraken's limit on a client's requests).
  public var maxMessagesPerSecond: Int?

  public init() {}

  /// The specifications `apply(spec:)` understands, one per line, for `--help`.
  public static let specHelp = """
    kraken-bad-checksum-after=S  Kraken: one book update with a wrong checksum S s
                           after each session opens
    kraken-rate-limit-after=S  Kraken: "Exceeded msg rate", then the connection
                           closes (no close frame), S s after each session opens
    kraken-push-out-every=S  Kraken: every S s push a level out of each subscribed
                           depth (a level inserted inside, no delete for the edge)
    kraken-msg-rate=N      Kraken: more than N client messages within a second
                           gets "Exceeded msg rate" and the close
    """

  /// Turns on the Kraken fault `spec` names; false when it names none (it is another fault).
  mutating func apply(spec: String) throws(SimFaults.SpecError) -> Bool {
    let parts = spec.split(separator: "=", maxSplits: 1).map(String.init)
    let name = parts.first ?? ""
    guard name.hasPrefix("kraken-") else { return false }
    if name == "kraken-msg-rate" {
      guard parts.count == 2, let n = Int(parts[1]), n > 0 else {
        throw SimFaults.SpecError(spec: spec, expected: "kraken-msg-rate=COUNT (> 0)")
      }
      maxMessagesPerSecond = n
      return true
    }
    guard parts.count == 2, let s = Double(parts[1]), s.isFinite, s >= 0 else {
      throw SimFaults.SpecError(spec: spec, expected: "\(name)=SECONDS")
    }
    switch name {
    case "kraken-bad-checksum-after": badChecksumAfter = s
    case "kraken-rate-limit-after": rateLimitAfter = s
    case "kraken-push-out-every":
      guard s > 0 else {
        throw SimFaults.SpecError(spec: spec, expected: "kraken-push-out-every=SECONDS (> 0)")
      }
      pushOutEvery = s
    default:
      throw SimFaults.SpecError(spec: spec, expected: "one of:\n\(Self.specHelp)")
    }
    return true
  }
}
