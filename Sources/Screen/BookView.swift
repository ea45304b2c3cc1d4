import MarketModel

/// The order book ladder: asks above (best ask at the bottom), a spread line, bids below
/// (best bid at the top); columns price / size / cumulative total and a depth bar.
///
/// It fills its whole area (usually a `Box`'s inside): a header row, then half of the
/// remaining rows for each side around the spread line. Cumulative totals run from the
/// best price outwards; bars are scaled to the largest total in view (or the largest size,
/// in `.size` mode). `scroll` skips that many levels from the best on both sides, to look
/// deeper into the book; it is clamped so the deepest level stays in view.
public struct BookView: Sendable {
  /// What the depth bars measure.
  public enum BarMode: Sendable, Hashable {
    /// The cumulative size from the best price to the level.
    case total
    /// The level's own size.
    case size
  }

  // Where the levels come from: handed over, or read from a book at render time (so only
  // as many levels as fit are grouped and copied).
  private enum Source: Sendable {
    case levels(asks: [PriceLevel], bids: [PriceLevel])
    case book(MarketBook, groupTicks: Int, tickSize: Double)
  }

  private var source: Source
  /// Best ask minus best bid; nil when a side is empty.
  public var spread: Double?
  /// The midpoint between best bid and ask; nil when a side is empty.
  public var mid: Double?
  /// Decimal places of prices: the instrument's tick decimals (the spread uses them too, and
  /// the mid one more).
  public var priceDecimals: Int
  /// Decimals of the size units (the book's `sizeScale`; 0 for whole contracts).
  public var sizeScale: UInt8 = 0
  public var barMode: BarMode
  /// Prices whose level changed recently: their size is shown highlighted.
  public var flash: Set<Double>
  /// Levels skipped from the best on each side.
  public var scroll: Int
  /// Prices of the levels the wall watch calls walls: marked in the left margin (`▐`, `#` in
  /// ASCII). Exact prices, so marked only in an ungrouped book.
  public var walls: Set<Double> = []
  /// The user's own prices (a position's entry, alert levels, resting paper orders): the row at
  /// or just beyond one (`markedRows`) shows its letter (`E`, `A`, `B`/`S`) in its colour at the
  /// row's right end, as the chart draws them on its axis.
  public var marks: [ChartMark] = []
  /// ASCII glyphs only (`--ascii`, or a locale without UTF-8).
  public var ascii: Bool
  /// What to say in the first empty row when a side has fewer levels than rows (a grouped
  /// capped book: `3 bands from 25 levels; --depth full has all`), longest first: the first
  /// that fits is drawn, muted. Empty: nothing.
  public var fewLevelsNote: [String] = []
  /// What an empty book says on its middle line instead of `no book yet`, longest first (the
  /// first that fits): why it is empty (a venue's REST limit waited out).
  public var emptyNotes: [String] = []

  /// A view of levels the caller has prepared (already grouped), best first on each side.
  /// The spread and mid default to those of the first levels.
  public init(
    asks: [PriceLevel], bids: [PriceLevel], priceDecimals: Int, spread: Double? = nil, mid: Double? = nil,
    barMode: BarMode = .total, flash: Set<Double> = [], scroll: Int = 0, ascii: Bool = false
  ) {
    source = .levels(asks: asks, bids: bids)
    let bestAsk = asks.first?.price
    let bestBid = bids.first?.price
    self.spread = spread ?? bestAsk.flatMap { a in bestBid.map { a - $0 } }
    self.mid = mid ?? bestAsk.flatMap { a in bestBid.map { (a + $0) / 2 } }
    self.priceDecimals = priceDecimals
    self.barMode = barMode
    self.flash = flash
    self.scroll = scroll
    self.ascii = ascii
  }

  /// A view of `book` grouped into buckets of `groupTicks × tickSize` (1 = ungrouped).
  /// Spread and mid are the book's own, not the buckets'.
  public init(
    book: MarketBook, groupTicks: Int, tickSize: Double, priceDecimals: Int, barMode: BarMode = .total,
    flash: Set<Double> = [], scroll: Int = 0, ascii: Bool = false
  ) {
    source = .book(book, groupTicks: groupTicks, tickSize: tickSize)
    sizeScale = book.sizeScale
    spread = book.spread
    mid = book.mid
    self.priceDecimals = priceDecimals
    self.barMode = barMode
    self.flash = flash
    self.scroll = scroll
    self.ascii = ascii
  }

  /// How many levels of each side an area of `height` rows shows: (asks, bids).
  public static func levelRows(height: Int) -> (asks: Int, bids: Int) {
    let body = max(0, height - (height >= 3 ? 2 : 1))
    return (body / 2, body - body / 2)
  }

  /// The largest useful `scroll` for an area of `height` rows (0 when all levels fit).
  public func maxScroll(height: Int) -> Int {
    let rows = Self.levelRows(height: height)
    let (asks, bids) = levels(limit: .max)
    return max(0, asks.count - rows.asks, bids.count - rows.bids)
  }

  private func levels(limit: Int) -> (asks: [PriceLevel], bids: [PriceLevel]) {
    switch source {
    case .levels(let asks, let bids):
      return (Array(asks.prefix(limit)), Array(bids.prefix(limit)))
    case .book(let book, let ticks, let tickSize):
      return (
        book.grouped(.sell, ticks: ticks, tickSize: tickSize, limit: limit),
        book.grouped(.buy, ticks: ticks, tickSize: tickSize, limit: limit)
      )
    }
  }

  // The visible rows of one side, best first, with totals counted from the best level. A book
  // keeps its sides' totals within Int64 (`BookSyncFault.sizeOverflow`); levels handed over
  // directly may not, so the total is held at `Int64.max` rather than wrapping negative.
  private func visible(_ all: [PriceLevel], skip: Int, rows: Int) -> [DepthLevel] {
    var total: Int64 = 0
    var out: [DepthLevel] = []
    for (i, level) in all.enumerated() {
      let (sum, overflow) = total.addingReportingOverflow(level.size)
      total = overflow ? (level.size > 0 ? .max : .min) : sum
      if i >= skip && i < skip + rows {
        out.append(DepthLevel(price: level.price, size: level.size, total: total))
      }
    }
    return out
  }

  /// Column geometry for one render.
  private struct Columns {
    var price = 0
    var size = 0
    var total = 0
    var gap = 2
    var showTotal = true
    /// Bar start column (relative) and width; 0 = no bar.
    var barX = 0
    var bar = 0
  }

  /// A level with its numbers formatted (once per render: for the column widths and the row).
  private struct Row {
    var level: DepthLevel
    var price: String
    var size: String
    var total: String
  }

  private func formatted(_ level: DepthLevel) -> Row {
    Row(
      level: level, price: NumberFormat.price(level.price, decimals: priceDecimals),
      size: NumberFormat.size(level.size, scale: sizeScale),
      total: NumberFormat.size(level.total, scale: sizeScale))
  }

  private func columns(width: Int, rows: [Row]) -> Columns {
    var c = Columns()
    c.price = 5
    c.size = 6
    c.total = 7
    for row in rows {
      c.price = max(c.price, row.price.columns)
      c.size = max(c.size, row.size.columns)
      c.total = max(c.total, row.total.columns)
    }
    // Drop what does not fit, least useful first: gap width, then the total column.
    var used = 1 + c.price + c.gap + c.size + c.gap + c.total
    if used > width {
      c.gap = 1
      used = 1 + c.price + 1 + c.size + 1 + c.total
    }
    if used > width {
      c.showTotal = false
      used = 1 + c.price + c.gap + c.size
    }
    // Still too wide: the numbers get narrower columns and their short forms
    // (`NumberFormat.fit`), sizes first; never cut at the pane's edge.
    if used > width {
      c.size = max(1, width - 1 - c.price - c.gap)
      c.price = max(1, min(c.price, width - 1 - c.gap - c.size))
      used = 1 + c.price + c.gap + c.size
    }
    if width - used - 1 >= 3 {
      c.barX = used + 1
      c.bar = width - used - 1
    }
    return c
  }

  /// Draws the ladder over the whole of `area` (clearing it first).
  public func render(into grid: inout Grid, area: Rect) {
    let area = area.intersection(grid.bounds)
    guard !area.isEmpty else { return }
    grid.fill(area)
    let glyphs = Glyphs.forTerminal(ascii: ascii)
    // The bar pieces as cells, made once per render rather than once per level.
    let askBar = glyphs.barEighths.map { Cell($0, Style(.askBar)) }
    let bidBar = glyphs.barEighths.map { Cell($0, Style(.bidBar)) }
    let rows = Self.levelRows(height: area.height)
    let perSide = max(rows.asks, rows.bids)
    let fetched = levels(limit: scroll > 0 ? scroll + perSide : perSide)
    var skip = max(0, scroll)
    if skip > 0 {
      // Clamp: the deeper side's last level stays on screen.
      let deepest = max(fetched.asks.count - rows.asks, fetched.bids.count - rows.bids)
      skip = min(skip, max(0, deepest))
    }
    let asks = visible(fetched.asks, skip: skip, rows: rows.asks).map(formatted)
    let bids = visible(fetched.bids, skip: skip, rows: rows.bids).map(formatted)
    let cols = columns(width: area.width, rows: asks + bids)
    var scaleMax: Int64 = 0
    for row in asks + bids { scaleMax = max(scaleMax, barMode == .total ? row.level.total : row.level.size) }

    let askMarks = marks.isEmpty ? [:] : Self.markedRows(asks.map(\.level.price), ask: true, marks)
    let bidMarks = marks.isEmpty ? [:] : Self.markedRows(bids.map(\.level.price), ask: false, marks)
    var y = area.y
    if area.height >= 3 {
      renderHeader(into: &grid, area: area, cols: cols)
      y += 1
    }
    // Asks: deepest at the top, best ask next to the spread line.
    for r in 0..<rows.asks {
      let i = rows.asks - 1 - r
      if i < asks.count {
        renderLevel(
          asks[i], ask: true, into: &grid, row: area.row(y - area.y), cols: cols, scaleMax: scaleMax,
          bar: askBar, mark: askMarks[i])
      }
      y += 1
    }
    let missing =
      fetched.asks.isEmpty == fetched.bids.isEmpty ? nil : fetched.asks.isEmpty ? "no asks" : "no bids"
    renderSpread(into: &grid, area: area.row(y - area.y), skipped: skip, missing: missing, glyphs: glyphs)
    y += 1
    let noteRow: Int? =
      fewLevelsNote.isEmpty
      ? nil
      : bids.count < rows.bids ? y + bids.count : asks.count < rows.asks ? y - 2 - asks.count : nil
    for r in 0..<rows.bids {
      if r < bids.count {
        renderLevel(
          bids[r], ask: false, into: &grid, row: area.row(y - area.y), cols: cols, scaleMax: scaleMax,
          bar: bidBar, mark: bidMarks[r])
      }
      y += 1
    }
    if let noteRow, let note = fewLevelsNote.first(where: { $0.count + 2 <= area.width }) {
      grid.put(note, x: area.x + (area.width - note.count) / 2, y: noteRow, style: Style(.muted), clip: area)
    }
  }

  private func renderHeader(into grid: inout Grid, area: Rect, cols: Columns) {
    let style = Style(.muted)
    var x = area.x + 1
    grid.put("Price", x: x, y: area.y, rightAlignedIn: cols.price, style: style, clip: area)
    x += cols.price + cols.gap
    grid.put("Size", x: x, y: area.y, rightAlignedIn: cols.size, style: style, clip: area)
    x += cols.size + cols.gap
    if cols.showTotal {
      grid.put("Total", x: x, y: area.y, rightAlignedIn: cols.total, style: style, clip: area)
    }
  }

  private func renderLevel(
    _ row: Row, ask: Bool, into grid: inout Grid, row area: Rect, cols: Columns, scaleMax: Int64,
    bar pieces: [Cell], mark: ChartMark? = nil
  ) {
    let level = row.level
    let y = area.y
    let flashed = flash.contains(level.price)
    if !walls.isEmpty, walls.contains(level.price) {
      grid.put(Cell(ascii ? "#" : "▐", Style(ask ? .sell : .buy, bold: true)), x: area.x, y: y, clip: area)
    }
    defer {
      // After the bar, over its last cell: the mark is what the row is about.
      if let mark, area.width > 1 {
        grid.put(Cell(mark.letter, mark.style), x: area.x + area.width - 1, y: y, clip: area)
      }
    }
    var x = area.x + 1
    let priceStyle = Style(ask ? .sell : .buy, bold: flashed)
    let price = NumberFormat.fit(row.price, width: cols.price, value: level.price)
    grid.put(price, x: x, y: y, rightAlignedIn: cols.price, style: priceStyle, clip: area)
    x += cols.price + cols.gap
    let sizeStyle = flashed ? Style(bold: true, reverse: true) : Style()
    let size = NumberFormat.fit(row.size, width: cols.size, value: Double(level.size))
    grid.put(size, x: x, y: y, rightAlignedIn: cols.size, style: sizeStyle, clip: area)
    x += cols.size + cols.gap
    if cols.showTotal {
      grid.put(row.total, x: x, y: y, rightAlignedIn: cols.total, style: Style(.muted), clip: area)
    }
    guard cols.bar > 0, scaleMax > 0 else { return }
    let value = barMode == .total ? level.total : level.size
    let steps = pieces.count - 1
    let units = Self.barUnits(
      fraction: Double(max(0, value)) / Double(scaleMax), width: cols.bar, steps: steps)
    guard units > 0 else { return }
    // Whole cells as one fill, then the partial one: no string per bar.
    let barX = area.x + cols.barX
    grid.fill(Rect(x: barX, y: y, width: units / steps, height: 1).intersection(area), with: pieces[steps])
    if units % steps != 0 {
      grid.put(pieces[units % steps], x: barX + units / steps, y: y, clip: area)
    }
  }

  /// The rows `marks` fall on, by index into `prices` (a side's shown rows, best first): the
  /// first row at or beyond each mark on its side (an ask's price at or above it, a bid's at or
  /// below), so a resting order between two levels marks the level behind it; a mark beyond the
  /// shown rows or inside the spread marks none. The first mark of a row wins.
  static func markedRows(_ prices: [Double], ask: Bool, _ marks: [ChartMark]) -> [Int: ChartMark] {
    guard let best = prices.first, let last = prices.last else { return [:] }
    var out: [Int: ChartMark] = [:]
    for mark in marks where mark.price.isFinite {
      let p = mark.price
      let slack = 1e-9 * max(1, abs(p))
      let inside = ask ? p >= best - slack && p <= last + slack : p <= best + slack && p >= last - slack
      guard inside,
        let i = prices.firstIndex(where: { ask ? $0 >= p - slack : $0 <= p + slack }), out[i] == nil
      else { continue }
      out[i] = mark
    }
    return out
  }

  /// A bar `fraction` (0…1) of `width` cells long, in eighths of a cell where the glyphs
  /// allow; any positive fraction shows at least the smallest piece.
  static func bar(fraction: Double, width: Int, glyphs: Glyphs) -> String {
    let steps = glyphs.barEighths.count - 1
    let units = barUnits(fraction: fraction, width: width, steps: steps)
    guard units > 0 else { return "" }
    let full = String(repeating: String(glyphs.barEighths[steps]), count: units / steps)
    let rest = units % steps
    return rest == 0 ? full : full + String(glyphs.barEighths[rest])
  }

  /// The length of `bar` in its smallest pieces (`steps` a cell: eighths, or whole cells in
  /// ASCII); 0 for none.
  static func barUnits(fraction: Double, width: Int, steps: Int) -> Int {
    guard width > 0, fraction > 0, fraction.isFinite else { return 0 }
    return max(1, Int((min(1, fraction) * Double(width * steps)).rounded()))
  }

  private func renderSpread(into grid: inout Grid, area: Rect, skipped: Int, missing: String?, glyphs: Glyphs)
  {
    guard !area.isEmpty else { return }
    let style = Style(.muted)
    var variants: [String]
    if let spread, let mid {
      let s = NumberFormat.price(spread, decimals: priceDecimals)
      let m = NumberFormat.price(mid, decimals: priceDecimals + 1)
      let bps = NumberFormat.basisPoints(spread, mid: mid)
      variants = ["spread \(s) (\(bps) bps)  mid \(m)", "spread \(s)  mid \(m)", "\(s)  mid \(m)", s]
    } else {
      variants = missing.map { [$0] } ?? emptyNotes + ["no book yet"]
      variants.append("-")
    }
    if skipped > 0 { variants = variants.map { "\($0)  depth +\(skipped)" } + variants }
    let text = variants.first { $0.count + 4 <= area.width } ?? ""
    grid.repeatCharacter(glyphs.rule, count: area.width, x: area.x, y: area.y, style: style, clip: area)
    guard !text.isEmpty else { return }
    let x = area.x + (area.width - text.count - 2) / 2
    grid.put(" " + text + " ", x: x, y: area.y, style: style, clip: area)
  }
}
