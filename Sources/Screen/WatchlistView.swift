/// The watchlist pane's list (issue 29): one line per favourite, in the order starred —
/// `▶ ETHUSD  3,400.00  +1.24%  0s` — the instrument on screen marked with the pointer and
/// its symbol bold, another venue's written `venue:SYMBOL`, then the last price, the 24 h
/// change (green up, red down) and how old those numbers are.
///
/// Stale is never drawn as live: a line whose numbers are older than their limit is dimmed
/// whole and keeps its age; a favourite with no numbers here says why on its line
/// (`not live: open it`) instead of a price. The selected line is in reverse video while the
/// pane has the keys. On a narrow area the 24 h change goes first, then the symbols are cut;
/// the age stays.
public struct WatchlistView: Sendable {
  /// One favourite's line.
  public struct Line: Sendable, Hashable {
    /// What the line can say of the instrument.
    public enum Quote: Sendable, Hashable {
      /// Its numbers, `ageMs` old; `stale` past their limit (dimmed).
      case priced(last: Double?, decimals: Int, change24h: Double?, ageMs: Int64, stale: Bool)
      /// No number to show, and why (`not live: open it`, `no data yet`), with a shorter form
      /// for a narrow line (`not live`): muted.
      case absent(String, short: String? = nil)
    }

    /// The symbol as shown: `ETHUSD` (BitMEX's), or `kraken:BTC/USD` for another venue's.
    public var label: String
    /// The instrument on screen.
    public var current: Bool
    public var quote: Quote

    public init(label: String, current: Bool = false, quote: Quote) {
      self.label = label
      self.current = current
      self.quote = quote
    }
  }

  public var lines: [Line]
  /// The selected line, kept in view.
  public var cursor: Int
  /// Whether the selected line is drawn in reverse video: while the pane has the keys.
  public var showsCursor: Bool
  /// What the pane says with no favourite.
  public var empty: String
  public var ascii: Bool

  public init(
    lines: [Line], cursor: Int = 0, showsCursor: Bool = false, empty: String = "", ascii: Bool = false
  ) {
    self.lines = lines
    self.cursor = cursor
    self.showsCursor = showsCursor
    self.empty = empty
    self.ascii = ascii
  }

  /// The index of the first line shown in `height` rows (the selected line kept in view): the
  /// line under a click is this plus its row.
  public func firstVisible(height: Int) -> Int {
    SymbolPicker.firstVisible(selected: cursor, count: lines.count, rows: height)
  }

  /// The columns each part takes: the symbol's, the price's, the change's (0 when dropped), the
  /// age's, and the gap between two.
  struct Columns: Equatable {
    var label: Int
    var last: Int
    var change: Int
    var age: Int
    var gap: Int

    /// The numbers' block after the symbols: price, change, age.
    var numbers: Int { last + (change > 0 ? gap + change : 0) + gap + age }
  }

  /// The widths that fit `width`: each number column as wide as its widest text, the symbols'
  /// as wide as the widest symbol, two columns apart; one apart when that makes the symbols fit,
  /// then the change dropped, then the symbols cut (to 4 columns at least).
  func columns(width: Int) -> Columns {
    var last = 0
    var change = 0
    var age = 0
    var note = 0
    for line in lines {
      switch line.quote {
      case .priced(let price, let decimals, let change24h, let ageMs, _):
        last = max(last, NumberFormat.price(price, decimals: decimals).columns)
        change = max(change, Self.changeText(change24h).columns)
        age = max(age, Self.ageText(ageMs).columns)
      case .absent(let why, let short):
        note = max(note, (short ?? why).columns)
      }
    }
    let label = lines.map(\.label.columns).max() ?? 0
    let choices = [
      Columns(label: label, last: last, change: change, age: age, gap: 2),
      Columns(label: label, last: last, change: change, age: age, gap: 1),
      Columns(label: label, last: last, change: 0, age: age, gap: 1),
    ]
    // The marker takes 2 columns; a line's note where its numbers would be.
    func room(_ c: Columns) -> Int { width - 2 - c.gap - max(c.numbers, note) }
    var chosen = choices.first { room($0) >= label } ?? choices[choices.count - 1]
    chosen.label = max(min(label, room(chosen)), min(label, 4))
    return chosen
  }

  public func render(into grid: inout Grid, area: Rect) {
    let area = area.intersection(grid.bounds)
    guard !area.isEmpty else { return }
    grid.fill(area, with: Cell(" "))
    if lines.isEmpty {
      _ = grid.put(empty, x: area.x, y: area.y, style: Style(.muted), clip: area)
      return
    }
    let glyphs = Glyphs.forTerminal(ascii: ascii)
    let c = columns(width: area.width)
    let first = firstVisible(height: area.height)
    for n in 0..<min(area.height, lines.count - first) {
      let index = first + n
      let line = lines[index]
      let y = area.y + n
      let row = Rect(x: area.x, y: y, width: area.width, height: 1)
      if line.current {
        _ = grid.put(String(glyphs.pointer), x: area.x, y: y, style: Style(.accent), clip: row)
      }
      _ = grid.put(
        line.label.fitted(c.label, ellipsis: glyphs.ellipsis), x: area.x + 2, y: y,
        style: Style(line.current ? .accent : .normal, bold: line.current), clip: row)
      switch line.quote {
      case .priced(let price, let decimals, let change24h, let ageMs, let stale):
        // After the symbols' column, each number right-aligned in its own: the lines read as
        // a table, and on a wide pane the numbers stay by their symbol.
        var x = area.x + 2 + c.label + c.gap
        put(&grid, NumberFormat.price(price, decimals: decimals), right: x + c.last, y: y, clip: row)
        x += c.last + c.gap
        if c.change > 0 {
          let style = change24h.map { $0 > 0 ? Style(.up) : $0 < 0 ? Style(.down) : .plain } ?? .plain
          put(&grid, Self.changeText(change24h), right: x + c.change, y: y, style: style, clip: row)
          x += c.change + c.gap
        }
        put(&grid, Self.ageText(ageMs), right: x + c.age, y: y, style: Style(.muted), clip: row)
        if stale { grid.restyle(row) { $0.dim = true } }
      case .absent(let why, let short):
        let x = area.x + 2 + c.label + c.gap
        let text = why.columns <= area.x + area.width - x ? why : short ?? why
        _ = grid.put(text, x: x, y: y, style: Style(.muted), clip: row)
      }
      if showsCursor, index == cursor { grid.restyle(row) { $0.reverse = true } }
    }
  }

  /// `text` right-aligned to end before column `right`.
  private func put(
    _ grid: inout Grid, _ text: String, right: Int, y: Int, style: Style = .plain, clip: Rect
  ) {
    _ = grid.put(text, x: right - text.columns, y: y, style: style, clip: clip)
  }

  /// The 24 h change as a signed percent, `?` when unknown.
  static func changeText(_ change: Double?) -> String {
    change.map { NumberFormat.percent($0) } ?? NumberFormat.unknown
  }

  /// How old a line's numbers are: `0s`, `12s`, `4m05s`.
  static func ageText(_ ms: Int64) -> String { NumberFormat.duration(ms: ms) }
}
