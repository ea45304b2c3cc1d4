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
    let width = min(max(36, widest + 6, title.count + 6), area.width - 2, 72)
    let listRows = min(Self.maxListRows, max(1, items.count))
    return area.centered(width: max(width, min(area.width, 16)), height: min(area.height, listRows + 4))
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
      grid.put(message ?? "no match", x: list.x, y: list.y, style: Style(.muted), clip: list)
      return
    }
    let symbolWidth = items.map(\.symbol.count).max() ?? 0
    let first = Self.firstVisible(selected: selected, count: items.count, rows: list.height)
    for n in 0..<list.height {
      let i = first + n
      guard i < items.count else { break }
      let item = items[i]
      let row = list.row(n)
      let isSelected = i == selected
      let base = isSelected ? Style(.accent, bold: true, reverse: true) : Style()
      if isSelected { grid.fill(row, with: Cell(" ", base)) }
      var spans = [
        Span(isSelected ? "\(glyphs.pointer) " : "  ", base), Span(item.symbol.padRight(symbolWidth), base),
      ]
      if !item.detail.isEmpty { spans.append(Span("  " + item.detail, isSelected ? base : Style(.muted))) }
      grid.put(spans.fitted(row.width, ellipsis: glyphs.ellipsis), x: row.x, y: row.y, clip: row)
    }
  }
}
