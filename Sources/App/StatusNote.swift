import Screen
import Session

/// What the status line says besides the connection: the answer to the last key (for a few
/// seconds), most urgent first. Pure: the same state always says the same.
public enum StatusNote {
  /// How long a notice answering a key stays.
  static let noticeSeconds = 5.0

  /// The words for `s`, or nil when there is nothing to say.
  public static func text(_ s: AppState) -> String? {
    var parts: [String] = []
    if let notice = s.notice, s.now < notice.until { parts.append(notice.text) }
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
