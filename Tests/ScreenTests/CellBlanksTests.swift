import Screen
import TestSupport
import Testing

/// `Cell.settleBlanks`: a blank that shows no style of its own takes the style before it, so the
/// terminal is not sent a switch to plain and back across a gap; nothing on screen may look
/// different.
struct CellBlanksTests {
  private static let buy = Style(.buy)
  private static let muted = Style(.muted, bold: true)
  private static let reversed = Style(.accent, reverse: true)
  private static let underlined = Style(.sell, underline: true)

  /// `text`'s cells, each character with the style its letter in `styles` names (`.` plain, `b`
  /// buy, `m` muted bold, `r` reversed, `u` underlined), settled.
  private func settled(_ text: String, _ styles: String) -> [Style] {
    let byLetter: [Character: Style] = [
      ".": .plain, "b": Self.buy, "m": Self.muted, "r": Self.reversed, "u": Self.underlined,
    ]
    var keys = zip(text, styles).map { Cell($0, byLetter[$1]!).key }
    keys.withUnsafeMutableBufferPointer { Cell.settleBlanks($0.baseAddress!, count: $0.count) }
    return keys.map { key in
      var cell = Cell()
      cell.style = Style(raw: UInt16(truncatingIfNeeded: key >> 32))!
      return cell.style
    }
  }

  private func letters(_ styles: [Style]) -> String {
    String(
      styles.map { s in
        s == .plain ? "." : s == Self.buy ? "b" : s == Self.muted ? "m" : s == Self.reversed ? "r" : "u"
      })
  }

  @Test(arguments: [
    // A gap between two fields of one colour takes it: no switch to plain and back.
    ("BUY  98", "bbb..bb", "bbbbbbb"),
    // A gap takes the field before it, whatever comes after.
    ("12  BUY", "mm..bbb", "mmmmbbb"),
    // Blanks at the row's start have nothing before them: plain.
    ("  BUY", "..bbb", "..bbb"),
    ("  BUY", "mmbbb", "..bbb"),
    // A reversed or underlined blank shows its style: kept, and nothing after it takes it.
    ("a  b", "brrb", "brrb"),
    ("a  b", "bu.b", "bu.b"),
    ("r   ", "rmm.", "rmmm"),
    // A blank after a reversed character keeps its own style (taking reverse would show).
    ("r b", "rbb", "rbb"),
    // Characters keep theirs.
    ("abc", "bmu", "bmu"),
  ])
  func blanksTakeTheStyleBefore(text: String, styles: String, expected: String) {
    #expect(letters(settled(text, styles)) == expected, "\(text) \(styles)")
  }

  @Test func aWideCharacterKeepsBothHalves() {
    let (first, second) = Cell.wide("界", Self.buy)
    var keys = [Cell("a", Self.muted).key, first.key, second.key, Cell(" ").key]
    let before = keys
    keys.withUnsafeMutableBufferPointer { Cell.settleBlanks($0.baseAddress!, count: $0.count) }
    #expect(Array(keys[0..<3]) == Array(before[0..<3]))
    // The blank after it takes the wide character's style.
    #expect(keys[3] >> 32 & 0xFFFF == UInt64(Self.buy.raw))
  }

  /// Over seeded random rows: every cell looks as it did (a character keeps its key; a blank
  /// keeps a style that shows, or has one that shows nothing).
  @Test(arguments: [1, 2, 3])
  func aSettledRowLooksTheSame(seed: UInt64) {
    var random = SimRandom(seed: seed)
    let styles: [Style] = [
      .plain, Self.buy, Self.muted, Self.reversed, Self.underlined, Style(.warning, dim: true),
    ]
    let characters: [Character] = [" ", " ", " ", "a", "7", "█"]
    for _ in 0..<200 {
      let row = (0..<40).map { _ in
        Cell(characters[random.below(characters.count)], styles[random.below(styles.count)]).key
      }
      var keys = row
      keys.withUnsafeMutableBufferPointer { Cell.settleBlanks($0.baseAddress!, count: $0.count) }
      for (old, new) in zip(row, keys) {
        #expect(old & 0xFFFF_FFFF == new & 0xFFFF_FFFF, "seed \(seed)")
        if old & 0xFFFF_FFFF != 0x20 || old & Cell.blankShownStyleBits != 0 {
          #expect(old == new, "seed \(seed)")
        } else {
          #expect(new & Cell.blankShownStyleBits == 0, "seed \(seed)")
        }
      }
    }
  }
}
