/// The help: a box centred over the screen listing every key and what it does, in as many
/// columns as fit the width and, when even they do not hold every line, in pages (`page`; the
/// footer says how to turn them). A line too long for its column wraps at words (indented under
/// its action). It clears what it covers; the rest is left as it was.
public struct HelpOverlay: Sendable {
  public var title: String
  public var entries: [KeyHint]
  /// Shown in the bottom border (after the page number when there are pages).
  public var footer: String
  /// ASCII glyphs only (`--ascii`, or a locale without UTF-8).
  public var ascii: Bool
  /// The page shown (clamped to the last).
  public var page: Int

  public init(
    title: String = "Keys", entries: [KeyHint], footer: String = "any key closes", ascii: Bool = false,
    page: Int = 0
  ) {
    self.title = title
    self.entries = entries
    self.footer = footer
    self.ascii = ascii
    self.page = page
  }

  /// Columns between two columns of entries.
  static let columnGap = 3
  /// The keys' column is at most this wide (a longer list of keys is cut with an ellipsis).
  static let maxKeyWidth = 22
  /// A column narrower than this for its action text is not worth a second column.
  static let minActionWidth = 28

  /// The layout in `area`: the box, entry columns, rows per column, a column's width, the key
  /// column's width, the number of pages, and the lines drawn (each entry's action wrapped at
  /// words to the column's width, its next lines under it with no key: never cut mid-word).
  func geometry(
    in area: Rect
  ) -> (
    box: Rect, columns: Int, rows: Int, cell: Int, keyWidth: Int, pages: Int, lines: [KeyHint]
  ) {
    let entries = lines
    let keyWidth = min(Self.maxKeyWidth, entries.map(\.key.count).max() ?? 0)
    let actionWidth = entries.map(\.action.count).max() ?? 0
    let entryWidth = keyWidth + 2 + actionWidth
    let maxRows = max(1, area.height - 2)
    let usable = max(1, area.width - 4)
    // As many columns as the lines need, but only as many as fit side by side.
    let fit = max(
      1, (usable + Self.columnGap) / (keyWidth + 2 + min(actionWidth, Self.minActionWidth) + Self.columnGap))
    var columns = 1
    var wrapped = entries
    var content = 1
    for c in 1...fit {
      content = min(usable, c * entryWidth + (c - 1) * Self.columnGap)
      let cell = max(1, (content - (c - 1) * Self.columnGap) / c)
      columns = c
      wrapped = Self.wrap(entries, width: cell - keyWidth - 2, keyWidth: keyWidth)
      if wrapped.count <= c * maxRows { break }
    }
    let perPage = columns * maxRows
    let pages = max(1, (wrapped.count + perPage - 1) / perPage)
    let rows = pages > 1 ? maxRows : max(1, (wrapped.count + columns - 1) / columns)
    let footerText = pages > 1 ? Self.pageFooter(page: min(page, pages - 1), of: pages, footer) : footer
    // Title and footer must fit in the borders too.
    content = max(content, title.count + 2, footerText.count + 2)
    let box = area.centered(width: content + 4, height: rows + 2)
    let cell = max(1, (box.width - 4 - (columns - 1) * Self.columnGap) / columns)
    return (box, columns, rows, cell, keyWidth, pages, wrapped)
  }

  /// `entries` with each action longer than `width` broken at spaces into lines of at most
  /// `width` (a word longer than that is cut, the only cut left); the next lines have no key.
  /// Keys longer than `keyWidth` take a line of their own, their action under them.
  static func wrap(_ entries: [KeyHint], width: Int, keyWidth: Int = .max) -> [KeyHint] {
    guard width >= 8 else { return entries }
    var out: [KeyHint] = []
    for entry in entries {
      var key = entry.key
      if key.count > keyWidth {
        out.append(KeyHint(key, ""))
        key = ""
      }
      var line = ""
      for word in entry.action.split(separator: " ", omittingEmptySubsequences: false) {
        if !line.isEmpty, line.count + 1 + word.count > width {
          out.append(KeyHint(key, line))
          key = ""
          line = "  " + word
        } else {
          line += (line.isEmpty ? "" : " ") + word
        }
      }
      out.append(KeyHint(key, line))
    }
    return out
  }

  /// The entries as given: folded to ASCII under `ascii`.
  var lines: [KeyHint] { ascii ? entries.map { $0.folded(ascii: true) } : entries }

  /// The number of pages the help takes in `area`.
  public func pageCount(in area: Rect) -> Int { geometry(in: area).pages }

  static func pageFooter(page: Int, of pages: Int, _ footer: String) -> String {
    page + 1 < pages
      ? "\(page + 1)/\(pages) · Space: next · other keys close" : "\(page + 1)/\(pages) · \(footer)"
  }

  /// Draws the help box centred in `area`, clearing only the box.
  public func render(into grid: inout Grid, area: Rect) {
    let area = area.intersection(grid.bounds)
    guard area.width >= 4, area.height >= 3 else { return }
    let glyphs = Glyphs.forTerminal(ascii: ascii)
    let (box, columns, rows, cell, keyWidth, pages, lines) = geometry(in: area)
    let shown = min(max(0, page), pages - 1)
    grid.fill(box)
    let footerText = pages > 1 ? Self.pageFooter(page: shown, of: pages, footer) : footer
    Box(title: title, footer: footerText, focused: true, ascii: ascii).render(into: &grid, area: box)
    let inside = box.inset(1)
    let first = shown * columns * rows
    for (i, entry) in lines.dropFirst(first).prefix(columns * rows).enumerated() {
      let column = i / rows
      let row = i % rows
      guard column < columns, row < inside.height else { continue }
      let x = inside.x + 1 + column * (cell + Self.columnGap)
      let clip = Rect(x: x, y: inside.y + row, width: cell, height: 1).intersection(inside)
      // A key longer than its column has the row to itself (its action on the next rows).
      let spans =
        entry.key.count > keyWidth && entry.action.isEmpty
        ? [Span(entry.key, Style(.accent, bold: true))]
        : [Span(entry.key.padRight(keyWidth), Style(.accent, bold: true)), Span("  " + entry.action)]
      grid.put(spans.fitted(clip.width, ellipsis: glyphs.ellipsis), x: x, y: clip.y, clip: clip)
    }
  }
}
