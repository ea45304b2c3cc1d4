/// A screen's worth of cells that widgets draw into (like ratatui's buffer). The
/// Terminal layer flushes a Grid to ncurses; tests read it back as text.
public struct Grid: Sendable, Hashable {
  public let width: Int
  public let height: Int
  public private(set) var cells: [Cell]

  public init(width: Int, height: Int, fill: Cell = .blank) {
    self.width = max(0, width)
    self.height = max(0, height)
    cells = Array(repeating: fill, count: self.width * self.height)
  }

  /// The whole grid as a rectangle.
  public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

  public subscript(x: Int, y: Int) -> Cell {
    get { cells[y * width + x] }
    set {
      guard x >= 0, y >= 0, x < width, y < height else { return }
      cells[y * width + x] = newValue
    }
  }

  /// Writes `text` at (x, y), clipped to `clip` (default: the whole grid). Control
  /// characters are shown as `?` so text from the network can never reach the terminal
  /// as an escape sequence. Returns the column after the last character written.
  @discardableResult
  public mutating func put(_ text: String, x: Int, y: Int, style: Style = .plain, clip: Rect? = nil) -> Int {
    let area = (clip ?? bounds).intersection(bounds)
    guard y >= area.y, y < area.maxY else { return x }
    var column = x
    for ch in text {
      if column >= area.maxX { break }
      if column >= area.x { self[column, y] = Cell(Self.safe(ch), style) }
      column += 1
    }
    return column
  }

  /// Fills `rect` with `cell`.
  public mutating func fill(_ rect: Rect, with cell: Cell = .blank) {
    let r = rect.intersection(bounds)
    guard !r.isEmpty else { return }
    for y in r.y..<r.maxY {
      for x in r.x..<r.maxX { cells[y * width + x] = cell }
    }
  }

  /// Restyles every cell in `rect` (e.g. to dim a pane).
  public mutating func restyle(_ rect: Rect, _ change: (inout Style) -> Void) {
    let r = rect.intersection(bounds)
    guard !r.isEmpty else { return }
    for y in r.y..<r.maxY {
      for x in r.x..<r.maxX { change(&cells[y * width + x].style) }
    }
  }

  /// Row `y` as plain text (trailing spaces kept), for tests and screen dumps.
  public func line(_ y: Int) -> String {
    String(cells[(y * width)..<((y + 1) * width)].map(\.character))
  }

  /// Every row as text, joined by newlines.
  public var text: String { (0..<height).map(line).joined(separator: "\n") }

  /// A printable, one-column stand-in for characters that must not reach a terminal
  /// raw (controls, including ESC) or that would take two columns.
  public static func safe(_ ch: Character) -> Character {
    guard let scalar = ch.unicodeScalars.first, ch.unicodeScalars.count == 1 else { return "?" }
    switch scalar.value {
    case 0..<0x20, 0x7F..<0xA0: return "?"
    case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
      return "?"
    default: return ch
    }
  }
}
