/// Writing JSON text for the frames adapters send and the outputs tradeterm prints.
public enum WireText {
  /// `text` as a JSON string, quotes included: quotes, backslashes and controls escaped, and
  /// every scalar `escaping` says so written as `\uXXXX` (the default: C0 controls).
  public static func quoted(
    _ text: String, escaping: (Unicode.Scalar) -> Bool = { $0.value < 0x20 }
  ) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case let c where c.value < 0x20 || escaping(c):
        if c.value > 0xFFFF {
          // Past the Basic Multilingual Plane: a surrogate pair.
          let v = c.value - 0x10000
          out += hex4(0xD800 + (v >> 10)) + hex4(0xDC00 + (v & 0x3FF))
        } else {
          out += hex4(c.value)
        }
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  static func hex4(_ v: UInt32) -> String {
    let hex = String(v, radix: 16)
    return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
