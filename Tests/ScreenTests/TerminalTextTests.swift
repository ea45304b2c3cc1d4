import MarketModel
import Testing

@testable import Screen

/// `TerminalText`: the one sanitizer between text from outside and a terminal (the grid and
/// every printed line), and the JSON escaping of `--once --json`.
@Suite struct TerminalTextTests {
  /// (input, sanitized as one line, sanitized keeping newlines)
  static let cases: [(String, String, String)] = [
    ("XBTUSD", "XBTUSD", "XBTUSD"),
    ("", "", ""),
    (
      "price 98,000.5 ▲ +1.2% ─ █ é ü 中", "price 98,000.5 ▲ +1.2% ─ █ é ü 中",
      "price 98,000.5 ▲ +1.2% ─ █ é ü 中"
    ),
    // OSC 2 (window title), OSC 52 (clipboard), CSI 2K + CR (a forged prompt).
    ("a\u{1B}]2;PWNED\u{07}b", "a?]2;PWNED?b", "a?]2;PWNED?b"),
    ("\u{1B}]52;c;aGk=\u{07}", "?]52;c;aGk=?", "?]52;c;aGk=?"),
    ("x\u{1B}[2K\rroot# ", "x?[2K?root# ", "x?[2K?root# "),
    // Every C0 control, DEL; newlines only when kept; tab and CR never.
    ("\u{0}\u{1}\u{8}\t\u{B}\u{C}\u{1A}\u{1F}\u{7F}", "?????????", "?????????"),
    ("one\ntwo\r\n", "one?two??", "one\ntwo?\n"),
    // C1 controls (U+0080–U+009F): U+009B is a one-character CSI, U+0085 a next line.
    ("\u{80}\u{85}\u{8D}\u{9B}31m\u{9C}\u{9F}", "????31m??", "????31m??"),
    // Just outside C1: NBSP and the Latin-1 letters are fine.
    ("\u{A0}\u{A9}ÿ", "\u{A0}\u{A9}ÿ", "\u{A0}\u{A9}ÿ"),
    // Bidi embeddings, overrides, isolates and marks; line and paragraph separators.
    ("user\u{202E}gnp.exe", "user?gnp.exe", "user?gnp.exe"),
    ("\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}", "?????", "?????"),
    ("\u{2066}\u{2067}\u{2068}\u{2069}", "????", "????"),
    ("\u{200E}\u{200F}\u{61C}", "???", "???"),
    ("a\u{2028}b\u{2029}c", "a?b?c", "a?b?c"),
    // Neighbours of the bidi ranges stay.
    (
      "\u{2027}\u{202F}\u{2065}\u{206A}\u{200D}", "\u{2027}\u{202F}\u{2065}\u{206A}\u{200D}",
      "\u{2027}\u{202F}\u{2065}\u{206A}\u{200D}"
    ),
    // Emoji and astral characters are not controls.
    ("⭐⌚😀𝄞", "⭐⌚😀𝄞", "⭐⌚😀𝄞"),
  ]

  @Test(arguments: cases)
  func sanitizes(input: String, line: String, lines: String) {
    #expect(TerminalText.sanitized(input) == line)
    #expect(TerminalText.sanitized(input, keepingNewlines: true) == lines)
  }

  @Test func everyUnsafeScalarIsReplacedAndNothingElse() {
    var unsafe: [UInt32] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let text = String(Character(scalar))
      let out = TerminalText.sanitized(text)
      if !TerminalText.isSafe(scalar) {
        unsafe.append(value)
        #expect(out == "?", "U+\(String(value, radix: 16))")
      } else if out != text {
        Issue.record("U+\(String(value, radix: 16)) changed")
      }
    }
    let expected: [UInt32] =
      Array(0...0x1F) + Array(0x7F...0x9F) + [0x61C, 0x200E, 0x200F] + Array(0x2028...0x202E)
      + Array(0x2066...0x2069)
    #expect(unsafe == expected)
  }

  /// (text, JSON literal)
  static let jsonCases: [(String, String)] = [
    ("XBTUSD", #""XBTUSD""#),
    (#"a"b\c"#, #""a\"b\\c""#),
    ("l1\nl2\r\t", #""l1\nl2\r\t""#),
    ("\u{1B}]2;x\u{07}", #""\u001b]2;x\u0007""#),
    ("\u{0}\u{1F}\u{7F}", #""\u0000\u001f\u007f""#),
    ("\u{85}\u{9B}", #""\u0085\u009b""#),
    ("a\u{202E}b\u{2066}c\u{2028}d", #""a\u202eb\u2066c\u2028d""#),
    ("é中⭐", #""é中⭐""#),
  ]

  @Test(arguments: jsonCases)
  func jsonLiteral(text: String, json: String) {
    #expect(TerminalText.jsonLiteral(text) == json)
  }

  @Test func theGridShowsWhatTheSanitizerWouldPrint() {
    let hostile = "E\u{1B}]2;T\u{07}\u{9B}1m\u{202E}x\u{2066}y"
    var grid = Grid(width: hostile.unicodeScalars.count, height: 1)
    grid.put(hostile, x: 0, y: 0)
    #expect(grid.line(0) == TerminalText.sanitized(hostile))
    #expect(grid.line(0) == "E?]2;T??1m?x?y")
  }
}
