import Foundation
import Screen
import Testing

/// Helpers for Grid snapshot tests: a grid pre-filled with a sentinel, text snapshots kept
/// in `Snapshots/*.txt` next to this file, re-recorded with `TRADETERM_RECORD_SNAPSHOTS=1`.
public enum Snapshot {
  /// The character a fresh test grid is filled with: any cell a widget forgets to paint (or
  /// paints outside its area) shows up as a difference.
  public static let sentinel: Character = "·"

  /// A grid filled with the sentinel.
  public static func grid(_ width: Int, _ height: Int) -> Grid {
    Grid(width: width, height: height, fill: Cell(sentinel))
  }

  /// A `width` × `height` grid with `render` drawn into its inside, leaving a one-cell
  /// sentinel margin that proves nothing is drawn outside the area (and keeps lines free of
  /// trailing spaces in the snapshot files).
  public static func framed(_ width: Int, _ height: Int, _ render: (inout Grid, Rect) -> Void) -> Grid {
    var g = grid(width, height)
    render(&g, g.bounds.inset(1))
    return g
  }

  /// The grid's text, then its non-plain styles as runs per row: `y x0-x1 buy bold reverse`.
  public static func describe(_ grid: Grid) -> String {
    var out = grid.text + "\n--- styles\n"
    for y in 0..<grid.height {
      var x = 0
      while x < grid.width {
        let style = grid[x, y].style
        var end = x + 1
        while end < grid.width && grid[end, y].style == style { end += 1 }
        if style != .plain { out += "\(y) \(x)-\(end - 1) \(name(style))\n" }
        x = end
      }
    }
    return out
  }

  /// A style as words: `buy bold reverse`.
  public static func name(_ style: Style) -> String {
    var words = ["\(style.color)"]
    if style.bold { words.append("bold") }
    if style.dim { words.append("dim") }
    if style.reverse { words.append("reverse") }
    if style.underline { words.append("underline") }
    return words.joined(separator: " ")
  }

  public static var recording: Bool {
    ProcessInfo.processInfo.environment["TRADETERM_RECORD_SNAPSHOTS"] == "1"
  }

  public static func url(_ name: String, file: String) -> URL {
    URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("Snapshots")
      .appendingPathComponent(name + ".txt")
  }

  /// Compares `grid` with the snapshot `name`, line by line; records it instead when
  /// `TRADETERM_RECORD_SNAPSHOTS=1` (the test then passes with a warning).
  public static func expect(
    _ grid: Grid, named name: String, file: String = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let actual = describe(grid)
    let url = url(name, file: file)
    if recording {
      do {
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try actual.write(to: url, atomically: true, encoding: .utf8)
        Issue.record("recorded snapshot \(name).txt", severity: .warning, sourceLocation: sourceLocation)
      } catch {
        Issue.record("could not record \(url.path): \(error)", sourceLocation: sourceLocation)
      }
      return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
      Issue.record(
        "missing snapshot \(url.path); run with TRADETERM_RECORD_SNAPSHOTS=1 to record it\n\(actual)",
        sourceLocation: sourceLocation)
      return
    }
    let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
    for i in 0..<max(a.count, e.count) {
      let got = i < a.count ? String(a[i]) : "<none>"
      let want = i < e.count ? String(e[i]) : "<none>"
      #expect(got == want, "snapshot \(name), line \(i + 1)", sourceLocation: sourceLocation)
    }
  }
}
