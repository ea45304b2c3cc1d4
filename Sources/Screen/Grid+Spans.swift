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
    put(String(repeating: String(character), count: count), x: x, y: y, style: style, clip: clip)
  }
}
