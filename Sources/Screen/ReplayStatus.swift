import Session

/// A replay's place on the status line: playing or paused and at what speed, the time in the
/// recording, how far through the file, and a thin progress bar — `▶ 4×  14:03:22  37% ▕███░░░░░▏`.
public struct ReplayStatus: Sendable, Hashable {
  public var position: ReplayPosition
  public var utcOffsetMinutes: Int
  public var ascii: Bool
  /// Cells of the progress bar.
  public var barWidth = 10

  public init(_ position: ReplayPosition, utcOffsetMinutes: Int = 0, ascii: Bool = false) {
    self.position = position
    self.utcOffsetMinutes = utcOffsetMinutes
    self.ascii = ascii
  }

  /// The speed as the status line says it: `4×`, `0.5×`, `max`.
  public static func speedText(_ speed: Double, ascii: Bool) -> String {
    guard speed > 0 else { return "max" }
    let x = ascii ? "x" : "×"
    if speed == speed.rounded() { return "\(Int(speed))\(x)" }
    return "\(NumberFormat.fixed(speed, decimals: speed < 0.25 ? 3 : 2))\(x)"
  }

  /// The spans, in one line.
  public var spans: [Span] {
    var out: [Span] = []
    for (i, part) in parts.enumerated() {
      if i > 0 { out.append(Span("  ")) }
      out += part
    }
    return out
  }

  /// The spans in parts, which the status line drops from the last when the line is short: the
  /// state, the time, % and bar first, then the count of bad lines. (Why a replay STOPPED is the
  /// status line's notice, which is cut to fit.)
  public var parts: [[Span]] {
    let p = position
    let state: String
    if p.ended, p.failure != nil {
      state = ascii ? "STOPPED" : "■ STOPPED"
    } else if p.ended {
      state = ascii ? "END" : "■ END"
    } else if p.seekingTo != nil {
      state = ascii ? ">> SEEK" : "» SEEK"
    } else if p.paused {
      state = ascii ? "|| PAUSED" : "⏸ PAUSED"
    } else {
      state = (ascii ? "> " : "▶ ") + Self.speedText(p.speed, ascii: ascii)
    }
    var out = [Span(state, Style(p.paused || p.ended ? .warning : .accent, bold: true))]
    if p.paused, !p.ended { out.append(Span(" " + Self.speedText(p.speed, ascii: ascii), Style(.muted))) }
    if let time = p.time {
      let ms = Int64((time * 1000).rounded())
      out.append(
        Span("  " + NumberFormat.timeOfDay(ms: ms, utcOffsetMinutes: utcOffsetMinutes, milliseconds: false)))
    }
    let percent = Int((min(max(p.progress, 0), 1) * 100).rounded(.down))
    out.append(Span("  \(percent)% ", Style(.muted)))
    out += bar
    var parts = [out]
    // Lines of the file that were not frames: skipped, counted here, and the last one named by
    // its number (its reason, "line 102: not a recorded frame", is on stderr at the end).
    if p.badLines > 0 {
      let last = p.lastBadLine.map { " (last: \($0.prefix { $0 != ":" }))" } ?? ""
      parts.append([
        Span("\(p.badLines) bad line\(p.badLines == 1 ? "" : "s") skipped\(last)", Style(.warning))
      ])
    }
    // Lines of other venues in a recording of several (played as one venue): skipped unread.
    if p.otherVenueLines > 0 {
      let names = p.otherVenues.map(\.rawValue).joined(separator: ", ")
      parts.append([
        Span("\(p.otherVenueLines) \(names) line\(p.otherVenueLines == 1 ? "" : "s") skipped", Style(.muted))
      ])
    }
    return parts
  }

  /// The progress bar: full cells, one partial cell (eighths), empty cells.
  var bar: [Span] {
    let fraction = min(max(position.progress, 0), 1)
    if ascii {
      let full = Int((fraction * Double(barWidth)).rounded(.down))
      return [
        Span("[" + String(repeating: "#", count: full) + String(repeating: "-", count: barWidth - full) + "]")
      ]
    }
    let eighths = Int((fraction * Double(barWidth * 8)).rounded(.down))
    let full = eighths / 8
    var text = String(repeating: "█", count: full)
    if full < barWidth {
      // No one-eighth block: beside the bar's own end it reads as the end.
      let partial = ["", "", "▎", "▍", "▌", "▋", "▊", "▉"][eighths % 8]
      text += partial.isEmpty ? "░" : partial
      text += String(repeating: "░", count: barWidth - full - 1)
    }
    return [Span("▕" + text + "▏", Style(.accent))]
  }
}
