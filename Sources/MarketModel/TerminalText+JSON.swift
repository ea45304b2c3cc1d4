import WireJSON

extension TerminalText {
  /// `text` as a JSON string literal, quotes included: quotes and backslashes escaped, and every
  /// character a terminal must not see raw (`isSafe`: C0 and C1 controls, DEL, bidi controls,
  /// U+2028/U+2029) written as `\uXXXX`. The JSON means the same text, and printing it can
  /// neither drive the terminal nor reorder the line.
  public static func jsonLiteral(_ text: String) -> String {
    WireText.quoted(text) { !isSafe($0) }
  }
}
