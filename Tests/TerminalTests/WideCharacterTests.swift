import Screen
import Terminal
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

// ncurses is one global state: these tests run one at a time with the other screen tests, as
// a suite inside theirs (`.serialized` reaches nested suites).
extension TerminalScreenDiffTests {
  /// Characters two columns wide (⭐ ⌚ 中, from a symbol or an instrument name the exchange
  /// sends) through a real ncurses screen: what ncurses holds is the grid, cell for cell — no
  /// character drawn by half, nothing after it shifted — and the grid's widths are the C
  /// library's `wcwidth`, which ncurses and the terminal go by.
  @Suite struct WideCharacterTests {
    private func makeScreen(width: Int, height: Int) throws -> TerminalScreen {
      setlocale(LC_CTYPE, "C.UTF-8")
      let output = try #require(tmpfile())
      let input = try #require(fopen("/dev/null", "r"))
      return try TerminalScreen(
        output: output, input: input, term: "xterm-256color", width: width, height: height,
        options: .init(color: true))
    }

    /// `CharacterWidth` (Screen's table) is `wcwidth` for every character: 2 where it says 2, 0
    /// where it says 0, else 1 (what `wcwidth` cannot show at all is drawn as `?`, one column).
    @Test func theWidthTableIsThisCLibrarysWcwidth() {
      setlocale(LC_CTYPE, "C.UTF-8")
      var differ: [String] = []
      for value in UInt32(0xA0)...0x10FFFF {
        guard let scalar = Unicode.Scalar(value) else { continue }
        let libc = TerminalScreen.columns(scalar)
        let expected = libc == 2 ? 2 : libc == 0 ? 0 : 1
        if CharacterWidth.of(scalar) != expected {
          differ.append("U+\(String(value, radix: 16)): wcwidth \(libc)")
        }
      }
      #expect(
        differ.isEmpty, "\(differ.count) differ (run scripts/character-widths.sh): \(differ.prefix(20))")
    }

    @Test func wideCharactersAreDrawnWholeAndNothingShifts() throws {
      let screen = try makeScreen(width: 30, height: 4)
      defer { screen.restore() }
      var grid = Grid(width: 30, height: 4)
      grid.put("⭐XBT⌚USD 中文 end", x: 0, y: 0, style: Style(.accent, bold: true))
      grid.put("a⭐b", x: 28, y: 1)  // ⭐ at the last column: a space, never half
      grid.put("[⌚⌚⌚]", x: 2, y: 2, clip: Rect(x: 2, y: 2, width: 4, height: 1))
      screen.draw(grid)
      #expect(screen.mismatches(grid).isEmpty, "\(screen.mismatches(grid))")
      #expect(grid.line(0).hasPrefix("⭐XBT⌚USD 中文 end"))
      #expect(grid.line(1).hasSuffix("a "))
      #expect(grid.line(2) == "  [⌚ " + String(repeating: " ", count: 24))

      // Frames that overwrite halves of wide characters, and wide characters over narrow ones.
      grid.put("xy", x: 1, y: 0)
      grid.put("⭐⭐", x: 3, y: 3)
      screen.draw(grid)
      #expect(screen.mismatches(grid).isEmpty, "\(screen.mismatches(grid))")
      #expect(grid.line(0).hasPrefix(" xyBT⌚USD"))
      grid.put("q", x: 5, y: 0)  // the second half of ⌚
      grid[4, 3] = Cell("z")  // the second half of the first ⭐
      screen.draw(grid)
      #expect(screen.mismatches(grid).isEmpty, "\(screen.mismatches(grid))")
      #expect(grid.line(0).hasPrefix(" xyBTq USD"))
      #expect(grid.line(3).hasPrefix("    z⭐"))
    }

    /// Random frames of narrow and wide characters: after each, ncurses holds the grid.
    @Test(arguments: [1, 2, 3, 4, 5, 6])
    func randomFramesWithWideCharacters(seed: UInt64) throws {
      let screen = try makeScreen(width: 40, height: 8)
      defer { screen.restore() }
      var random = SimRandom(seed: seed)
      let pieces = ["ab", "⭐", "⌚", "中文", " ", "█▌", "x⭐y", "━━", "🙂", "é"]
      var grid = Grid(width: 40, height: 8)
      for frame in 0..<150 {
        for _ in 0..<(1 + random.below(6)) {
          let text = (0..<(1 + random.below(4))).map { _ in pieces[random.below(pieces.count)] }.joined()
          let x = random.below(44) - 2
          let y = random.below(8)
          let clip =
            random.below(3) == 0 ? Rect(x: random.below(20), y: 0, width: random.below(20), height: 8) : nil
          grid.put(text, x: x, y: y, style: random.below(2) == 0 ? .plain : Style(.buy), clip: clip)
        }
        if frame % 50 == 49 { screen.invalidate() }
        screen.draw(grid)
        let wrong = screen.mismatches(grid)
        #expect(
          wrong.isEmpty,
          "seed \(seed), frame \(frame): \(wrong.count) cells differ, first at \(wrong.first.map { "\($0)" } ?? "")"
        )
        if !wrong.isEmpty { break }
      }
    }
  }
}
