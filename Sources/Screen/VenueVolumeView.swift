import CrossVenue
import VenueCore

/// Each chosen instrument's taker volume over the last minute, a row each: its letter, the
/// buy/sell split as the dashboard's trades title draws it (`B 62% ██████░░░░ 38% S`), and the
/// minute's total in the base asset.
public struct VenueVolumeView: Sendable {
  public var tape: MergedTape
  public var marks: VenueMarks
  /// Local monotonic nanoseconds: the minute ends with this second.
  public var now: Int64
  public var sizeDecimals: Int
  public var ascii: Bool

  public init(tape: MergedTape, marks: VenueMarks, now: Int64, sizeDecimals: Int = 4, ascii: Bool = false) {
    self.tape = tape
    self.marks = marks
    self.now = now
    self.sizeDecimals = sizeDecimals
    self.ascii = ascii
  }

  /// The rows it needs: one per instrument.
  public var height: Int { tape.instruments.count }

  public func render(into grid: inout Grid, area: Rect) {
    let area = area.intersection(grid.bounds)
    guard !area.isEmpty else { return }
    grid.fill(area)
    let scale = Double(FixedDecimal.powerOfTen(tape.baseScale))
    let totals = tape.instruments.indices.map { i -> (buy: Int64, sell: Int64, text: String) in
      let v = tape.minuteVolume(instrument: i, now: now)
      let total = Double(v.buy) + Double(v.sell)
      return (v.buy, v.sell, NumberFormat.fixed(total / scale, decimals: sizeDecimals))
    }
    let totalWidth = totals.reduce(0) { max($0, $1.text.columns) }
    // Letter, space, bar spans (B 100% … 100% S: 14 columns around the bar), space, total.
    let barWidth = max(0, min(20, area.width - 3 - 14 - 1 - totalWidth))
    for (i, v) in totals.enumerated() where i < area.height {
      let y = area.y + i
      let line = area.row(i)
      grid.put(marks.cell(i), x: area.x + 1, y: y, clip: line)
      let bar = BuySellBar(buyVolume: v.buy, sellVolume: v.sell, barWidth: barWidth, ascii: ascii)
      let end = grid.put(bar.spans, x: area.x + 3, y: y, clip: line)
      let x = max(end + 1, area.maxX - totalWidth - 1)
      if v.buy > 0 || v.sell > 0 {
        grid.put(v.text, x: x, y: y, rightAlignedIn: totalWidth, style: Style(.muted), clip: line)
      }
    }
  }
}
