extension Grid {
  /// Writes `spans` one after the other from (x, y), clipped like `put`. Returns the
  /// column after the last character.
  @discardableResult
  public mutating func put(_ spans: [Span], x: Int, y: Int, clip: Rect? = nil) -> Int {
    var column = x
    for span in spans {
      column = put(span.text, x: column, y: y, style: span.style, clip: clip)
    }
    return column
  }

  /// Writes `character` `count` times from (x, y), clipped to `clip`.
  public mutating func repeatCharacter(
    _ character: Character, count: Int, x: Int, y: Int, style: Style = .plain, clip: Rect? = nil
  ) {
    guard count > 0 else { return }
    fill(Rect(x: x, y: y, width: count, height: 1).intersection(clip ?? bounds), with: Cell(character, style))
  }

  /// Writes `text` right-aligned in `width` columns from (x, y), as `put(text.padLeft(width), …)`
  /// does (the padding is spaces in `style`; text wider than `width` is not cut), without
  /// building the padded string. Returns the column after the last character.
  @discardableResult
  public mutating func put(
    _ text: String, x: Int, y: Int, rightAlignedIn width: Int, style: Style = .plain, clip: Rect? = nil
  ) -> Int {
    let area = (clip ?? bounds).intersection(bounds)
    guard y >= area.y, y < area.maxY else { return x }
    if let end = putRightAlignedASCII(text, x: x, y: y, width: width, style: style, area: area) { return end }
    let pad = width - text.columns
    guard pad > 0 else { return put(text, x: x, y: y, style: style, clip: clip) }
    // Text that could join the padding's last space into one character: as padded.
    if let first = text.unicodeScalars.first, !Self.standsAlone(first) {
      return put(text.padLeft(width), x: x, y: y, style: style, clip: clip)
    }
    fill(Rect(x: x, y: y, width: pad, height: 1).intersection(area), with: Cell(scalar: " ", style))
    // Like `put`: the column after the text, or the clip's edge when the padding crosses it.
    guard x + pad <= area.maxX else { return max(x, area.maxX) }
    return put(text, x: x + pad, y: y, style: style, clip: clip)
  }
}
