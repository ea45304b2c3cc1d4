/// The symbol picker: a box centred over the screen with a filter field and a list of
/// symbols, the selected row highlighted and kept in view. Filtering is the caller's:
/// `items` is the list to show, `selected` an index into it.
public struct SymbolPicker: Sendable {
  /// One row of the list.
  public struct Item: Sendable, Hashable {
    public var symbol: String
    /// A few words after the symbol (type, underlying, volume); may be empty.
    public var detail: String

    public init(_ symbol: String, detail: String = "") {
      self.symbol = symbol
      self.detail = detail
    }
  }

  public var title: String
  /// The text typed so far.
  public var filter: String
  public var items: [Item]
  /// The index of the selected row in `items`.
  public var selected: Int
  /// Shown instead of the list while it is empty: `loading…`, `no match`, an error.
  public var message: String?
  /// ASCII glyphs only (`--ascii`, or a locale without UTF-8).
  public var ascii: Bool

  public init(
    title: String = "Symbol", filter: String, items: [Item], selected: Int, message: String? = nil,
    ascii: Bool = false
  ) {
    self.title = title
    self.filter = filter
    self.items = items
    self.selected = selected
    self.message = message
    self.ascii = ascii
  }

  /// The most list rows the box shows.
  public static let maxListRows = 15
  /// The most rows a message (shown instead of an empty list) wraps over.
  public static let maxMessageRows = 4

  /// The index of the first visible row that keeps `selected` in view of `rows` rows:
  /// the selection sits in the middle when it can, and the list never scrolls past its end.
  public static func firstVisible(selected: Int, count: Int, rows: Int) -> Int {
    guard rows > 0, count > rows else { return 0 }
    let s = min(max(0, selected), count - 1)
    return min(max(0, s - rows / 2), count - rows)
  }

  /// The box the picker takes inside `area`.
  public func box(in area: Rect) -> Rect {
    let widest = items.map { $0.symbol.count + ($0.detail.isEmpty ? 0 : 2 + $0.detail.count) }.max() ?? 0
    let width = max(min(max(36, widest + 6, title.count + 6), area.width - 2, 72), min(area.width, 16))
    var listRows = min(Self.maxListRows, max(1, items.count))
    if items.isEmpty {
      listRows = Self.wrap(message ?? "no match", width: width - 4, rows: Self.maxMessageRows).count
    }
    return area.centered(width: width, height: min(area.height, listRows + 4))
  }

  /// `text` broken at spaces into lines of at most `width` columns, at most `rows` of them (the
  /// last cut with an ellipsis when there is more). A word longer than a line is broken.
  public static func wrap(_ text: String, width: Int, rows: Int, ellipsis: Character = "…") -> [String] {
    guard width > 0, rows > 0 else { return [] }
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      var word = Substring(word)
      while !word.isEmpty {
        let room = line.isEmpty ? width : width - line.count - 1
        if word.count <= room {
          line += (line.isEmpty ? "" : " ") + word
          word = ""
        } else if line.isEmpty {
          lines.append(String(word.prefix(width)))
          word = word.dropFirst(width)
        } else {
          lines.append(line)
          line = ""
        }
      }
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    guard lines.count > rows else { return lines }
    var kept = Array(lines.prefix(rows))
    kept[rows - 1] = (kept[rows - 1] + " " + lines[rows]).fitted(width, ellipsis: ellipsis, force: true)
    return kept
  }

  /// Draws the picker box centred in `area`, clearing only the box.
  public func render(into grid: inout Grid, area: Rect) {
    let area = area.intersection(grid.bounds)
    guard area.width >= 8, area.height >= 5 else { return }
    let glyphs = Glyphs.forTerminal(ascii: ascii)
    let box = self.box(in: area)
    grid.fill(box)
    let footer = ascii ? "Up/Down Enter Esc" : "↑↓ Enter Esc"
    Box(title: title, footer: footer, focused: true, ascii: ascii).render(into: &grid, area: box)
    let inside = box.inset(1)
    let line = Rect(x: inside.x + 1, y: inside.y, width: inside.width - 2, height: 1)

    // The field: what was typed, then the cursor; the end stays visible when it is long.
    var x = grid.put("Filter: ", x: line.x, y: line.y, style: Style(.muted), clip: line)
    let room = max(0, line.maxX - x - 1)
    let typed = filter.count > room ? String(filter.suffix(room)) : filter
    x = grid.put(typed, x: x, y: line.y, style: Style(bold: true), clip: line)
    grid.put(String(glyphs.cursor), x: x, y: line.y, style: Style(.accent), clip: line)
    grid.repeatCharacter(
      glyphs.border.horizontal, count: inside.width, x: inside.x, y: inside.y + 1, style: Style(.muted),
      clip: inside)

    let list = Rect(x: line.x, y: inside.y + 2, width: line.width, height: inside.height - 2)
    guard !items.isEmpty else {
      let lines = Self.wrap(
        (message ?? "no match").folded(ascii: ascii), width: list.width,
        rows: min(list.height, Self.maxMessageRows),
        ellipsis: glyphs.ellipsis)
      for (n, text) in lines.enumerated() {
        grid.put(text, x: list.x, y: list.y + n, style: Style(.muted), clip: list)
      }
      return
    }
    // Symbols line up in a column as wide as the longest, but no wider than leaves room for
    // the pointer: a longer symbol is cut with an ellipsis on its own row, and never pushes
    // an ellipsis into the rows of the short ones.
    let symbolWidth = min(items.map(\.symbol.count).max() ?? 0, max(1, list.width - 2))
    let first = Self.firstVisible(selected: selected, count: items.count, rows: list.height)
    for n in 0..<list.height {
      let i = first + n
      guard i < items.count else { break }
      let item = items[i]
      let row = list.row(n)
      let isSelected = i == selected
      let base = isSelected ? Style(.accent, bold: true, reverse: true) : Style()
      if isSelected { grid.fill(row, with: Cell(" ", base)) }
      let symbol = item.symbol.fitted(symbolWidth, ellipsis: glyphs.ellipsis)
      var spans = [
        Span(isSelected ? "\(glyphs.pointer) " : "  ", base), Span(symbol.padRight(symbolWidth), base),
      ]
      if !item.detail.isEmpty { spans.append(Span("  " + item.detail, isSelected ? base : Style(.muted))) }
      grid.put(spans.fitted(row.width, ellipsis: glyphs.ellipsis), x: row.x, y: row.y, clip: row)
    }
  }
}
