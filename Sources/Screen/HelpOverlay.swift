/// The help: a box centred over the screen listing every key and what it does, in as many
/// columns as the height needs. It clears what it covers; the rest is left as it was.
public struct HelpOverlay: Sendable {
  public var title: String
  public var entries: [KeyHint]
  /// Shown in the bottom border.
  public var footer: String
  /// ASCII glyphs only (`--ascii`, or a locale without UTF-8).
  public var ascii: Bool

  public init(
    title: String = "Keys", entries: [KeyHint], footer: String = "any key closes", ascii: Bool = false
  ) {
    self.title = title
    self.entries = entries
    self.footer = footer
    self.ascii = ascii
  }

  /// Columns between two columns of entries.
  static let columnGap = 3

  /// The box the overlay takes inside `area`, and its number of entry columns.
  func geometry(in area: Rect) -> (box: Rect, columns: Int, rows: Int, cell: Int) {
    let keyWidth = entries.map(\.key.count).max() ?? 0
    let entryWidth = keyWidth + 2 + (entries.map(\.action.count).max() ?? 0)
    let maxRows = max(1, area.height - 2)
    let columns = max(1, (entries.count + maxRows - 1) / maxRows)
    let rows = max(1, (entries.count + columns - 1) / columns)
    // Title and footer must fit in the borders too.
    let content = max(
      columns * entryWidth + (columns - 1) * Self.columnGap, title.count + 2, footer.count + 2)
    let box = area.centered(width: content + 4, height: rows + 2)
    let cell = max(1, (box.width - 4 - (columns - 1) * Self.columnGap) / columns)
    return (box, columns, rows, cell)
  }

  /// Draws the help box centred in `area`, clearing only the box.
  public func render(into grid: inout Grid, area: Rect) {
    let area = area.intersection(grid.bounds)
    guard area.width >= 4, area.height >= 3 else { return }
    let glyphs = Glyphs.forTerminal(ascii: ascii)
    let (box, columns, rows, cell) = geometry(in: area)
    grid.fill(box)
    Box(title: title, footer: footer, focused: true, ascii: ascii).render(into: &grid, area: box)
    let inside = box.inset(1)
    let keyWidth = entries.map(\.key.count).max() ?? 0
    for (i, entry) in entries.enumerated() {
      let column = i / rows
      let row = i % rows
      guard column < columns, row < inside.height else { continue }
      let x = inside.x + 1 + column * (cell + Self.columnGap)
      let clip = Rect(x: x, y: inside.y + row, width: cell, height: 1).intersection(inside)
      let spans = [Span(entry.key.padRight(keyWidth), Style(.accent, bold: true)), Span("  " + entry.action)]
      grid.put(spans.fitted(clip.width, ellipsis: glyphs.ellipsis), x: x, y: clip.y, clip: clip)
    }
  }
}
