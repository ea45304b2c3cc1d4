import Screen
import Terminal
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `TerminalScreen.draw` writes only what changed since the last frame. These tests check
/// that what ncurses then holds for the screen is the grid, cell for cell (character,
/// attributes, colour pair), over random sequences of frames: a cell the diff missed, or a
/// run cut short, shows up as a mismatch.
///
/// ncurses is one global state: the suite runs its tests one at a time.
@Suite(.serialized) struct TerminalScreenDiffTests {
  /// A screen drawing into a file, as a terminal of `width`×`height` would be drawn.
  private func makeScreen(width: Int, height: Int) throws -> TerminalScreen {
    setlocale(LC_CTYPE, "C.UTF-8")
    let output = try #require(tmpfile())
    let input = try #require(fopen("/dev/null", "r"))
    return try TerminalScreen(
      output: output, input: input, term: "xterm-256color", width: width, height: height,
      options: .init(color: true))
  }

  private static let characters: [Character] = [" ", " ", " ", "a", "Z", "7", ",", "█", "▌", "─", "┃", "·"]
  private static let styles: [Style] = [
    .plain, Style(.muted), Style(.buy), Style(.sell, bold: true), Style(.accent, reverse: true),
    Style(.bidBar), Style(.warning, dim: true), Style(underline: true),
  ]

  /// Changes a few runs of cells (as a market tick does) or, now and then, most of the grid.
  private func mutate(_ grid: inout Grid, _ random: inout SimRandom) {
    let runs = random.below(10) == 0 ? grid.width * grid.height / 4 : 1 + random.below(12)
    for _ in 0..<runs {
      let y = random.below(grid.height)
      let x = random.below(grid.width)
      let length = 1 + random.below(8)
      let style = Self.styles[random.below(Self.styles.count)]
      for dx in 0..<length where x + dx < grid.width {
        let character = Self.characters[random.below(Self.characters.count)]
        grid[x + dx, y] = Cell(
          character, random.below(3) == 0 ? Self.styles[random.below(Self.styles.count)] : style)
      }
    }
  }

  @Test(arguments: [1, 2, 3, 4])
  func everyFrameLeavesTheGridOnScreen(seed: UInt64) throws {
    let screen = try makeScreen(width: 80, height: 24)
    defer { screen.restore() }
    var random = SimRandom(seed: seed)
    var grid = Grid(width: 80, height: 24)
    for frame in 0..<120 {
      mutate(&grid, &random)
      if frame % 40 == 39 { screen.invalidate() }
      screen.draw(grid)
      let wrong = screen.mismatches(grid)
      #expect(
        wrong.isEmpty,
        "frame \(frame): \(wrong.count) cells differ, first at \(wrong.first.map { "\($0)" } ?? "")")
      if !wrong.isEmpty { break }
    }
  }

  @Test func theLastColumnAndRowAreWrittenToo() throws {
    let screen = try makeScreen(width: 20, height: 5)
    defer { screen.restore() }
    var grid = Grid(width: 20, height: 5)
    screen.draw(grid)
    for (x, y) in [(19, 0), (0, 4), (19, 4), (18, 4), (10, 2)] {
      grid[x, y] = Cell("#", Style(.sell))
      screen.draw(grid)
      #expect(screen.mismatches(grid).isEmpty, "after changing (\(x), \(y))")
    }
    // A whole row changed, then back.
    let before = grid
    for x in 0..<20 { grid[x, 3] = Cell("=", Style(.buy)) }
    screen.draw(grid)
    #expect(screen.mismatches(grid).isEmpty)
    screen.draw(before)
    #expect(screen.mismatches(before).isEmpty)
  }

  @Test func aGridOfAnotherSizeRepaints() throws {
    let screen = try makeScreen(width: 30, height: 10)
    defer { screen.restore() }
    var small = Grid(width: 20, height: 6)
    small.put("small grid", x: 2, y: 2, style: Style(.accent))
    var full = Grid(width: 30, height: 10)
    full.fill(full.bounds, with: Cell("x", Style(.muted)))
    for grid in [full, small, full] {
      screen.draw(grid)
      #expect(screen.mismatches(grid).isEmpty)
    }
  }
}
