/// The order ticket: a box centred over the dashboard, its lines composed by the caller (the
/// app formats prices, sizes and the sweep), a badge (`PAPER`) in the top border's right end.
/// It clears what it covers; the rest is left as it was. Lines that do not fit the height are
/// dropped from the end, so callers put what matters most first.
public struct TicketView: Sendable {
  /// One line of the ticket.
  public enum Line: Sendable, Hashable {
    /// Text in styles.
    case spans([Span])
    /// A horizontal rule across the box.
    case rule
  }

  public var title: String
  /// Shown in the top border's right end, reversed (`PAPER`).
  public var badge: String
  public var lines: [Line]
  /// Shown in the bottom border: the keys.
  public var footer: String
  public var ascii: Bool

  public init(title: String, badge: String, lines: [Line], footer: String, ascii: Bool = false) {
    self.title = title
    self.badge = badge
    self.lines = lines
    self.footer = footer
    self.ascii = ascii
  }

  /// The widest the box gets.
  public static let maxWidth = 82

  /// The box the ticket takes inside `area`.
  public func box(in area: Rect) -> Rect {
    let widest =
      lines.map { line -> Int in
        if case .spans(let spans) = line { return spans.width }
        return 0
      }.max() ?? 0
    let width = min(area.width, max(48, min(Self.maxWidth, max(widest, footer.count) + 4)))
    return area.centered(width: width, height: min(area.height, lines.count + 2))
  }

  /// Draws the ticket centred in `area`.
  public func render(into grid: inout Grid, area: Rect) {
    let area = area.intersection(grid.bounds)
    guard area.width >= 12, area.height >= 4 else { return }
    let glyphs = Glyphs.forTerminal(ascii: ascii)
    let box = self.box(in: area)
    grid.fill(box)
    Box(title: title, footer: footer, focused: true, ascii: ascii).render(into: &grid, area: box)
    if !badge.isEmpty {
      let text = " \(badge) "
      let x = box.maxX - 2 - text.count
      if x > box.x + title.count + 4 {
        grid.put(text, x: x, y: box.y, style: Style(.warning, bold: true, reverse: true), clip: box)
      }
    }
    let inside = box.inset(1)
    for (n, line) in lines.enumerated() where n < inside.height {
      let y = inside.y + n
      switch line {
      case .rule:
        grid.repeatCharacter(
          glyphs.border.horizontal, count: inside.width, x: inside.x, y: y, style: Style(.muted), clip: inside
        )
      case .spans(let spans):
        let row = Rect(x: inside.x + 1, y: y, width: max(0, inside.width - 2), height: 1)
        grid.put(
          spans.folded(ascii: ascii).fitted(row.width, ellipsis: glyphs.ellipsis), x: row.x, y: y, clip: row)
      }
    }
  }
}
