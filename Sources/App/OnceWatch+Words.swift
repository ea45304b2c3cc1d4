import MarketModel
import Session

extension OnceWatch {
  /// Where a run that gave up stood, in words: the connection, its last error, the book rule's
  /// state (a venue's), the last resync, skipped frame and row, what is unavailable (by topic).
  public static func describe(_ session: MarketSession) -> String {
    guard let status = session.status else { return "no status from the feed" }
    var words = status.state.label
    if let error = status.lastError { words += " (\(error))" }
    if let policy = session.market.bookPolicy { words += "; book \(BookSnapshot.words(policy.state))" }
    if let fault = session.lastFault { words += "; last resync: \(fault)" }
    if let error = session.lastDecodeError { words += "; last skipped frame: \(error)" }
    if let row = session.lastSkippedRow { words += "; last skipped \(row)" }
    for (topic, why) in status.unavailable.sorted(by: { $0.key.description < $1.key.description }) {
      words += "; \(topic) unavailable: \(why)"
    }
    return words
  }
}
