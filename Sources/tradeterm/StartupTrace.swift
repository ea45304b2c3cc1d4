import Feed
import MarketModel
import Session

#if canImport(Glibc)
import Glibc
#endif

/// `TRADETERM_TRACE_FILE=PATH` (for `make bench`): appends, in `CLOCK_MONOTONIC` nanoseconds,
///
///     first-frame <ns>   the first frame is on the terminal (after its `doupdate`)
///     partial <ns>       the feed thread read the book partial that made the book live
///     book-drawn <ns>    the first frame showing that book is on the terminal
///
/// then writes nothing more. Unset, the dashboard runs exactly as without it.
struct StartupTrace {
  private var file: UnsafeMutablePointer<FILE>?
  private var drewFirstFrame = false
  private var partialAt: MonotonicTime?

  /// The trace the environment asks for, if any.
  static func fromEnvironment() -> StartupTrace? {
    guard let path = getenv("TRADETERM_TRACE_FILE").map({ String(cString: $0) }), !path.isEmpty,
      let file = fopen(path, "a")
    else { return nil }
    return StartupTrace(file: file)
  }

  /// Notes when the book partial for `symbol` in a drained batch arrived.
  mutating func drained(_ batch: MarketBatch, arrivals: [FrameArrival], symbol: Symbol) {
    guard file != nil, partialAt == nil else { return }
    for (index, event) in batch.events.enumerated() {
      guard case .book(let m) = event, m.action == .partial, m.filterSymbol.map({ $0 == symbol }) ?? true
      else { continue }
      partialAt = arrivals.last { $0.firstEvent <= index }?.at
      return
    }
  }

  /// A frame is on the terminal; `bookLive` if it shows a live book.
  mutating func drew(bookLive: Bool) {
    guard let file else { return }
    let now = MonotonicTime.now()
    if !drewFirstFrame {
      drewFirstFrame = true
      fputs("first-frame \(now.nanoseconds)\n", file)
      fflush(file)
    }
    if bookLive, let partialAt {
      fputs("partial \(partialAt.nanoseconds)\nbook-drawn \(now.nanoseconds)\n", file)
      fclose(file)
      self.file = nil
    }
  }
}
