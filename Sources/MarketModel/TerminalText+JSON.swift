extension TerminalText {
  /// `text` as a JSON string literal, quotes included: quotes and backslashes escaped, and every
  /// character a terminal must not see raw (`isSafe`: C0 and C1 controls, DEL, bidi controls,
  /// U+2028/U+2029) written as `\uXXXX`. The JSON means the same text, and printing it can
  /// neither drive the terminal nor reorder the line.
  public static func jsonLiteral(_ text: String) -> String {
    var out = "\""
    for u in text.unicodeScalars {
      switch u {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where !isSafe(u):
        // Every unsafe scalar is in the Basic Multilingual Plane: four hex digits.
        let hex = String(u.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(u)
      }
    }
    return out + "\""
  }
}
