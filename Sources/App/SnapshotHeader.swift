import MarketModel
import VenueCore

/// What every `--once` output says of itself, the same way in each (the book, `--markets`,
/// `--portfolio`): the venue, the connection's state apart from where the data came from, and
/// when it is of.
public struct SnapshotHeader: Sendable, Hashable {
  /// The venue the data is of.
  public var venue: Venue
  /// The connection's state: `LIVE`, `ENDED` (a replay played out).
  public var status: String
  /// Where the data came from: the real exchange, the simulator (`--demo`), a recording.
  public var mode: RunMode
  /// When the snapshot is of (Unix ms): now, or a replay's last moment; nil when not known.
  public var timeMs: Int64?

  public init(venue: Venue, status: String, mode: RunMode, timeMs: Int64?) {
    self.venue = venue
    self.status = status
    self.mode = mode
    self.timeMs = timeMs
  }

  /// The mode as JSON says it: `live`, `demo`, `replay`.
  public var modeName: String {
    switch mode {
    case .live: "live"
    case .demo: "demo"
    case .replay: "replay"
    }
  }

  /// The state as the text outputs say it: `DEMO LIVE`, `REPLAY ENDED`, `LIVE` (the mode's
  /// marker, nothing for the real exchange, then the state). The status may come from outside:
  /// the caller makes the line safe.
  public var label: String { [mode.label, status].filter { !$0.isEmpty }.joined(separator: " ") }

  /// The JSON fields, without braces: `"venue":"bitmex","status":"LIVE","mode":"demo",`
  /// `"time":"2026-11-26T15:25:00.094Z"` (ISO 8601, UTC; null when not known).
  public var jsonFields: String {
    "\"venue\":\(TerminalText.jsonLiteral(venue.rawValue)),\"status\":\(TerminalText.jsonLiteral(status)),"
      + "\"mode\":\"\(modeName)\",\"time\":\(timeMs.map { "\"\(UTCTime.iso(ms: $0))\"" } ?? "null")"
  }
}
