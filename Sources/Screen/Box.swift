/// A bordered pane with a title in its top border and an optional footer in its bottom
/// border (like ratatui's `Block`). It draws only the border: the inside is left alone for
/// the pane's content widget, which renders into `inner(area)`.
///
/// The focused pane gets heavy lines (`=` in ASCII) in the accent colour, so focus shows
/// with and without colour.
public struct Box: Sendable, Hashable {
  /// The title, drawn after the top-left corner; cut with an ellipsis when too long.
  public var title: [Span]
  /// Text at the right end of the bottom border (key hints of an overlay).
  public var footer: [Span]
  public var focused: Bool
  /// ASCII glyphs only (`--ascii`, or a locale without UTF-8).
  public var ascii: Bool

  /// A box whose title is styled from its focus.
  public init(title: String, footer: String = "", focused: Bool = false, ascii: Bool = false) {
    let titleStyle = focused ? Style(.accent, bold: true) : Style(bold: true)
    self.init(
      title: title.isEmpty ? [] : [Span(title, titleStyle)],
      footer: footer.isEmpty ? [] : [Span(footer, Style(.muted))], focused: focused, ascii: ascii)
  }

  /// A box with a title made of styled spans (a pane title with a volume bar, say).
  public init(title: [Span], footer: [Span] = [], focused: Bool = false, ascii: Bool = false) {
    self.title = title
    self.footer = footer
    self.focused = focused
    self.ascii = ascii
  }

  /// The area inside the border.
  public func inner(_ area: Rect) -> Rect { area.inset(1) }

  /// The style of the border lines.
  public var borderStyle: Style { focused ? Style(.accent, bold: true) : Style(.border) }

  /// Draws the border, title and footer along the edges of `area` (at least 2×2).
  public func render(into grid: inout Grid, area: Rect) {
    guard area.width >= 2, area.height >= 2 else { return }
    let glyphs = Glyphs.forTerminal(ascii: ascii)
    let b = focused ? glyphs.focusedBorder : glyphs.border
    let style = borderStyle
    let top = area.y
    let bottom = area.maxY - 1
    let span = area.width - 2
    grid.put(Cell(b.topLeft, style), x: area.x, y: top, clip: area)
    grid.repeatCharacter(b.horizontal, count: span, x: area.x + 1, y: top, style: style, clip: area)
    grid.put(Cell(b.topRight, style), x: area.maxX - 1, y: top, clip: area)
    let vertical = Cell(b.vertical, style)
    for y in (top + 1)..<bottom {
      grid.put(vertical, x: area.x, y: y, clip: area)
      grid.put(vertical, x: area.maxX - 1, y: y, clip: area)
    }
    grid.put(Cell(b.bottomLeft, style), x: area.x, y: bottom, clip: area)
    grid.repeatCharacter(b.horizontal, count: span, x: area.x + 1, y: bottom, style: style, clip: area)
    grid.put(Cell(b.bottomRight, style), x: area.maxX - 1, y: bottom, clip: area)

    // ┌ Title ──┐: a space either side of the title, which needs at least one column.
    let room = area.width - 4
    if !title.isEmpty && room >= 1 {
      let text = title.folded(ascii: ascii).fitted(room, ellipsis: glyphs.ellipsis)
      grid.put(" ", x: area.x + 1, y: top, style: style)
      let end = grid.put(text, x: area.x + 2, y: top)
      grid.put(" ", x: end, y: top, style: style)
    }
    // └── footer ┘: right-aligned, and only when whole (a cut hint helps nobody).
    let footer = footer.folded(ascii: ascii)
    if !footer.isEmpty && footer.width <= room {
      let x = area.maxX - 2 - footer.width
      grid.put(" ", x: x - 1, y: bottom, style: style)
      grid.put(footer, x: x, y: bottom)
      grid.put(" ", x: area.maxX - 2, y: bottom, style: style)
    }
  }
}
