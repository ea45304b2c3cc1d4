// Column-width helpers for widget text. Every character is one column (see `Span`).
extension String {
  /// The text cut to at most `width` columns, ending in `ellipsis` when it was cut (or when
  /// `force` is set and the text is not empty).
  func fitted(_ width: Int, ellipsis: Character, force: Bool = false) -> String {
    guard width > 0 else { return "" }
    if count <= width && !force { return self }
    if width == 1 { return String(ellipsis) }
    return String(prefix(min(count, width) - 1)) + String(ellipsis)
  }

  /// Right-aligned in `width` columns (never cut).
  func padLeft(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }

  /// Left-aligned in `width` columns (never cut).
  func padRight(_ width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
