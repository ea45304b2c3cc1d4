import App
import Feed
import MarketModel

/// `--once`: run the feed without a dashboard until the book is live (or a replay has
/// played out), print one snapshot, and exit: 0 on success, 1 on timeout or error (with
/// the last status on stderr).
struct OnceRunner {
  var options: FeedOptions
  /// "DEMO", "REPLAY" or "" (live).
  var mode: String
  var json: Bool
  var timeout: Double
  /// For a replay: wait until the exchange closes (the file has played out).
  var waitForEnd: Bool
  /// Where to check the symbol and learn its tick size (nil: do not ask).
  var restURL: String?

  func run() -> Int32 {
    let feed = MarketFeed(options)
    feed.start()
    defer { feed.stop() }
    let rest = restURL.map { RESTWorker(baseURL: $0, userAgent: options.userAgent) }
    rest?.start()
    rest?.request(.instrument(options.symbol))
    defer { rest?.stop() }
    guard let symbol = Symbol(options.symbol) else { return 2 }
    var state = MarketState(symbol: symbol)
    var batch = MarketBatch()
    var status: FeedStatus?
    var unknownSince: MonotonicTime?
    let deadline = MonotonicTime.now() + timeout
    while true {
      let now = MonotonicTime.now()
      if now >= deadline {
        printError("tradeterm: gave up after \(Format.fixed(timeout, 0)) s: \(describe(status))")
        return 1
      }
      feed.uiWake.wait(timeout: min(0.25, deadline - now))
      for result in rest?.drain() ?? [] {
        switch result {
        case .instrument(_, let row?):
          state.merge(instrument: row)
        case .instrument(_, nil):
          rest?.request(.active)
        case .active(let rows):
          let close = SymbolSuggestions.closest(to: options.symbol, among: rows.map(\.symbol.description))
          let hint = close.isEmpty ? "" : "; close matches: \(close.joined(separator: ", "))"
          printError("tradeterm: unknown symbol \(options.symbol)\(hint)")
          return 2
        case .bins, .failed:
          break
        }
      }
      let update = feed.drain(into: &batch)
      if let failure = update.recorderError { printError("tradeterm: \(failure)") }
      if update.tablesReset { state.resetTables() }
      for fault in state.apply(batch) { feed.post(.resync(topic: fault.topic)) }
      batch.removeAll()
      if let s = update.status { status = s }
      guard let status else { continue }
      switch status.state {
      case .error(let words) where rest != nil && words.hasPrefix("Unknown or expired symbol"):
        // The REST check names close matches: give it a moment to answer.
        if unknownSince == nil { unknownSince = now }
        if let since = unknownSince, now - since > 5 {
          printError("tradeterm: unknown symbol \(options.symbol) (\(words))")
          return 2
        }
      case .error(let words):
        printError("tradeterm: \(words)")
        return 1
      case .ended:
        return finish(state, status)
      case .live where !waitForEnd && state.bookSync == .live:
        return finish(state, status)
      default:
        continue
      }
    }
  }

  private func finish(_ state: MarketState, _ status: FeedStatus) -> Int32 {
    var label = status.state.label
    if case .ended = status.state, mode == "REPLAY" { label = "REPLAY ENDED" }
    if !mode.isEmpty, !label.hasPrefix(mode) { label = "\(mode) \(label)" }
    let snapshot = Snapshot(state: state, status: label)
    print(json ? snapshot.json : snapshot.text, terminator: json ? "\n" : "")
    return 0
  }

  private func describe(_ status: FeedStatus?) -> String {
    guard let status else { return "no status from the feed" }
    var words = status.state.label
    if let error = status.lastError { words += " (\(error))" }
    return words
  }
}
