import MarketModel

/// A price chart of candle closes (`CandleSeries`: the candle chart's own) drawn with block elements (`▁▂▃▄▅▆▇█`, or the ASCII
/// ramp ` .:-=+*#%@`), one bucket per column, the newest at the right; on several rows the
/// columns stack into a bar chart with eighth-of-a-row steps.
///
/// An axis on the right labels the high and low of the buckets in view (their highs and
/// lows, not just closes) and the last close at its height. Shorter areas put the labels
/// on one or two lines instead; an empty series shows a note, a flat one a level line at
/// half height.
public struct Sparkline: Sendable, Hashable {
  /// The candles, oldest first, contiguous.
  public var buckets: [Candle]
  /// Decimal places of the labelled prices.
  public var priceDecimals: Int
  /// ASCII glyphs only (`--ascii`, or a locale without UTF-8).
  public var ascii: Bool
  /// The buckets' width in ms: on four rows or more a time axis (`TimeAxis`) runs under the
  /// chart; nil for none.
  public var intervalMs: Int64?
  /// The labels' shift from UTC, in minutes.
  public var utcOffsetMinutes = 0

  public init(buckets: [Candle], priceDecimals: Int, ascii: Bool = false) {
    self.buckets = buckets
    self.priceDecimals = priceDecimals
    self.ascii = ascii
  }

  /// The chart of a series' candles.
  public init(series: CandleSeries, priceDecimals: Int, ascii: Bool = false) {
    self.init(buckets: series.candles, priceDecimals: priceDecimals, ascii: ascii)
  }

  /// Draws the chart and its axes over the whole of `area` (clearing it first).
  public func render(into grid: inout Grid, area: Rect) {
    var area = area.intersection(grid.bounds)
    guard !area.isEmpty else { return }
    grid.fill(area)
    if let intervalMs, area.height >= 4, !buckets.isEmpty {
      // The bottom row is the time axis; the chart above it is drawn as on a shorter area.
      area.height -= 1
      renderTimeAxis(into: &grid, area: area, intervalMs: intervalMs)
    }
    guard let newest = buckets.last else {
      grid.put(
        " no price data yet", x: area.x, y: area.y + (area.height - 1) / 2, style: Style(.muted), clip: area)
      return
    }
    let glyphs = Glyphs.forTerminal(ascii: ascii)
    // Labels are sized for the whole series so the chart does not jump as the view moves.
    let (allHigh, allLow) = Self.range(buckets[...], high: newest.high, low: newest.low)
    // Three rows or more: `high `/`low  `/`last ` and a number, right-aligned to the widest.
    let numberWidth = max(format(allHigh).count, format(allLow).count, format(newest.close).count)
    let labelWidth =
      area.height >= 3
      ? 2 + 5 + numberWidth
      : 2
        + (compactLabels(area.height, high: allHigh, low: allLow, last: newest.close).map(\.width).max() ?? 0)
    let showLabels = area.width - labelWidth >= 8
    let columns = showLabels ? area.width - labelWidth : area.width

    let shown = buckets.suffix(columns)
    let (high, low) = Self.range(shown, high: newest.high, low: newest.low)
    let steps = glyphs.spark.count
    let levels = area.height * steps
    let offset = columns - shown.count
    let style = Style(.accent)
    let ramp = glyphs.spark.map { Cell($0, style) }
    // Each bucket a column of full cells from the bottom, topped by the partial one, written
    // straight into the grid (`area` is inside it): a chart is some hundred columns a frame.
    let gridWidth = grid.width
    grid.withUnsafeCells { cells in
      var x = area.x + offset
      for bucket in shown {
        defer { x += 1 }
        let units = Self.units(bucket.close, low: low, high: high, levels: levels)
        guard units > 0 else { continue }
        let full = min(area.height, units / steps)
        var index = (area.maxY - 1) * gridWidth + x
        for _ in 0..<full {
          cells[index] = ramp[steps - 1]
          index -= gridWidth
        }
        if full < area.height && units % steps > 0 { cells[index] = ramp[units % steps - 1] }
      }
    }
    guard showLabels else { return }

    let axisX = area.x + columns
    let labelX = axisX + 2
    let axisStyle = Style(.muted)
    if area.height < 3 {
      for (row, line) in compactLabels(area.height, high: high, low: low, last: newest.close).enumerated() {
        grid.put(String(glyphs.axisTick), x: axisX, y: area.y + row, style: axisStyle, clip: area)
        grid.put(line, x: labelX, y: area.y + row, clip: area)
      }
      return
    }
    let axis = Cell(glyphs.axis, axisStyle)
    for row in 0..<area.height {
      grid.put(axis, x: axisX, y: area.y + row, clip: area)
    }
    let lastUnits = Self.units(newest.close, low: low, high: high, levels: levels)
    let lastRow = min(area.height - 2, max(1, area.height - 1 - (lastUnits - 1) / steps))
    let labels: [(Int, [Span])] = [
      (0, [Span("high " + format(high).padLeft(numberWidth), Style(.muted))]),
      (area.height - 1, [Span("low  " + format(low).padLeft(numberWidth), Style(.muted))]),
      (lastRow, [Span("last " + format(newest.close).padLeft(numberWidth), Style(bold: true))]),
    ]
    for (row, spans) in labels {
      grid.put(String(glyphs.axisTick), x: axisX, y: area.y + row, style: axisStyle, clip: area)
      grid.put(spans, x: labelX, y: area.y + row, clip: area)
    }
  }

  /// The time axis on the row under `area` (the chart's), under its columns.
  private func renderTimeAxis(into grid: inout Grid, area: Rect, intervalMs: Int64) {
    guard let newest = buckets.last else { return }
    // The same columns as the chart: sized for the whole series' labels (see `render`).
    let (allHigh, allLow) = Self.range(buckets[...], high: newest.high, low: newest.low)
    let numberWidth = max(format(allHigh).count, format(allLow).count, format(newest.close).count)
    let labelWidth =
      area.height >= 3
      ? 2 + 5 + numberWidth
      : 2
        + (compactLabels(area.height, high: allHigh, low: allLow, last: newest.close).map(\.width).max() ?? 0)
    let columns = area.width - labelWidth >= 8 ? area.width - labelWidth : area.width
    let shown = buckets.suffix(columns)
    let starts = [Int64?](repeating: nil, count: columns - shown.count) + shown.map { Optional($0.startMs) }
    TimeAxis(starts: starts, intervalMs: intervalMs, utcOffsetMinutes: utcOffsetMinutes)
      .render(into: &grid, row: Rect(x: area.x, y: area.maxY, width: columns, height: 1))
  }

  // The labels of a one- or two-row chart.
  private func compactLabels(_ height: Int, high: Double, low: Double, last: Double) -> [[Span]] {
    let lastSpan = Span("last " + format(last), Style(bold: true))
    let highSpan = Span("high " + format(high), Style(.muted))
    let lowSpan = Span("low " + format(low), Style(.muted))
    if height == 1 { return [[lastSpan, Span("  "), highSpan, Span("  "), lowSpan]] }
    return [[lastSpan], [highSpan, Span("  "), lowSpan]]
  }

  /// The highest high and lowest low of `buckets` (`high` and `low` when there are none).
  private static func range(_ buckets: ArraySlice<Candle>, high: Double, low: Double) -> (Double, Double) {
    guard !buckets.isEmpty else { return (high, low) }
    var (top, bottom) = (-Double.infinity, Double.infinity)
    for bucket in buckets {
      top = max(top, bucket.high)
      bottom = min(bottom, bucket.low)
    }
    return (top, bottom)
  }

  private func format(_ price: Double) -> String { NumberFormat.price(price, decimals: priceDecimals) }

  /// The height of `value` in steps (1…levels) between `low` and `high`; a flat range sits
  /// at half height.
  static func units(_ value: Double, low: Double, high: Double, levels: Int) -> Int {
    guard levels > 1 else { return levels }
    guard high > low, value.isFinite else { return (levels + 1) / 2 }
    let fraction = min(1, max(0, (value - low) / (high - low)))
    return 1 + Int((fraction * Double(levels - 1)).rounded())
  }
}
