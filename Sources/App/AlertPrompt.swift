/// What the `a` prompt's text asks for (issue 29: only price alerts could be added from the
/// screen; funding, move and wall alerts needed the config). Pure: words in, an alert kind or
/// the words that say what is wrong out. The limits are the config's.
///
///     98000  >98000  <97000       the last price crosses (no sign: the side it is not on now)
///     move 2% 5m                   the last price moves 2 % either way within 5 minutes
///     funding > 0.05%              the funding rate at or above (or `<` below) 0.05 %
///     trade 100k                   one trade of at least 100,000 (the tape's size units)
///     wall 1m 20bp                 a resting level of 1,000,000 within 20 bps of mid
public enum AlertPrompt {
  /// The hint the prompt shows.
  public static let hint = "98000 · >98000 · move 2% 5m · funding > 0.05% · trade 100k · wall 1m 20bp"

  /// The longest text the prompt takes.
  public static let maxLength = 32

  /// Whether `c` may be typed into the prompt.
  public static func accepts(_ c: Character) -> Bool {
    c.isASCII && (c.isLetter || c.isNumber || " .%<>-".contains(c))
  }

  /// The alert kind `text` asks for. `last` is the price now (a bare price alerts on the side it
  /// is not on); `funding` the rate now (a bare funding alert likewise).
  public static func parse(_ text: String, last: Double?, funding: Double?) -> Result<AlertRule.Kind, Failure>
  {
    let words = text.lowercased().split(separator: " ").map(String.init)
    guard let first = words.first else { return .failure(Failure("type a price or a kind: \(hint)")) }
    switch first {
    case "move":
      guard words.count >= 2, let percent = number(words[1], suffix: "%"), percent > 0, percent <= 10_000
      else {
        return .failure(Failure("move takes a percent: move 2% 5m"))
      }
      var minutes = 5.0
      if words.count >= 3 {
        guard let m = duration(words[2]), m > 0, m <= 525_600 else {
          return .failure(Failure("move's window is minutes or hours: move 2% 5m, move 5% 1h"))
        }
        minutes = m
      }
      guard words.count <= 3 else {
        return .failure(Failure("move takes a percent and a window: move 2% 5m"))
      }
      return .success(.move(percent: percent, minutes: minutes))
    case "funding":
      var rest = Array(words.dropFirst()).joined()
      let sign = rest.first
      if sign == ">" || sign == "<" { rest.removeFirst() }
      guard let percent = number(rest, suffix: "%"), abs(percent) <= 100 else {
        return .failure(Failure("funding takes a rate in percent from -100 to 100: funding > 0.05%"))
      }
      let above = sign == ">" ? true : sign == "<" ? false : funding.map { percent / 100 > $0 } ?? true
      return .success(above ? .fundingAbove(percent / 100) : .fundingBelow(percent / 100))
    case "trade":
      guard words.count == 2, let size = amount(words[1]), size > 0 else {
        return .failure(Failure("trade takes a size: trade 100k"))
      }
      return .success(.trade(size: Int64(size.rounded(.up))))
    case "wall":
      guard words.count >= 2, words.count <= 3, let size = amount(words[1]), size > 0 else {
        return .failure(Failure("wall takes a size and basis points of mid: wall 1m 20bp"))
      }
      var bps = 20.0
      if words.count == 3 {
        guard let b = number(words[2], suffix: "bps") ?? number(words[2], suffix: "bp"), b > 0, b <= 10_000
        else {
          return .failure(Failure("wall's distance is basis points of mid, up to 10000: wall 1m 20bp"))
        }
        bps = b
      }
      return .success(.wall(size: Int64(size.rounded(.up)), bps: bps))
    default:
      let joined = words.joined()
      let sign = joined.first
      let digits = sign == ">" || sign == "<" ? String(joined.dropFirst()) : joined
      guard let level = Double(digits), level.isFinite, level > 0, level <= 1e15,
        digits.allSatisfy({ $0.isNumber || $0 == "." })
      else {
        return .failure(Failure("\"\(text)\" is not a price or a kind: \(hint)"))
      }
      let above = sign == ">" ? true : sign == "<" ? false : last.map { level > $0 } ?? true
      return .success(above ? .above(level, .last) : .below(level, .last))
    }
  }

  /// Why the text was refused, in words for the status line.
  public struct Failure: Error, Equatable, Sendable {
    public var words: String
    init(_ words: String) { self.words = words }
  }

  /// A plain decimal with an optional `suffix` (`2%`, `2`, `-0.01%`): nil for anything else.
  static func number(_ word: String, suffix: String) -> Double? {
    let text = word.hasSuffix(suffix) ? String(word.dropLast(suffix.count)) : word
    guard !text.isEmpty, text.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" }),
      let v = Double(text), v.isFinite
    else { return nil }
    return v
  }

  /// A size with an optional `k` or `m` (`100k`, `1.5m`, `2500`), at most 10^15.
  static func amount(_ word: String) -> Double? {
    let scale: Double = word.hasSuffix("k") ? 1e3 : word.hasSuffix("m") ? 1e6 : 1
    let text = scale == 1 ? word : String(word.dropLast())
    guard let v = number(text, suffix: ""), v > 0 else { return nil }
    let size = v * scale
    return size <= 1e15 ? size : nil
  }

  /// Minutes from `5m`, `1h` or a bare `5`.
  static func duration(_ word: String) -> Double? {
    if word.hasSuffix("h") { return number(String(word.dropLast()), suffix: "").map { $0 * 60 } }
    return number(word, suffix: "m")
  }
}
