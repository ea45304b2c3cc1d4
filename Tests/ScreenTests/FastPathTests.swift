import Testing

@testable import Screen

/// The drawing fast paths (ASCII and scalar writes in `Grid.put`, numbers built in place,
/// right alignment without padding strings) against the plain definitions they replace.
@Suite struct FastPathTests {
  /// `Grid.put` as it was defined: one cell per character (grapheme cluster), `safe`-mapped.
  static func referencePut(
    _ grid: inout Grid, _ text: String, x: Int, y: Int, style: Style, clip: Rect?
  ) -> Int {
    let area = (clip ?? grid.bounds).intersection(grid.bounds)
    guard y >= area.y, y < area.maxY else { return x }
    var column = x
    for ch in text {
      if column >= area.maxX { break }
      if column >= area.x { grid[column, y] = Cell(Grid.safe(ch), style) }
      column += 1
    }
    return column
  }

  static let texts = [
    "", "a", "98,459.5", "hello world, this is longer than the grid is wide", "ab\r\ncd", "\r\n",
    "x\u{1B}[2J",
    "e\u{301}tude", "█████▍", "┏ Book ━━┓", "▲ +1.23%", "中文", "👍🏽 ok", "a\u{200D}b", "tab\there", "…", "×",
    "🇫🇷", "\u{301}", "é", "ÿ\u{7F}",
  ]

  @Test(arguments: texts)
  func putMatchesCharacterByCharacter(text: String) {
    let style = Style(.buy, bold: true)
    for x in [-3, 0, 2, 7, 12] {
      for clip in [nil, Rect(x: 2, y: 0, width: 5, height: 2), Rect(x: 0, y: 1, width: 12, height: 1)] {
        var fast = Grid(width: 12, height: 2, fill: Cell("·"))
        var slow = fast
        let a = fast.put(text, x: x, y: 0, style: style, clip: clip)
        let b = Self.referencePut(&slow, text, x: x, y: 0, style: style, clip: clip)
        #expect(a == b, "\(text.debugDescription) at \(x), clip \(String(describing: clip))")
        #expect(fast == slow, "\(text.debugDescription) at \(x), clip \(String(describing: clip))")
      }
    }
  }

  @Test(arguments: texts)
  func rightAlignedMatchesPadding(text: String) {
    for width in [0, 3, 8, 20] {
      var fast = Grid(width: 16, height: 1, fill: Cell("·"))
      var slow = fast
      let clip = Rect(x: 1, y: 0, width: 13, height: 1)
      let a = fast.put(text, x: 2, y: 0, rightAlignedIn: width, style: Style(.muted), clip: clip)
      let b = slow.put(text.padLeft(width), x: 2, y: 0, style: Style(.muted), clip: clip)
      #expect(a == b && fast == slow, "\(text.debugDescription) in \(width)")
    }
  }

  @Test(arguments: texts)
  func columnsCountCharacters(text: String) {
    #expect(text.columns == text.count)
  }

  @Test func styleRoundTripsThroughItsPackedForm() {
    for color in Style.Color.allCases {
      for bits in 0..<16 {
        let style = Style(
          color, bold: bits & 1 != 0, dim: bits & 2 != 0, reverse: bits & 4 != 0, underline: bits & 8 != 0)
        #expect(Style(raw: style.raw) == style)
        #expect(style.color == color && style.bold == (bits & 1 != 0) && style.underline == (bits & 8 != 0))
        var changed = style
        changed.dim.toggle()
        changed.color = .askBar
        #expect(changed.dim != style.dim && changed.color == .askBar && changed.bold == style.bold)
      }
    }
    #expect(Style(raw: 0x0F) == nil)
  }

  @Test func cellsKeepOneSafeScalar() {
    #expect(Cell("\r\n").character == "?")
    #expect(Cell("\u{1B}").scalar == "?")
    #expect(Cell("█", Style(.bidBar)).key == UInt64(0x2588) | UInt64(Style(.bidBar).raw) << 32)
    #expect(Cell("e\u{301}").character == "?")
  }

  // MARK: Numbers

  /// `NumberFormat.fixed` as it was defined, with strings.
  static func referenceFixed(_ value: Double, decimals: Int, grouping: Bool, plusSign: Bool) -> String {
    guard value.isFinite else { return NumberFormat.unknown }
    let places = min(max(decimals, 0), 12)
    var scale: UInt64 = 1
    for _ in 0..<places { scale *= 10 }
    let magnitude = abs(value)
    guard magnitude < 9.2e18 else { return value < 0 ? "-∞" : "∞" }
    var whole = UInt64(magnitude.rounded(.towardZero))
    var fraction = UInt64(((magnitude - Double(whole)) * Double(scale)).rounded())
    if fraction >= scale {
      whole += 1
      fraction -= scale
    }
    var text = grouping ? referenceGroup(String(whole)) : String(whole)
    if places > 0 {
      let f = String(fraction)
      text += "." + String(repeating: "0", count: places - f.count) + f
    }
    if whole == 0 && fraction == 0 { return text }
    if value < 0 { return "-" + text }
    return plusSign ? "+" + text : text
  }

  static func referenceGroup(_ digits: String) -> String {
    guard digits.count > 3 else { return digits }
    var out = ""
    let lead = digits.count % 3
    for (i, ch) in digits.enumerated() {
      if i > 0 && (i - lead) % 3 == 0 { out.append(",") }
      out.append(ch)
    }
    return out
  }

  @Test func fixedMatchesTheStringDefinition() {
    var rng = SystemRandomNumberGenerator()
    var values: [Double] = [
      0, -0.0, 0.05, 0.5, 9.995, 999.95, 1e15, 9.19e18, 9.3e18, -9.3e18, .nan, .infinity,
    ]
    for _ in 0..<3_000 {
      let magnitude: Double =
        Double.random(in: 0...1, using: &rng) * Self.pow10(Int.random(in: 0...18, using: &rng))
      values.append(Bool.random(using: &rng) ? magnitude : -magnitude)
    }
    for value in values {
      for decimals in [-1, 0, 1, 2, 4, 8, 12, 13] {
        for (grouping, plusSign) in [(true, false), (false, true), (true, true)] {
          #expect(
            NumberFormat.fixed(value, decimals: decimals, grouping: grouping, plusSign: plusSign)
              == Self.referenceFixed(value, decimals: decimals, grouping: grouping, plusSign: plusSign),
            "\(value) \(decimals)")
        }
      }
    }
  }

  static func pow10(_ n: Int) -> Double {
    var p = 1.0
    for _ in 0..<n { p *= 10 }
    return p
  }

  @Test func sizeMatchesTheStringDefinition() {
    var values: [Int64] = [0, 1, -1, 999, 1_000, -1_000, .max, .min, .min + 1]
    for _ in 0..<2_000 { values.append(Int64.random(in: .min ... .max) >> Int64.random(in: 0...62)) }
    for value in values {
      let text = Self.referenceGroup(String(value.magnitude))
      #expect(NumberFormat.size(value) == (value < 0 ? "-" + text : text))
    }
  }

  @Test func timeOfDayMatchesTheStringDefinition() {
    func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
    for _ in 0..<2_000 {
      let ms = Int64.random(in: -4_000_000_000_000...4_000_000_000_000)
      let offset = Int.random(in: -14 * 60...14 * 60)
      let day: Int64 = 86_400_000
      let inDay = ((ms + Int64(offset) * 60_000) % day + day) % day
      let text = two(inDay / 3_600_000) + ":" + two(inDay / 60_000 % 60) + ":" + two(inDay / 1000 % 60)
      let milli = inDay % 1000
      let full = text + "." + (milli < 10 ? "00" : milli < 100 ? "0" : "") + String(milli)
      #expect(NumberFormat.timeOfDay(ms: ms, utcOffsetMinutes: offset) == full)
      #expect(NumberFormat.timeOfDay(ms: ms, utcOffsetMinutes: offset, milliseconds: false) == text)
    }
  }
}
