import MarketModel

/// A time axis under a chart of one column per interval: labels at round times (`14:05`,
/// `14:10`; `14:05:30` under seconds; `11-23` under days) in the user's offset from UTC, each
/// starting at the column whose interval begins at that time, far enough apart to read.
public struct TimeAxis: Sendable, Hashable {
  /// The start of each column's interval, ms since the Unix epoch, left to right; nil for a
  /// column with nothing in it.
  public var starts: [Int64?]
  /// The width of one column's interval, ms.
  public var intervalMs: Int64
  /// The shift from UTC of the labels, in minutes.
  public var utcOffsetMinutes: Int

  public init(starts: [Int64?], intervalMs: Int64, utcOffsetMinutes: Int = 0) {
    self.starts = starts
    self.intervalMs = intervalMs
    self.utcOffsetMinutes = utcOffsetMinutes
  }

  static let second: Int64 = 1_000
  static let minute: Int64 = 60_000
  static let hour: Int64 = 3_600_000
  static let day: Int64 = 86_400_000
  /// The round times labels may fall on, finest first.
  static let periods: [Int64] = [
    second, 2 * second, 5 * second, 10 * second, 15 * second, 30 * second,
    minute, 2 * minute, 5 * minute, 10 * minute, 15 * minute, 30 * minute,
    hour, 2 * hour, 3 * hour, 6 * hour, 12 * hour, day, 2 * day, 7 * day, 14 * day,
  ]

  /// The period between labels: the finest round time, a whole number of intervals, that
  /// leaves a label's width and two columns of space between labels; nil when none does.
  public var period: Int64? {
    guard intervalMs > 0 else { return nil }
    let width = Self.text(0, period: intervalMs).count + 2
    return Self.periods.first { $0 >= intervalMs && $0 % intervalMs == 0 && $0 / intervalMs >= width }
  }

  /// The labels: each column whose interval starts at a round time, with its text; none that
  /// would run into the one before or past `width`.
  public func labels(width: Int) -> [(column: Int, text: String)] {
    guard let period else { return [] }
    let offsetMs = Int64(utcOffsetMinutes) * Self.minute
    var out: [(column: Int, text: String)] = []
    var free = 0
    for (column, start) in starts.prefix(width).enumerated() {
      guard let start, column >= free else { continue }
      let (local, overflow) = start.addingReportingOverflow(offsetMs)
      guard !overflow, Self.floorMod(local, period) == 0 else { continue }
      let text = Self.text(local, period: period)
      guard column + text.count <= width else { break }
      out.append((column, text))
      free = column + text.count + 2
    }
    return out
  }

  /// Draws the labels along `row` (its first line), muted.
  public func render(into grid: inout Grid, row: Rect) {
    let row = row.intersection(grid.bounds)
    guard !row.isEmpty else { return }
    grid.fill(Rect(x: row.x, y: row.y, width: row.width, height: 1))
    for label in labels(width: row.width) {
      grid.put(label.text, x: row.x + label.column, y: row.y, style: Style(.muted), clip: row)
    }
  }

  /// `local` (ms, already shifted) as a label for labels `period` apart.
  static func text(_ local: Int64, period: Int64) -> String {
    let days = local >= 0 ? local / day : (local - day + 1) / day
    func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
    if period >= day {
      let (_, m, d) = UTCTime.civil(days: days)
      return "\(two(m))-\(two(d))"
    }
    let ms = local - days * day
    let hm = "\(two(ms / hour)):\(two(ms / minute % 60))"
    return period < minute ? hm + ":" + two(ms / second % 60) : hm
  }

  /// `a` modulo `b` (b > 0), never negative.
  static func floorMod(_ a: Int64, _ b: Int64) -> Int64 {
    let r = a % b
    return r < 0 ? r + b : r
  }
}
