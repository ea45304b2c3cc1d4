/// A run of text in one style: the unit widgets compose lines from (like ratatui's `Span`).
///
/// Text is measured in columns: a character takes one, or two when it is wide (`CharacterWidth`);
/// `Grid.put` shows anything unprintable as a single `?`, so the measure is the on-screen width.
public struct Span: Sendable, Hashable {
  public var text: String
  public var style: Style

  public init(_ text: String, _ style: Style = .plain) {
    self.text = text
    self.style = style
  }

  /// The columns the span takes on screen.
  public var width: Int { text.columns }
}

extension [Span] {
  /// The columns all spans take together.
  public var width: Int { reduce(0) { $0 + $1.width } }

  /// The spans cut to at most `width` columns; the last kept span is shortened and ends
  /// with `ellipsis` when something had to go.
  public func fitted(_ width: Int, ellipsis: Character) -> [Span] {
    guard self.width > width else { return self }
    guard width > 0 else { return [] }
    var out: [Span] = []
    var used = 0
    for span in self {
      let room = width - used
      if span.width < room {
        out.append(span)
        used += span.width
        continue
      }
      out.append(Span(span.text.fitted(room, ellipsis: ellipsis), span.style))
      break
    }
    // The cut fell exactly at a span boundary: mark it on the last column.
    if out.width == width, let last = out.last, !last.text.hasSuffix(String(ellipsis)) {
      out[out.count - 1].text = last.text.fitted(last.width, ellipsis: ellipsis, force: true)
    }
    return out
  }
}
