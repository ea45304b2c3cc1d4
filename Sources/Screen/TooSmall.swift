/// What the screen shows below the smallest usable size: "terminal too small (need
/// 60×16)" centred, with the current size under it, wrapped to the width when needed.
public struct TooSmall: Sendable {
  /// The size the message asks for.
  public var minWidth: Int
  public var minHeight: Int
  /// ASCII glyphs only (`--ascii`, or a locale without UTF-8).
  public var ascii: Bool

  public init(minWidth: Int = Layout.minWidth, minHeight: Int = Layout.minHeight, ascii: Bool = false) {
    self.minWidth = minWidth
    self.minHeight = minHeight
    self.ascii = ascii
  }

  /// The message, `terminal too small (need 60×16)`.
  public var message: String {
    let times = Glyphs.forTerminal(ascii: ascii).times
    return "terminal too small (need \(minWidth)\(times)\(minHeight))"
  }

  /// Clears `area` and draws the message centred in it.
  public func render(into grid: inout Grid, area: Rect) {
    let area = area.intersection(grid.bounds)
    guard !area.isEmpty else { return }
    grid.fill(area)
    let times = Glyphs.forTerminal(ascii: ascii).times
    var lines = Self.wrap(message, width: area.width)
    let now = "now \(area.width)\(times)\(area.height)"
    lines.append(now)
    let shown = lines.prefix(area.height)
    let top = area.y + (area.height - shown.count) / 2
    for (n, line) in shown.enumerated() {
      let text = String(line.prefix(area.width))
      let style = n == lines.count - 1 ? Style(.muted) : Style(.warning, bold: true)
      grid.put(text, x: area.x + (area.width - text.count) / 2, y: top + n, style: style, clip: area)
    }
  }

  /// `text` broken at spaces into lines of at most `width` columns (a longer word is cut).
  static func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ") {
      let w = String(word.prefix(width))
      if current.isEmpty {
        current = w
      } else if current.count + 1 + w.count <= width {
        current += " " + w
      } else {
        lines.append(current)
        current = w
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }
}
