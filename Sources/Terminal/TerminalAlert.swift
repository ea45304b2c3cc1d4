import Files
import MarketModel

#if canImport(Glibc)
import Glibc
#endif

/// Getting the user's attention past the screen: the bell, and a desktop notification through
/// the terminal (OSC 777 for rxvt/foot/Konsole/VTE, OSC 9 for iTerm2/kitty/Windows Terminal).
/// Inside tmux both are wrapped in tmux's DCS passthrough so they reach the outer terminal (tmux
/// 3.3+ wants `set -g allow-passthrough on` for that). Neither moves the cursor or draws.
public enum TerminalAlert {
  /// The bytes of a notification titled `title` saying `body`; wrapped for tmux when `tmux`.
  public static func notificationBytes(title: String, body: String, tmux: Bool) -> [UInt8] {
    let t = clean(title)
    let b = clean(body)
    let sequences = ["\u{1B}]777;notify;\(t);\(b)\u{1B}\\", "\u{1B}]9;\(t): \(b)\u{07}"]
    var out: [UInt8] = []
    for seq in sequences {
      if tmux {
        // DCS tmux; <the sequence with every ESC doubled> ST
        out += Array("\u{1B}Ptmux;".utf8)
        for byte in seq.utf8 {
          if byte == 0x1B { out.append(0x1B) }
          out.append(byte)
        }
        out += Array("\u{1B}\\".utf8)
      } else {
        out += Array(seq.utf8)
      }
    }
    return out
  }

  /// Text safe inside an OSC string: made safe for a terminal as every other line from outside
  /// is (`TerminalText`: controls, C1 and bidi overrides become `?`), without `;` (the field
  /// separator of OSC 777), at most 200 characters.
  static func clean(_ s: String) -> String {
    let safe = TerminalText.sanitized(String(String.UnicodeScalarView(s.unicodeScalars.prefix(200))))
    return String(String.UnicodeScalarView(safe.unicodeScalars.map { $0 == ";" ? "," : $0 }))
  }

  /// Rings the terminal's bell.
  public static func bell() { write([0x07]) }

  /// Sends a desktop notification; through tmux when `TMUX` is set.
  public static func notify(title: String, body: String) {
    let tmux = getenv("TMUX").map { String(cString: $0).isEmpty == false } ?? false
    write(notificationBytes(title: title, body: body, tmux: tmux))
  }

  private static func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { Files.writeAll(STDOUT_FILENO, $0) }
  }
}
