import ExchangeSim
import Feed
import Foundation
import MarketModel
import Session

/// What the fault suite counts from the outside. `FeedStatus` carries no running totals, so the
/// harness derives them from what the UI side saw: every status, every decode error, every fault.
extension FeedHarness {
  /// Reconnect waits seen: the distinct `.reconnecting` spells among the statuses (each failure
  /// schedules its own `nextTryAt`). A lower bound of the failures: a wait shorter than one drain
  /// can go unseen; the simulator's counters have the exact numbers.
  var reconnectsSeen: Int {
    var seen = Set<MonotonicTime>()
    for status in statuses {
      if case .reconnecting(_, let next, _, _) = status.state { seen.insert(next) }
    }
    return seen.count
  }

  /// The reconnect waits seen of one kind (`.rateLimited`, `.hourlyLimit`, …), first status of each.
  func reconnectWaits(_ wait: ConnectionState.Wait) -> [FeedStatus] {
    var seen = Set<MonotonicTime>()
    return statuses.filter { status in
      guard case .reconnecting(_, let next, _, let w) = status.state, w == wait else { return false }
      return seen.insert(next).inserted
    }
  }

  /// Resyncs the UI asked for (one per integrity fault).
  var resyncs: Int { resyncsPosted.count }

  /// Frames the feed skipped as undecodable.
  var skippedFrames: Int { decodeErrors }

  /// Drains and applies for `seconds`, whatever happens.
  func run(for seconds: Double) {
    let deadline = MonotonicTime.now() + seconds
    while true {
      let left = deadline - MonotonicTime.now()
      if left <= 0 { return }
      pump(wait: min(left, 0.02))
    }
  }
}
