/// The one rule for text from outside (the exchange, the network, files, the command line)
/// on its way to a terminal: the dashboard's grid and every line tradeterm prints.
///
/// A terminal obeys what it is sent. An escape sequence in an error message can retitle the
/// window (`ESC ] 2 ; … BEL`), set the clipboard (`ESC ] 52`), clear a line and forge a prompt
/// (`ESC [ 2K \r`); C1 controls (U+0080–U+009F, e.g. U+009B, a one-character CSI) do the same on
/// terminals that honour them; bidi controls reorder what follows so that text reads other
/// than it is. None of these may reach a terminal from outside: each is shown as `?`.
public enum TerminalText {
  /// What an unsafe character is shown as.
  public static let replacement: Unicode.Scalar = "?"

  /// Whether `scalar` may be written to a terminal as it is: not a C0 control (U+0000–U+001F),
  /// DEL, a C1 control (U+0080–U+009F), a bidi control (embeddings and overrides
  /// U+202A–U+202E, isolates U+2066–U+2069, the marks U+200E, U+200F and U+061C) or a line or
  /// paragraph separator (U+2028, U+2029).
  @inline(__always)
  public static func isSafe(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    if v < 0x7F { return v >= 0x20 }
    if v < 0xA0 { return false }
    if v < 0x61C { return true }
    switch v {
    case 0x61C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: return false
    default: return true
    }
  }

  /// `text` with every unsafe character (`isSafe`) replaced by `?`: one line, whatever it
  /// held. With `keepingNewlines`, line feeds stay (for multi-line output such as a
  /// snapshot). Text that is already safe is returned as it is, without copying.
  public static func sanitized(_ text: String, keepingNewlines: Bool = false) -> String {
    func keeps(_ s: Unicode.Scalar) -> Bool { isSafe(s) || (keepingNewlines && s == "\n") }
    let clean = text.utf8.withContiguousStorageIfAvailable { bytes in
      // Printable ASCII (and newlines when kept) needs no look at the scalars.
      bytes.allSatisfy { ($0 >= 0x20 && $0 < 0x7F) || (keepingNewlines && $0 == 0x0A) }
    }
    if clean == true { return text }
    guard !text.unicodeScalars.allSatisfy(keeps) else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars { out.append(keeps(scalar) ? scalar : replacement) }
    return String(out)
  }
}
