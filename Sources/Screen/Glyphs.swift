/// The characters widgets draw with: Unicode box lines, blocks and arrows, or their ASCII
/// stand-ins for `--ascii` and non-UTF-8 locales.
public struct Glyphs: Sendable, Hashable {
  /// The eight pieces of a rectangle's border.
  public struct Border: Sendable, Hashable {
    public var topLeft: Character
    public var topRight: Character
    public var bottomLeft: Character
    public var bottomRight: Character
    public var horizontal: Character
    public var vertical: Character
  }

  /// The border of an ordinary pane.
  public var border: Border
  /// The border of the focused pane: different shapes, so focus shows without colour.
  public var focusedBorder: Border
  /// A horizontal rule (the book's spread line).
  public var rule: Character
  /// Marks text that was cut short.
  public var ellipsis: Character
  /// Price went up / down (last tick direction).
  public var up: Character
  public var down: Character
  /// Horizontal bar pieces: `barEighths[n]` covers n/8 of a cell (index 0 is unused);
  /// ASCII has only whole cells.
  public var barEighths: [Character]
  /// Vertical ramp for sparklines, lowest first; the last one is a full cell.
  public var spark: [Character]
  /// The chart's axis line, and the axis at a labelled row.
  public var axis: Character
  public var axisTick: Character
  /// The multiplication sign in sizes such as 60×16.
  public var times: Character
  /// The text cursor of an input field.
  public var cursor: Character
  /// The marker of the selected row in a list.
  public var pointer: Character

  /// Unicode box drawing and block elements.
  public static let unicode = Glyphs(
    border: Border(
      topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "─", vertical: "│"),
    focusedBorder: Border(
      topLeft: "┏", topRight: "┓", bottomLeft: "┗", bottomRight: "┛", horizontal: "━", vertical: "┃"),
    rule: "─", ellipsis: "…", up: "▲", down: "▼",
    barEighths: [" ", "▏", "▎", "▍", "▌", "▋", "▊", "▉", "█"],
    spark: ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"],
    axis: "│", axisTick: "┤", times: "×", cursor: "█", pointer: "▶")

  /// Plain ASCII.
  public static let ascii = Glyphs(
    border: Border(
      topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-", vertical: "|"),
    focusedBorder: Border(
      topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "=", vertical: "|"),
    rule: "-", ellipsis: "~", up: "^", down: "v",
    barEighths: [" ", "#"],
    spark: [".", ":", "-", "=", "+", "*", "#", "%", "@"],
    axis: "|", axisTick: "+", times: "x", cursor: "_", pointer: ">")

  /// The set for a terminal: ASCII when `ascii` is set.
  public static func forTerminal(ascii: Bool) -> Glyphs { ascii ? .ascii : .unicode }
}
