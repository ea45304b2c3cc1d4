import TestSupport
import Testing

@testable import Screen

/// The drawing fast paths (ASCII and scalar writes in `Grid.put`, numbers built in place,
/// right alignment without padding strings) against the plain definitions they replace.
@Suite struct FastPathTests {
  /// `Grid.put` by its definition: one cell per character (grapheme cluster), `Grid.cell`-mapped,
  /// two for a wide one (a space where only one of its columns lies in the clip).
  static func referencePut(
    _ grid: inout Grid, _ text: String, x: Int, y: Int, style: Style, clip: Rect?
  ) -> Int {
    let area = (clip ?? grid.bounds).intersection(grid.bounds)
    guard y >= area.y, y < area.maxY else { return x }
    var column = x
    for ch in text {
      if column >= area.maxX { break }
      let (scalar, columns) = Grid.cell(ch)
      let whole = column >= area.x && column + columns <= area.maxX
      for k in 0..<columns where column + k >= area.x && column + k < area.maxX {
        if columns == 2 && whole {
          let (head, tail) = Cell.wide(scalar, style)
          grid[column + k, y] = k == 0 ? head : tail
        } else {
          grid[column + k, y] = Cell(scalar: columns == 1 ? scalar : " ", style)
        }
      }
      column += columns
    }
    return min(column, max(x, area.maxX))
  }

  static let texts = [
    "", "a", "98,459.5", "hello world, this is longer than the grid is wide", "ab\r\ncd", "\r\n",
    "x\u{1B}[2J",
    "e\u{301}tude", "█████▍", "┏ Book ━━┓", "▲ +1.23%", "中文", "👍🏽 ok", "a\u{200D}b", "tab\there", "…", "×",
    "🇫🇷", "\u{301}", "é", "ÿ\u{7F}", "⭐XBT⌚", "a⭐", "\u{200B}x",
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
    #expect(text.columns == text.reduce(0) { $0 + Grid.columns($1) })
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
    #expect(Style(raw: 0x1F) == nil)
  }

  @Test func cellsKeepOneSafeScalar() {
    #expect(Cell("\r\n").character == "?")
    #expect(Cell("\u{1B}").scalar == "?")
    #expect(Cell("█", Style(.bidBar)).key == UInt64(0x2588) | UInt64(Style(.bidBar).raw) << 32)
    #expect(Cell("e\u{301}").character == "?")
  }

  // MARK: Numbers

  /// The digits of `n` with a comma every three from the right, built by division: an
  /// oracle that shares nothing with the in-place writer it checks.
  static func grouped(_ n: UInt64) -> String {
    guard n >= 1000 else { return String(n) }
    let group = String(n % 1000)
    return grouped(n / 1000) + "," + String(repeating: "0", count: 3 - group.count) + group
  }

  /// `n / 10^places` written out: the decimal the formatted text must spell exactly.
  static func decimal(_ n: UInt64, places: Int, grouping: Bool) -> String {
    var scale: UInt64 = 1
    for _ in 0..<places { scale *= 10 }
    let whole = grouping ? grouped(n / scale) : String(n / scale)
    guard places > 0 else { return whole }
    let fraction = String(n % scale)
    return whole + "." + String(repeating: "0", count: places - fraction.count) + fraction
  }

  /// Known answers: rounding half away from zero (on values whose binary form is the
  /// decimal or lies on the same side of the half), carries, signs, clamped places,
  /// and what cannot be shown.
  static let fixedCases: [(value: Double, decimals: Int, grouping: Bool, plusSign: Bool, text: String)] = [
    (0, 2, true, false, "0.00"),
    (-0.0, 2, true, true, "0.00"),
    (-0.004, 2, true, false, "0.00"),
    (0.004, 2, true, true, "0.00"),
    (0.005, 2, true, false, "0.01"),
    (0.5, 0, true, false, "1"),
    (1.5, 0, true, false, "2"),
    (2.5, 0, true, false, "3"),
    (-2.5, 0, true, false, "-3"),
    (0.125, 2, true, false, "0.13"),
    (-0.125, 2, true, true, "-0.13"),
    (9.995, 2, true, false, "9.99"),
    (999.95, 1, true, false, "1,000.0"),
    (-999.5, 0, true, false, "-1,000"),
    (999.5, 0, false, true, "+1000"),
    (1_234_567.891, 2, true, false, "1,234,567.89"),
    (1_234_567.891, 2, false, false, "1234567.89"),
    (1_234_567.891, 2, true, true, "+1,234,567.89"),
    (98_000.5, 1, true, false, "98,000.5"),
    (0.0001, 4, true, true, "+0.0001"),
    (0.1, 12, true, false, "0.100000000000"),
    (1.5, 13, true, false, "1.500000000000"),
    (1.23456, -1, true, false, "1"),
    (1e15, 2, true, false, "1,000,000,000,000,000.00"),
    (-1e15, 0, false, true, "-1000000000000000"),
    (9.19e18, 0, true, false, "9,190,000,000,000,000,000"),
    // Past 2^63 the digits still (they once read "∞"), and past 2^64 as Swift writes a Double.
    (9.3e18, 2, true, false, "9,300,000,000,000,000,000.00"),
    (-9.3e18, 2, true, false, "-9,300,000,000,000,000,000.00"),
    (0x1p64 - 2048, 0, false, true, "+18446744073709549568"),
    (0x1p64, 2, true, false, "1.8446744073709552e+19"),
    (-1e300, 2, true, true, "-1e+300"),
    (1e300, 0, true, true, "+1e+300"),
    (.nan, 2, true, false, "-"),
    (.infinity, 2, true, false, "-"),
    (-.infinity, 0, true, true, "-"),
  ]

  @Test(arguments: fixedCases)
  func fixedKnownAnswers(value: Double, decimals: Int, grouping: Bool, plusSign: Bool, text: String) {
    #expect(NumberFormat.fixed(value, decimals: decimals, grouping: grouping, plusSign: plusSign) == text)
  }

  /// Decimals built from random integers come back as written; one more digit rounds them
  /// down (1–4) or up (6–9). Up to 15 significant digits, where a Double holds a decimal
  /// closely enough that the rounding cannot be in doubt.
  @Test(arguments: [UInt64(1), 2, 3])
  func fixedSpellsDecimalsBuiltFromIntegers(seed: UInt64) {
    var rng = SimRandom(seed: seed)
    for _ in 0..<3_000 {
      let places = Int.random(in: 0...12, using: &rng)
      let digits = Int.random(in: max(1, places)...15, using: &rng)
      var limit: UInt64 = 1
      for _ in 0..<digits { limit *= 10 }
      let n = UInt64.random(in: 0..<limit, using: &rng)
      let negative = Bool.random(using: &rng)
      let (grouping, plusSign) = [(true, false), (false, true), (true, true)].randomElement(using: &rng)!
      func expected(_ n: UInt64) -> String {
        let sign = n == 0 ? "" : negative ? "-" : plusSign ? "+" : ""
        return sign + Self.decimal(n, places: places, grouping: grouping)
      }
      let written = (negative ? "-" : "") + Self.decimal(n, places: places, grouping: false)
      let value = Double(written)!
      let text = NumberFormat.fixed(value, decimals: places, grouping: grouping, plusSign: plusSign)
      #expect(text == expected(n), "\(written) to \(places) places, seed \(seed)")
      guard digits <= 13 else { continue }
      let extra = [1, 2, 3, 4, 6, 7, 8, 9].randomElement(using: &rng)!
      let longer = Double(written + (places == 0 ? "." : "") + String(extra))!
      let rounded = NumberFormat.fixed(longer, decimals: places, grouping: grouping, plusSign: plusSign)
      #expect(
        rounded == expected(extra < 5 ? n : n + 1), "\(written)·\(extra) to \(places) places, seed \(seed)")
    }
  }

  @Test(arguments: [UInt64(1), 2, 3])
  func sizeGroupsEveryThreeDigits(seed: UInt64) {
    var rng = SimRandom(seed: seed)
    var values: [Int64] = [0, 1, -1, 999, 1_000, -1_000, .max, .min, .min + 1]
    for _ in 0..<2_000 {
      values.append(Int64.random(in: .min ... .max, using: &rng) >> Int64.random(in: 0...62, using: &rng))
    }
    for value in values {
      let text = Self.grouped(value.magnitude)
      #expect(NumberFormat.size(value) == (value < 0 ? "-" + text : text), "\(value), seed \(seed)")
    }
    #expect(NumberFormat.size(.min) == "-9,223,372,036,854,775,808")
    #expect(NumberFormat.size(-1_000) == "-1,000")
  }

  @Test(arguments: [UInt64(1), 2, 3])
  func timeOfDayFromItsParts(seed: UInt64) {
    var rng = SimRandom(seed: seed)
    func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
    for _ in 0..<2_000 {
      let ms = Int64.random(in: -4_000_000_000_000...4_000_000_000_000, using: &rng)
      let offset = Int.random(in: -14 * 60...14 * 60, using: &rng)
      let day: Int64 = 86_400_000
      let inDay = ((ms + Int64(offset) * 60_000) % day + day) % day
      let text = two(inDay / 3_600_000) + ":" + two(inDay / 60_000 % 60) + ":" + two(inDay / 1000 % 60)
      let milli = inDay % 1000
      let full = text + "." + (milli < 10 ? "00" : milli < 100 ? "0" : "") + String(milli)
      #expect(
        NumberFormat.timeOfDay(ms: ms, utcOffsetMinutes: offset) == full, "\(ms) \(offset), seed \(seed)")
      #expect(
        NumberFormat.timeOfDay(ms: ms, utcOffsetMinutes: offset, milliseconds: false) == text,
        "\(ms) \(offset), seed \(seed)")
    }
  }
}
