import Screen
import Session

/// What the status line says besides the connection, most urgent first: the answer to the
/// last key (for a few seconds), why recording stopped, why the book resyncs (while it waits for a fresh image, and
/// a while after), why a frame or a row was skipped, and why the instrument table is missing. Pure: the same state always says the same.
public enum StatusNote {
  /// How long a notice answering a key stays.
  static let noticeSeconds = 5.0
  /// How long a resync's or a skipped frame's reason stays. Longer than the partial timeout
  /// (30 s), so that a partial rejected on every connection keeps saying why.
  static let reasonSeconds = 40.0

  /// The words for `s`, or nil when there is nothing to say.
  public static func text(_ s: AppState) -> String? {
    var parts: [String] = []
    if let notice = s.notice, s.now < notice.until { parts.append(notice.text) }
    // Shown for as long as the marker says RECORDING STOPPED.
    if let failure = s.recordingFailure { parts.append(failure) }
    // Why a replay stopped before the end of its file (the status line says STOPPED).
    if s.mode == .replay, let position = s.session.replay, position.ended, let failure = position.failure {
      parts.append("cannot read on: \(failure)")
    }
    let session = s.session
    if let fault = session.lastFault, let at = session.lastFaultAt,
      s.now - at < reasonSeconds || s.market.bookSync == .faulted
    {
      parts.append("resync: \(fault.fault)")
    }
    if let error = session.lastDecodeError, let at = session.lastDecodeErrorAt, s.now - at < reasonSeconds {
      parts.append("skipped: \(error)")
    }
    if let row = session.lastSkippedRow, let at = session.lastSkippedRowAt, s.now - at < reasonSeconds {
      parts.append("skipped \(row)")
    }
    // The header's prices come from the instrument table: say why they are missing.
    if let why = session.instrumentUnavailable { parts.append("instrument table unavailable: \(why)") }
    // Coinbase answers a `-USDC` product with its `-USD` product's data: say whose it is.
    if let note = DashboardView.dataNote(s) { parts.append(note) }
    return parts.isEmpty ? nil : parts.joined(separator: "; ")
  }

  /// Why `r` cannot reconnect now, or nil when it can: the hourly budget of connections is
  /// spent (until a slot frees), or an attempt is already under way.
  static func reconnectRefusal(_ s: AppState) -> String? {
    guard let status = s.status else { return nil }
    if let until = status.connectionLimitUntil, until > s.now {
      let wait = NumberFormat.duration(ms: Int64(((until - s.now) * 1000).rounded(.up)), roundingUp: true)
      return "hourly connection limit: next connection in \(wait)"
    }
    if case .connecting = status.state { return "a connection attempt is under way" }
    return nil
  }
}
