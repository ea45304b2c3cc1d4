import MarketModel

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
      // Overwriting half of a two-column character blanks the other half: never half-drawn.
      if !newValue.isContinuation { splitPair(x: x, y: y) }
      cells[y * width + x] = newValue
    }
  }

  /// If the cell at (x, y) is half of a two-column character, blanks both halves (each keeps
  /// its style): called on the first and last cell of a run about to be written, so that no
  /// character is left with one half overwritten.
  @inline(__always)
  mutating func splitPair(x: Int, y: Int) {
    let i = y * width + x
    let cell = cells[i]
    if cell.isContinuation {
      cells[i] = Cell(scalar: " ", cell.style)
      if x > 0 { cells[i - 1] = Cell(scalar: " ", cells[i - 1].style) }
    } else if cell.isWide {
      cells[i] = Cell(scalar: " ", cell.style)
      if x + 1 < width { cells[i + 1] = Cell(scalar: " ", cells[i + 1].style) }
    }
  }

  /// `splitPair` at both ends of the run `start..<end` of row `y`.
  @inline(__always)
  mutating func splitPairs(y: Int, from start: Int, to end: Int) {
    guard start < end else { return }
    splitPair(x: start, y: y)
    if end - 1 != start { splitPair(x: end - 1, y: y) }
  }

  /// Writes `text` at (x, y), clipped to `clip` (default: the whole grid). Characters that
  /// must not reach a terminal raw (`TerminalText.isSafe`: controls, C1, bidi controls) are
  /// shown as `?`, so text from the network can never reach the terminal as an escape
  /// sequence. Returns the column after the last character written.
  ///
  /// Each character (grapheme cluster) takes one cell, or two for a character two columns wide
  /// (`CharacterWidth`: ⭐, ⌚, CJK). A wide character never shows by half: where only one of its
  /// columns lies inside the clip, that column is a space. Text whose every scalar is its own
  /// one-column character (the usual: ASCII, numbers, box lines, blocks) is written scalar by
  /// scalar without grapheme breaking.
  @discardableResult
  public mutating func put(_ text: String, x: Int, y: Int, style: Style = .plain, clip: Rect? = nil) -> Int {
    let area = (clip ?? bounds).intersection(bounds)
    guard y >= area.y, y < area.maxY else { return x }
    if let end = putSimple(text, x: x, y: y, style: style, area: area) { return end }
    let row = y * width
    splitPairs(y: y, from: max(x, area.x), to: min(x + text.columns, area.maxX))
    var column = x
    for ch in text {
      if column >= area.maxX { break }
      let (scalar, columns) = Self.cell(ch)
      if columns == 2 {
        let (head, tail) = Cell.wide(scalar, style)
        if column >= area.x && column + 1 < area.maxX {
          cells[row + column] = head
          cells[row + column + 1] = tail
        } else if column >= area.x {
          cells[row + column] = Cell(scalar: " ", style)
        } else if column + 1 >= area.x && column + 1 < area.maxX {
          cells[row + column + 1] = Cell(scalar: " ", style)
        }
      } else if column >= area.x {
        cells[row + column] = Cell(scalar: scalar, style)
      }
      column += columns
    }
    return min(column, max(x, area.maxX))
  }

  /// `put` for text whose scalars are each a character of one column (nil, writing
  /// nothing, for any other text).
  private mutating func putSimple(_ text: String, x: Int, y: Int, style: Style, area: Rect) -> Int? {
    let ascii = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
      // Printable ASCII: one byte, one cell.
      for b in bytes where b < 0x20 || b >= 0x7F { return nil }
      // Like the loop in `put`: the column after the text, or the clip's edge.
      let after = min(x + bytes.count, max(x, area.maxX))
      let start = max(x, area.x)
      let end = min(x + bytes.count, area.maxX)
      guard start < end else { return after }
      let row = y * width
      splitPairs(y: y, from: start, to: end)
      cells.withUnsafeMutableBufferPointer { cells in
        for column in start..<end {
          cells[row + column] = Cell(scalar: Unicode.Scalar(bytes[column - x]), style)
        }
      }
      return after
    }
    if let ascii, let end = ascii { return end }
    var count = 0
    for scalar in text.unicodeScalars {
      guard Self.standsAlone(scalar) else { return nil }
      count += 1
    }
    splitPairs(y: y, from: max(x, area.x), to: min(x + count, area.maxX))
    var column = x
    for scalar in text.unicodeScalars {
      if column >= area.maxX { break }
      if column >= area.x { cells[y * width + column] = Cell(scalar: scalar, style) }
      column += 1
    }
    return column
  }

  /// `put(text.padLeft(width), …)` for printable ASCII text (numbers, labels): padding and
  /// text in one pass over the row, `y` already inside `area`. Nil, writing nothing, for other
  /// text.
  mutating func putRightAlignedASCII(
    _ text: String, x: Int, y: Int, width: Int, style: Style, area: Rect
  ) -> Int? {
    let end = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
      for b in bytes where b < 0x20 || b >= 0x7F { return nil }
      let pad = max(0, width - bytes.count)
      let total = pad + bytes.count
      let start = max(x, area.x)
      let end = min(x + total, area.maxX)
      if start < end {
        let row = y * self.width
        splitPairs(y: y, from: start, to: end)
        cells.withUnsafeMutableBufferPointer { cells in
          for column in start..<end {
            let i = column - x
            cells[row + column] = Cell(scalar: i < pad ? " " : Unicode.Scalar(bytes[i - pad]), style)
          }
        }
      }
      // Like the loop in `put`: the column after the text, or the clip's edge.
      return min(x + total, max(x, area.maxX))
    }
    return end ?? nil
  }

  /// Writes `cell` at (x, y) if it lies inside `clip` (default: the whole grid).
  public mutating func put(_ cell: Cell, x: Int, y: Int, clip: Rect? = nil) {
    let area = (clip ?? bounds).intersection(bounds)
    guard y >= area.y, y < area.maxY, x >= area.x, x < area.maxX else { return }
    splitPair(x: x, y: y)
    cells[y * width + x] = cell
  }

  /// Fills `rect` with `cell`.
  public mutating func fill(_ rect: Rect, with cell: Cell = .blank) {
    let r = rect.intersection(bounds)
    guard !r.isEmpty else { return }
    for y in r.y..<r.maxY { splitPairs(y: y, from: r.x, to: r.maxX) }
    let width = width
    cells.withUnsafeMutableBufferPointer { cells in
      guard let base = cells.baseAddress else { return }
      for y in r.y..<r.maxY {
        (base + y * width + r.x).update(repeating: cell, count: r.width)
      }
    }
  }

  /// The cells, row by row, for a widget that writes many of them itself (no clipping: it
  /// keeps to the grid).
  mutating func withUnsafeCells<R>(_ body: (UnsafeMutableBufferPointer<Cell>) -> R) -> R {
    cells.withUnsafeMutableBufferPointer { body($0) }
  }

  /// Restyles every cell in `rect` (e.g. to dim a pane).
  public mutating func restyle(_ rect: Rect, _ change: (inout Style) -> Void) {
    let r = rect.intersection(bounds)
    guard !r.isEmpty else { return }
    for y in r.y..<r.maxY {
      for x in r.x..<r.maxX { change(&cells[y * width + x].style) }
    }
  }

  /// Row `y` as plain text (trailing spaces kept), for tests and screen dumps: as a terminal
  /// shows it, a two-column character once.
  public func line(_ y: Int) -> String {
    var text = String.UnicodeScalarView()
    text.append(
      contentsOf: cells[(y * width)..<((y + 1) * width)].lazy.filter { !$0.isContinuation }.map(\.scalar))
    return String(text)
  }

  /// Every row as text, joined by newlines.
  public var text: String { (0..<height).map(line).joined(separator: "\n") }

  /// A printable, one-column stand-in for characters that must not reach a terminal
  /// raw (controls, including ESC) or that do not fit one cell (two columns, or none).
  public static func safe(_ ch: Character) -> Character {
    Character(safeScalar(ch))
  }

  /// `safe` as the one scalar a cell holds.
  public static func safeScalar(_ ch: Character) -> Unicode.Scalar {
    let (scalar, columns) = cell(ch)
    return columns == 1 ? scalar : "?"
  }

  /// What a grid shows for `ch`, and in how many columns: a lone scalar that may reach the
  /// terminal (`TerminalText.isSafe`) and takes one or two columns (`CharacterWidth`) as it is;
  /// anything else (controls, characters of no column of their own, clusters of several
  /// scalars) as `?` in one column.
  static func cell(_ ch: Character) -> (scalar: Unicode.Scalar, columns: Int) {
    let scalars = ch.unicodeScalars
    guard let scalar = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex,
      TerminalText.isSafe(scalar)
    else { return ("?", 1) }
    switch CharacterWidth.of(scalar) {
    case 1: return (scalar, 1)
    case 2: return (scalar, 2)
    default: return ("?", 1)
    }
  }

  /// The columns `ch` takes in a grid (`cell`).
  static func columns(_ ch: Character) -> Int { cell(ch).columns }

  /// Whether `scalar` is printable and always a character of its own, whatever surrounds
  /// it, when its neighbours are such scalars too: no combining marks, joiners, Hangul
  /// jamo, regional indicators or prepended marks (all outside these ranges), no controls.
  static func standsAlone(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    // One column each (CharacterWidth; checked against wcwidth by the Terminal tests): not all
    // of U+2190–U+2BFF, which holds wide ones such as ⌚ and ⭐.
    case 0x20..<0x7F, 0xA0..<0x300, 0x2010...0x2027, 0x2030...0x205E, 0x2190...0x2319, 0x2500...0x25FC:
      return true
    default: return false
    }
  }
}
