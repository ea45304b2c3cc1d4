/// The Binance dialect's own faults (`SimFaults.binance`). The BitMEX dialect's session faults
/// (`dropAfter`, `stallAfter`, `garbageEvery`, `trickle`, the upgrade refusals) and the run-time
/// ones (`ExchangeSim.dropConnections()`, …) reach Binance connections too.
public struct BinanceFaults: Sendable, Hashable {
  /// Withhold this many diff depth updates (each from everyone it was going to): the stream
  /// that follows has a sequence gap (`U` ≠ previous `u` + 1, `pu` ≠ previous `u`).
  public var gaps = 0
  /// Answer this many REST depth requests with a snapshot older than the streams open now:
  /// its `lastUpdateId` is before their first update.
  public var staleSnapshots = 0
  /// Answer this many REST depth requests with the book as it was when the last diff depth update
  /// went out, so the next update starts right after the snapshot (spot's `U == L+1`; without it,
  /// `L+1` is mostly inside an update).
  public var boundarySnapshots = 0
  /// Overrides both markets' REST weight limit per minute (`BinanceSimConfig`): past it a
  /// request gets 429 with `Retry-After`, and one more before then 418 (an IP ban).
  public var weightLimit: Int?

  public init() {}
}
