/// Text as `--ascii` shows it: the few non-ASCII characters the app's own words use (the
/// separator dot, dashes, arrows, comparison signs, the ellipsis) as ASCII stand-ins, anything
/// else as `?`. Widgets that draw words (box titles and footers, the help, the picker's message,
/// the ticket, the status line) fold their text with it when `ascii` is set, so no screen can
/// leave a non-ASCII character behind.
extension String {
  /// The stand-ins, each one or a few ASCII characters.
  static let asciiStandIns: [Unicode.Scalar: String] = [
    "·": ",", "…": "...", "–": "-", "—": "-", "−": "-", "≥": ">=", "≤": "<=", "±": "+/-", "×": "x",
    "←": "<-", "→": "->", "↑": "Up", "↓": "Down", "▲": "^", "▼": "v", "◀": "<", "▶": ">", "█": "_",
  ]

  /// `self` with every non-ASCII character replaced by its ASCII stand-in (`?` for one without).
  /// A list's ` · ` reads `, `.
  public var asciiFolded: String {
    if utf8.allSatisfy({ $0 < 0x80 }) { return self }
    var out = ""
    // A dot between words (`a · b`) reads as a comma.
    for scalar in replacing(" · ", with: ", ").unicodeScalars {
      if scalar.isASCII {
        out.unicodeScalars.append(scalar)
      } else {
        out += Self.asciiStandIns[scalar] ?? "?"
      }
    }
    return out
  }

  /// `asciiFolded` when `ascii` is set, else `self`.
  public func folded(ascii: Bool) -> String { ascii ? asciiFolded : self }
}

extension [Span] {
  /// The spans' text folded to ASCII when `ascii` is set.
  public func folded(ascii: Bool) -> [Span] {
    guard ascii else { return self }
    return map { Span($0.text.asciiFolded, $0.style) }
  }
}

extension KeyHint {
  /// The key and action folded to ASCII when `ascii` is set.
  public func folded(ascii: Bool) -> KeyHint {
    ascii ? KeyHint(key.asciiFolded, action.asciiFolded) : self
  }
}
