import Screen
import Terminal
import Testing

#if canImport(Glibc)
import Glibc
#endif

// ncurses is one global state: a suite inside the other screen tests, run one at a time.
extension TerminalScreenDiffTests {
  /// The theme reaches the terminal: the bytes ncurses writes for a cell carry the role's colour
  /// from the theme in force (an xterm-256color terminal, so `ESC [38;5;Nm`).
  @Suite struct ThemeOutputTests {
    /// What a screen with `theme` writes to draw one cell of `style`.
    static func bytes(
      theme: Theme, color: Bool = true, term: String = "xterm-256color", style: Style
    ) throws
      -> String
    {
      setlocale(LC_CTYPE, "C.UTF-8")
      let output = try #require(tmpfile())
      defer { fclose(output) }
      let input = try #require(fopen("/dev/null", "r"))
      defer { fclose(input) }
      let screen = try TerminalScreen(
        output: output, input: input, term: term, width: 10, height: 2,
        options: .init(color: color, theme: theme))
      var grid = Grid(width: 10, height: 2)
      grid.put("X", x: 0, y: 0, style: style, clip: grid.bounds)
      screen.draw(grid)
      screen.restore()
      fflush(output)
      rewind(output)
      var data: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let n = fread(&buffer, 1, buffer.count, output)
        if n <= 0 { break }
        data += buffer[0..<n]
      }
      return String(decoding: data, as: UTF8.self)
    }

    @Test func builtInThemesColourTheirRoles() throws {
      #expect(try Self.bytes(theme: .dark, style: Style(.accent)).contains("38;5;81m"))
      #expect(try Self.bytes(theme: .light, style: Style(.accent)).contains("38;5;25m"))
      #expect(try Self.bytes(theme: .highContrast, style: Style(.buy)).contains("38;5;46m"))
    }

    @Test func customColoursAndTheStaleRole() throws {
      var theme = Theme.dark
      theme.colors[.sell] = .rgb(255, 135, 0)  // no direct colour here: the nearest, 208
      theme.stale = .index(240)
      #expect(try Self.bytes(theme: theme, style: Style(.sell)).contains("38;5;208m"))
      let dimmed = try Self.bytes(theme: theme, style: Style(.sell, dim: true))
      #expect(dimmed.contains("38;5;240m") && !dimmed.contains("38;5;208m"))
    }

    /// On an 8-colour terminal (`TERM=screen`) the dark theme's depth bars are green and red
    /// (`ESC[32m`, `ESC[31m`), not black (`ESC[30m`), and on 16 colours too.
    @Test func depthBarsKeepTheirColoursOnEightAndSixteen() throws {
      for term in ["screen", "xterm"] {
        let bid = try Self.bytes(theme: .dark, term: term, style: Style(.bidBar))
        let ask = try Self.bytes(theme: .dark, term: term, style: Style(.askBar))
        #expect(bid.contains("\u{1B}[32m") && !bid.contains("\u{1B}[30m"), "\(term) \(bid.debugDescription)")
        #expect(ask.contains("\u{1B}[31m") && !ask.contains("\u{1B}[30m"), "\(term) \(ask.debugDescription)")
      }
      let bright = try Self.bytes(theme: .dark, term: "xterm-16color", style: Style(.buy))
      #expect(bright.contains("\u{1B}[92m"), "\(bright.debugDescription)")
    }

    @Test func monochromeHasNoColours() throws {
      let text = try Self.bytes(theme: .monochromeTheme, style: Style(.buy, bold: true))
      #expect(!text.contains("38;5;"))
      #expect(text.contains("X"))
    }
  }
}
