import MarketModel

/// A candle chart: one candle per column, bodies and wicks drawn with half blocks (two price
/// rows per cell row: `█ ▀ ▄` bodies, `│ ╵ ╷` wicks; ASCII `#`, `|`, and `-` for a body too
/// thin to fill a row), up candles in the buy colour and down ones in the sell colour.
///
/// Under the candles a volume histogram (eighth-row steps, `#` in ASCII); on the right a price
/// axis (high, low and the last price, marked, at the instrument's decimals); under them, on
/// eight rows or more, a time axis (`TimeAxis`). The top row
/// describes the candle under the cursor: its start time, OHLC and volume. The cursor counts
/// candles back from the newest; the view scrolls to keep it in sight. With `averages`, the VWAP
/// (`═`, ASCII `=`) and an EMA (`─`, ASCII `*`) run behind the candles, named with their values at
/// the cursor at the end of the top line. With `cvd`, a two-row strip between the prices and the
/// volume draws the cumulative volume delta (`CandleDelta`), its newest value on the axis.
public struct CandleChart: Sendable, Hashable {
  /// The candles, oldest first, contiguous.
  public var candles: [Candle]
  /// The candle width in milliseconds.
  public var intervalMs: Int64
  /// Candles back from the newest (0: the newest).
  public var cursor: Int
  /// Draw the cursor's column (when the chart has the focus).
  public var showCursor: Bool
  public var priceDecimals: Int
  /// The last traded price, marked on the axis; nil to mark the newest close.
  public var lastPrice: Double?
  /// Set when the cursor's candle lacks trades from before this time (live trades were
  /// followed from then, and no complete bin covers it).
  public var partialSinceMs: Int64?
  public var utcOffsetMinutes: Int
  public var ascii: Bool
  /// Draw the VWAP and the EMA over the candles (`CandleAverages`), their values at the cursor
  /// in the top line's legend.
  public var averages = false
  /// The cumulative volume delta at each candle (`CandleDelta`, nil where the tape does not
  /// cover it), drawn in a strip between the prices and the volume; nil for none.
  public var cvd: [Double?]?
  /// The user's prices (entry, alerts, resting orders): a dotted line (`┄`, ASCII `.`) across the
  /// empty cells at each one inside the prices in view, its letter on the axis's side of it.
  public var marks: [ChartMark] = []
  /// The candles' volumes count units of 10^-`volumeScale` (a venue's tape: its size's
  /// decimals); they are shown in whole units (`V 4.27`, not `V 427.0M`). 0 for whole contracts.
  public var volumeScale: UInt8 = 0

  public init(
    candles: [Candle], intervalMs: Int64, cursor: Int = 0, showCursor: Bool = false, priceDecimals: Int,
    lastPrice: Double? = nil, partialSinceMs: Int64? = nil, utcOffsetMinutes: Int = 0, ascii: Bool = false
  ) {
    self.candles = candles
    self.intervalMs = intervalMs
    self.cursor = cursor
    self.showCursor = showCursor
    self.priceDecimals = priceDecimals
    self.lastPrice = lastPrice
    self.partialSinceMs = partialSinceMs
    self.utcOffsetMinutes = utcOffsetMinutes
    self.ascii = ascii
  }

  /// The cursor, kept within the candles held.
  public var clampedCursor: Int { max(0, min(cursor, candles.count - 1)) }

  /// The range of candles in view for `columns` columns: the newest ones, or, once the cursor
  /// goes back past three quarters of the width, a window that keeps it a quarter from the left.
  public func window(columns: Int) -> Range<Int> {
    guard columns > 0, !candles.isEmpty else { return 0..<0 }
    let back = max(0, clampedCursor - columns * 3 / 4)
    let end = candles.count - back
    return max(0, end - columns)..<end
  }

  /// Draws the chart over the whole of `area` (clearing it first).
  public func render(into grid: inout Grid, area: Rect) {
    let area = area.intersection(grid.bounds)
    guard !area.isEmpty else { return }
    grid.fill(area)
    guard !candles.isEmpty else {
      grid.put(
        " no candles yet", x: area.x, y: area.y + (area.height - 1) / 2, style: Style(.muted), clip: area)
      return
    }
    let glyphs = Glyphs.forTerminal(ascii: ascii)
    let cursorIndex = candles.count - 1 - clampedCursor
    var lines = averages ? CandleAverages(candles, intervalMs: intervalMs) : nil
    var top = info(candles[cursorIndex])
    if let averages = lines {
      // The legend: each line's mark and name, and its value at the cursor's candle; only the
      // names when the values do not fit, closer still after that. Never cut: it says which
      // line is which, and where even the shortest does not fit, the lines are not drawn.
      let vwapValue = " " + (averages.vwap[cursorIndex].map(format) ?? "-")
      let emaValue = " " + format(averages.ema[cursorIndex])
      let (vwapMark, emaMark) = (String(Self.vwapMark(ascii)), String(Self.emaMark(ascii)))
      let legends: [[Span]] = [
        [
          Span("  " + vwapMark + " ", Self.vwapStyle), Span(averages.vwapName + vwapValue, Style(.muted)),
          Span("  " + emaMark + " ", Self.emaStyle), Span(CandleAverages.emaName + emaValue, Style(.muted)),
        ],
        [
          Span("  " + vwapMark + " ", Self.vwapStyle), Span(averages.vwapName, Style(.muted)),
          Span("  " + emaMark + " ", Self.emaStyle), Span(CandleAverages.emaName, Style(.muted)),
        ],
        [
          Span(" " + vwapMark, Self.vwapStyle), Span(averages.vwapName, Style(.muted)),
          Span(" " + emaMark, Self.emaStyle), Span(CandleAverages.emaName, Style(.muted)),
        ],
      ]
      if let legend = legends.first(where: { top.width + $0.width <= area.width }) {
        top += legend
      } else {
        lines = nil
      }
    }
    grid.put(top, x: area.x, y: area.y, clip: area)
    guard area.height >= 3 else { return }

    // Tall enough, the bottom row is a time axis (labels at round times).
    let axisRow = area.height >= 8 ? 1 : 0
    let body = Rect(x: area.x, y: area.y + 1, width: area.width, height: area.height - 1 - axisRow)
    let volumeRows = body.height >= 12 ? max(2, body.height / 6) : (body.height >= 5 ? 1 : 0)
    let last = lastPrice ?? candles[candles.count - 1].close

    // Axis labels are sized for every candle held, so the chart does not jump as it scrolls.
    var widest = format(last).count
    for c in [candles[0], candles[candles.count - 1]] {
      widest = max(widest, format(c.high).count, format(c.low).count)
    }
    let labelWidth = widest + 2
    let showLabels = body.width - labelWidth >= 8
    let columns = showLabels ? body.width - labelWidth : body.width
    let shown = window(columns: columns)
    // The CVD strip, between the prices and the volume: when tall enough and the tape covers at
    // least two candles in view.
    var cvdShown: [(column: Int, value: Double)] = []
    if let cvd, cvd.count == candles.count {
      for (column, index) in shown.enumerated() {
        if let v = cvd[index], v.isFinite { cvdShown.append((column, v)) }
      }
    }
    let cvdRows = cvdShown.count >= 2 && body.height >= 14 ? 2 : 0
    let priceRows = body.height - volumeRows - cvdRows

    var high = -Double.infinity
    var low = Double.infinity
    var maxVolume: Int64 = 0
    for c in candles[shown] {
      high = max(high, c.high)
      low = min(low, c.low)
      maxVolume = max(maxVolume, c.volume)
    }
    if shown.upperBound == candles.count && last.isFinite {
      high = max(high, last)
      low = min(low, last)
    }
    let levels = priceRows * 2
    func level(_ price: Double) -> Int {
      guard high > low, price.isFinite else { return levels / 2 }
      // high - low overflows to infinity for prices at Double's ends: no fraction, no trap.
      let fraction = (high - price) / (high - low)
      guard fraction.isFinite else { return levels / 2 }
      return min(levels - 1, max(0, Int((min(1, max(0, fraction)) * Double(levels - 1)).rounded())))
    }

    if axisRow > 0 {
      TimeAxis(
        starts: shown.map { candles[$0].startMs }, intervalMs: intervalMs, utcOffsetMinutes: utcOffsetMinutes
      ).render(into: &grid, row: Rect(x: body.x, y: body.maxY, width: columns, height: 1))
    }
    let up = Style(.buy)
    let down = Style(.sell)
    let cursorStyle = Style(.muted)
    for (column, index) in shown.enumerated() {
      let c = candles[index]
      let x = body.x + column
      let style = c.isUp ? up : down
      let isCursor = showCursor && index == cursorIndex
      let wickTop = level(c.high)
      let wickBottom = level(c.low)
      let bodyTop = level(max(c.open, c.close))
      let bodyBottom = level(min(c.open, c.close))
      for row in 0..<priceRows {
        let top = part(2 * row, wickTop, wickBottom, bodyTop, bodyBottom)
        let bottom = part(2 * row + 1, wickTop, wickBottom, bodyTop, bodyBottom)
        if let glyph = glyph(top, bottom, thinBody: bodyTop == bodyBottom) {
          grid.put(Cell(glyph, style), x: x, y: body.y + row, clip: body)
        } else if isCursor {
          grid.put(Cell(ascii ? ":" : "┊", cursorStyle), x: x, y: body.y + row, clip: body)
        }
      }
      // The volume histogram, from the bottom up.
      guard volumeRows > 0, maxVolume > 0 else { continue }
      let steps = ascii ? 1 : glyphs.spark.count
      let units = Int((Double(c.volume) / Double(maxVolume) * Double(volumeRows * steps)).rounded(.up))
      var y = body.maxY - 1
      var left = units
      while left > 0 && y >= body.maxY - volumeRows {
        let glyph: Character = ascii ? "#" : glyphs.spark[min(left, steps) - 1]
        grid.put(Cell(glyph, isCursor ? Style(.accent) : style.dimmed), x: x, y: y, clip: body)
        left -= steps
        y -= 1
      }
    }
    if cvdRows > 0 {
      let steps = ascii ? 1 : glyphs.spark.count
      let values = cvdShown.map(\.value)
      let (lowest, highest) = (values.min() ?? 0, values.max() ?? 0)
      let levels = cvdRows * steps
      let bottom = body.y + priceRows + cvdRows - 1
      for (column, value) in cvdShown {
        let units = Sparkline.units(value, low: lowest, high: highest, levels: levels)
        var y = bottom
        var left = units
        while left > 0 && y > bottom - cvdRows {
          let glyph: Character = ascii ? "+" : glyphs.spark[min(left, steps) - 1]
          grid.put(Cell(glyph, Self.cvdStyle), x: body.x + column, y: y, clip: body)
          left -= steps
          y -= 1
        }
      }
    }
    // The user's prices: dotted over the empty cells only, the letter in the last column.
    for mark in marks where mark.price.isFinite && mark.price >= low && mark.price <= high {
      let y = body.y + level(mark.price) / 2
      for column in 0..<(columns - 1) where grid[body.x + column, y].character == " " {
        grid.put(Cell(ascii ? "." : "┄", mark.style.dimmed), x: body.x + column, y: y, clip: body)
      }
      grid.put(Cell(mark.letter, mark.style), x: body.x + columns - 1, y: y, clip: body)
    }
    // The lines over the empty cells and the wicks, under the bodies (a body is the data).
    if let lines {
      // A value outside the prices in view is not drawn at the edge, where it would read as a price.
      func inView(_ v: Double) -> Bool { v >= low && v <= high }
      let bodies: Set<Character> = ["█", "▀", "▄", "#", "-"]
      for (column, index) in shown.enumerated() {
        let x = body.x + column
        let marks: [(Double?, Character, Style)] = [
          (lines.ema[index], Self.emaMark(ascii), Self.emaStyle),
          (lines.vwap[index], Self.vwapMark(ascii), Self.vwapStyle),
        ]
        for (value, mark, style) in marks {
          guard let value, inView(value) else { continue }
          let y = body.y + level(value) / 2
          guard y < body.y + priceRows, grid.bounds.contains(Rect(x: x, y: y, width: 1, height: 1)),
            !bodies.contains(grid[x, y].character)
          else { continue }
          grid.put(Cell(mark, style), x: x, y: y, clip: body)
        }
      }
    }
    guard showLabels else { return }

    let axisX = body.x + columns
    let axisStyle = Style(.muted)
    for row in 0..<body.height {
      grid.put(Cell(glyphs.axis, axisStyle), x: axisX, y: body.y + row, clip: body)
    }
    let lastRow = level(last) / 2
    var labels: [(row: Int, text: String, style: Style, tick: Character)] = [
      (0, format(high), axisStyle, glyphs.axisTick),
      (priceRows - 1, format(low), axisStyle, glyphs.axisTick),
    ]
    if volumeRows > 0, maxVolume > 0 {
      labels.append(
        (priceRows + cvdRows, volumeText(maxVolume), axisStyle, glyphs.axisTick))
    }
    if cvdRows > 0, let newest = cvdShown.last?.value {
      // The CVD at the newest candle in view, signed, and the strip's name under it.
      let text = (newest > 0 ? "+" : "") + NumberFormat.compact(newest)
      labels.append(
        (
          priceRows, NumberFormat.fit(text, width: labelWidth - 1, value: newest), Self.cvdStyle,
          glyphs.axisTick
        ))
      labels.append((priceRows + 1, "CVD", axisStyle, glyphs.axis))
    }
    labels.append((lastRow, format(last), Style(bold: true, reverse: true), ascii ? "<" : "◀"))
    for label in labels {
      grid.put(Cell(label.tick, label.style), x: axisX, y: body.y + label.row, clip: body)
      grid.put(label.text, x: axisX + 1, y: body.y + label.row, style: label.style, clip: body)
    }
  }

  /// A volume in whole units: short (`12.3K`) from a thousand, else with the decimals that keep
  /// about three digits (never more than the units have).
  func volumeText(_ units: Int64) -> String {
    guard volumeScale > 0 else { return NumberFormat.compact(Double(units)) }
    var whole = Double(units)
    for _ in 0..<min(volumeScale, 18) { whole /= 10 }
    if whole.rounded() >= 1000 { return NumberFormat.compact(whole) }
    let decimals = whole >= 100 ? 0 : whole >= 10 ? 1 : whole >= 1 ? 2 : 3
    return NumberFormat.fixed(whole, decimals: min(decimals, Int(volumeScale)))
  }

  /// The top line: the cursor candle's start, OHLC and volume.
  private func info(_ c: Candle) -> [Span] {
    let muted = Style(.muted)
    var spans = [
      Span(
        Self.time(c.startMs, intervalMs: intervalMs, utcOffsetMinutes: utcOffsetMinutes) + " ",
        Style(bold: true)),
      Span("O ", muted), Span(format(c.open) + " "),
      Span("H ", muted), Span(format(c.high) + " "),
      Span("L ", muted), Span(format(c.low) + " "),
      Span("C ", muted), Span(format(c.close) + " ", Style(c.isUp ? .buy : .sell)),
      Span("V ", muted), Span(volumeText(c.volume)),
    ]
    if let since = partialSinceMs {
      spans.append(
        Span(
          " (from "
            + NumberFormat.timeOfDay(ms: since, utcOffsetMinutes: utcOffsetMinutes, milliseconds: false)
            + ")",
          Style(.warning)))
    }
    return spans
  }

  /// A candle's start: `2026-11-23` for days, `11-23 14:05` for shorter candles.
  public static func time(_ ms: Int64, intervalMs: Int64, utcOffsetMinutes: Int) -> String {
    let local = ms &+ Int64(utcOffsetMinutes) * 60_000
    let dayMs: Int64 = 86_400_000
    let days = local >= 0 ? local / dayMs : (local - dayMs + 1) / dayMs
    let (y, m, d) = UTCTime.civil(days: days)
    func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
    if intervalMs >= dayMs { return "\(y)-\(two(m))-\(two(d))" }
    let minutes = (local - days * dayMs) / 60_000
    return "\(two(m))-\(two(d)) \(two(minutes / 60)):\(two(minutes % 60))"
  }

  /// The VWAP's mark and colour, the EMA's.
  static func vwapMark(_ ascii: Bool) -> Character { ascii ? "=" : "═" }
  static func emaMark(_ ascii: Bool) -> Character { ascii ? "*" : "─" }
  static let vwapStyle = Style(.accent, bold: true)
  static let emaStyle = Style(.warning)
  static let cvdStyle = Style(.accent)

  private enum Part { case none, wick, body }

  private func part(_ half: Int, _ wickTop: Int, _ wickBottom: Int, _ bodyTop: Int, _ bodyBottom: Int) -> Part
  {
    if half >= bodyTop && half <= bodyBottom { return .body }
    if half >= wickTop && half <= wickBottom { return .wick }
    return .none
  }

  private func glyph(_ top: Part, _ bottom: Part, thinBody: Bool) -> Character? {
    if ascii {
      switch (top, bottom) {
      case (.none, .none): return nil
      case (.body, _), (_, .body): return thinBody ? "-" : "#"
      default: return "|"
      }
    }
    switch (top, bottom) {
    case (.none, .none): return nil
    case (.body, .body): return "█"
    case (.body, _): return "▀"
    case (_, .body): return "▄"
    case (.wick, .wick): return "│"
    case (.wick, .none): return "╵"
    case (.none, .wick): return "╷"
    }
  }

  private func format(_ price: Double) -> String { NumberFormat.price(price, decimals: priceDecimals) }
}
