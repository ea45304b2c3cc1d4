import CrossVenue
import VenueCore

/// The consolidated book of an asset across venues: one column per quote group (USD, USDC,
/// USDT…; one group when stablecoins are at par, which its title says), each a ladder like the
/// dashboard's book — asks above, the spread line, bids below — of price buckets with their size
/// in the base asset, the letters of the venues resting there (each venue in its own slot and
/// colour: `VenueMarks`) and a bar split by venue (in ASCII, each venue's part drawn with its
/// letter). Bars are scaled to the largest bucket in view of their group.
///
/// Groups that do not fit side by side (each needs 26 columns) are named on the last row.
public struct ConsolidatedBookView: Sendable {
  public var book: ConsolidatedBook
  public var marks: VenueMarks
  /// Decimals of the sizes shown (in the base asset).
  public var sizeDecimals: Int
  public var ascii: Bool

  /// The narrowest a group's column may be.
  static let minGroupWidth = 26

  public init(book: ConsolidatedBook, marks: VenueMarks, sizeDecimals: Int = 4, ascii: Bool = false) {
    self.book = book
    self.marks = marks
    self.sizeDecimals = sizeDecimals
    self.ascii = ascii
  }

  /// Draws the groups over the whole of `area` (clearing it first).
  public func render(into grid: inout Grid, area: Rect) {
    let area = area.intersection(grid.bounds)
    guard !area.isEmpty else { return }
    grid.fill(area)
    let groups = book.groups
    guard !groups.isEmpty else {
      grid.put(
        " no \(book.options.asset) instruments chosen", x: area.x, y: area.y, style: Style(.muted), clip: area
      )
      return
    }
    let fits = max(1, min(groups.count, (area.width + 1) / (Self.minGroupWidth + 1)))
    var body = area
    if fits < groups.count {
      let (top, last) = area.splitBottom(1)
      body = top
      let hidden = groups[fits...].map(\.quote.description).joined(separator: ", ")
      grid.put(" not shown: \(hidden) (wider screen)", x: last.x, y: last.y, style: Style(.muted), clip: last)
    }
    // Equal columns with a one-column gap between them.
    let columnWidth = (body.width - (fits - 1)) / fits
    for g in 0..<fits {
      let x = body.x + g * (columnWidth + 1)
      let width = g == fits - 1 ? body.maxX - x : columnWidth
      renderGroup(groups[g], into: &grid, area: Rect(x: x, y: body.y, width: width, height: body.height))
    }
  }

  /// Column geometry of one group.
  private struct Columns {
    var price = 5
    var size = 8
    var slots = 0
    var bar = 0
  }

  private func renderGroup(_ group: QuoteGroup, into grid: inout Grid, area: Rect) {
    guard area.height >= 1 else { return }
    renderTitle(group, into: &grid, row: area.row(0))
    guard area.height >= 4 else { return }
    let rows = area.height - 3
    let askRows = rows / 2
    let bidRows = rows - askRows
    let asks = Array(group.asks.prefix(askRows))
    let bids = Array(group.bids.prefix(bidRows))
    let decimals = Int(book.options.step.scale)
    let prices = (asks + bids).map { NumberFormat.fixed($0.price.doubleValue, decimals: decimals) }
    let sizes = (asks + bids).map { size($0.size) }
    var c = Columns()
    c.price = prices.reduce(5) { max($0, $1.columns) }
    c.size = sizes.reduce(max(8, sizeTitle.columns)) { max($0, $1.columns) }
    c.slots = min(group.members.count, 8)
    // Price, gap, size, gap, slots, gap, bar: the bar first goes, then the slots.
    let fixed = 1 + c.price + 2 + c.size
    let room = area.width - fixed
    if room >= c.slots + 1 + 3 {
      c.bar = room - c.slots - 2
    } else if room < c.slots + 1 {
      c.slots = 0
    }
    renderHeader(into: &grid, row: area.row(1), cols: c)
    var scaleMax: Int64 = 1
    for level in asks + bids { scaleMax = max(scaleMax, level.size) }
    // Asks: deepest at the top, best next to the spread line.
    for r in 0..<askRows {
      let i = askRows - 1 - r
      guard i < asks.count else { continue }
      renderLevel(
        asks[i], n: i, side: .ask, group: group, price: prices[i], size: sizes[i], into: &grid,
        row: area.row(2 + r), cols: c, scaleMax: scaleMax)
    }
    renderSpread(group, into: &grid, row: area.row(2 + askRows), decimals: decimals)
    for r in 0..<bidRows where r < bids.count {
      renderLevel(
        bids[r], n: r, side: .bid, group: group, price: prices[asks.count + r], size: sizes[asks.count + r],
        into: &grid, row: area.row(3 + askRows + r), cols: c, scaleMax: scaleMax)
    }
  }

  private var sizeTitle: String { "Size \(book.options.asset)" }

  /// Base units as the asset, at `sizeDecimals`.
  private func size(_ units: Int64) -> String {
    let scale = Double(FixedDecimal.powerOfTen(book.options.baseScale))
    return NumberFormat.fixed(Double(units) / scale, decimals: sizeDecimals)
  }

  private func renderTitle(_ group: QuoteGroup, into grid: inout Grid, row: Rect) {
    var spans = [Span(" " + group.quote.description, Style(bold: true))]
    if group.atPar {
      spans = [
        Span(" " + group.quotes.map(\.description).joined(separator: "="), Style(bold: true)),
        Span(" at par", Style(.warning, bold: true)),
      ]
    }
    let merged = group.mergedCount
    let live = "  \(merged) of \(group.members.count) venues"
    spans.append(Span(live, Style(merged == group.members.count ? .muted : .warning)))
    grid.put(
      spans.fitted(row.width, ellipsis: Glyphs.forTerminal(ascii: ascii).ellipsis), x: row.x, y: row.y,
      clip: row)
  }

  private func renderHeader(into grid: inout Grid, row: Rect, cols: Columns) {
    let style = Style(.muted)
    var x = row.x + 1
    grid.put("Price", x: x, y: row.y, rightAlignedIn: cols.price, style: style, clip: row)
    x += cols.price + 2
    grid.put(sizeTitle, x: x, y: row.y, rightAlignedIn: cols.size, style: style, clip: row)
  }

  private func renderLevel(
    _ level: ConsolidatedLevel, n: Int, side: BookSide, group: QuoteGroup, price: String, size: String,
    into grid: inout Grid, row: Rect, cols: Columns, scaleMax: Int64
  ) {
    var x = row.x + 1
    let priceText = NumberFormat.fit(price, width: cols.price, value: level.price.doubleValue)
    grid.put(
      priceText, x: x, y: row.y, rightAlignedIn: cols.price, style: Style(side == .bid ? .buy : .sell),
      clip: row)
    x += cols.price + 2
    let scale = Double(FixedDecimal.powerOfTen(book.options.baseScale))
    let sizeText = NumberFormat.fit(size, width: cols.size, value: Double(level.size) / scale)
    grid.put(sizeText, x: x, y: row.y, rightAlignedIn: cols.size, clip: row)
    x += cols.size + 1
    guard cols.slots > 0 else { return }
    for m in 0..<cols.slots where group.contribution(side, level: n, member: m) > 0 {
      grid.put(marks.cell(group.members[m]), x: x + m, y: row.y, clip: row)
    }
    x += cols.slots + 1
    guard cols.bar > 0, level.size > 0 else { return }
    // The bar's length, then each member's part of it by its running share (the parts add up
    // to the whole length exactly); every member with size here keeps at least one cell while
    // the bar has room, so a small share never vanishes from the bar.
    var contributors = 0
    for m in group.members.indices where group.contribution(side, level: n, member: m) > 0 {
      contributors += 1
    }
    let scaled = Int((Double(level.size) / Double(scaleMax) * Double(cols.bar)).rounded())
    let length = min(cols.bar, max(scaled, contributors, 1))
    var running: Int64 = 0
    var start = 0
    var left = contributors
    for m in group.members.indices {
      let share = group.contribution(side, level: n, member: m)
      guard share > 0 else { continue }
      let (sum, overflow) = running.addingReportingOverflow(share)
      running = overflow ? .max : sum
      left -= 1
      let ideal = Int((Double(running) / Double(level.size) * Double(length)).rounded())
      let end = min(max(ideal, start + 1), length - left)
      guard end > start else { continue }
      let i = group.members[m]
      let cell = ascii ? Cell(marks.letter(i), Style(marks.color(i))) : Cell("█", Style(marks.color(i)))
      grid.fill(Rect(x: x + start, y: row.y, width: end - start, height: 1).intersection(row), with: cell)
      start = end
    }
  }

  private func renderSpread(_ group: QuoteGroup, into grid: inout Grid, row: Rect, decimals: Int) {
    guard !row.isEmpty else { return }
    let glyphs = Glyphs.forTerminal(ascii: ascii)
    var style = Style(.muted)
    let step = NumberFormat.fixed(book.options.step.doubleValue, decimals: decimals)
    var variants: [String]
    if let bid = group.bids.first?.price, let ask = group.asks.first?.price {
      let gap = NumberFormat.fixed(ask.doubleValue - bid.doubleValue, decimals: decimals)
      if bid >= ask {
        // Buckets of different venues crossing: say so (it is what the spread matrix details).
        style = Style(.warning, bold: true)
        let ge = ascii ? ">=" : "≥"
        variants = ["crossed: bid \(ge) ask  grp \(step)", "crossed"]
      } else {
        variants = ["spread \(gap)  grp \(step)", "spread \(gap)", gap]
      }
    } else if group.mergedCount == 0 {
      style = Style(.warning)
      variants = ["no live venue", "none live"]
    } else {
      variants = [
        group.bids.isEmpty == group.asks.isEmpty ? "no levels" : group.bids.isEmpty ? "no bids" : "no asks"
      ]
    }
    grid.repeatCharacter(glyphs.rule, count: row.width, x: row.x, y: row.y, style: Style(.muted), clip: row)
    guard let text = variants.first(where: { $0.columns + 4 <= row.width }) else { return }
    grid.put(
      " " + text + " ", x: row.x + (row.width - text.columns - 2) / 2, y: row.y, style: style, clip: row)
  }
}
