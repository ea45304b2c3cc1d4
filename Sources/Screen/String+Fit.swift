// Column-width helpers for widget text: a character takes one column, or two when wide (see `Span`).
extension String {
  /// The text cut to at most `width` columns, ending in `ellipsis` when it was cut (or when
  /// `force` is set and the text is not empty). A two-column character that would cross the
  /// cut goes whole.
  func fitted(_ width: Int, ellipsis: Character, force: Bool = false) -> String {
    guard width > 0 else { return "" }
    let total = columns
    if total <= width && !force { return self }
    if width == 1 { return String(ellipsis) }
    if total == count { return String(prefix(min(count, width) - 1)) + String(ellipsis) }
    var kept = Substring()
    var used = 0
    for ch in self {
      let w = Grid.columns(ch)
      if used + w > width - 1 { break }
      kept.append(ch)
      used += w
    }
    return String(kept) + String(ellipsis)
  }

  /// The columns the text takes: the byte count for printable ASCII, the scalar count for
  /// text of scalars that each stand alone (`Grid.standsAlone`: box lines, blocks, arrows),
  /// without walking grapheme clusters; else each character's columns (`Grid.cell`: two for
  /// a wide one).
  var columns: Int {
    let ascii = utf8.withContiguousStorageIfAvailable { bytes in
      bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }
    if ascii == true { return utf8.count }
    var scalars = 0
    for scalar in unicodeScalars {
      guard Grid.standsAlone(scalar) else { return reduce(0) { $0 + Grid.columns($1) } }
      scalars += 1
    }
    return scalars
  }

  /// Right-aligned in `width` columns (never cut).
  public func padLeft(_ width: Int) -> String {
    let columns = columns
    return columns >= width ? self : String(repeating: " ", count: width - columns) + self
  }

  /// Left-aligned in `width` columns (never cut).
  public func padRight(_ width: Int) -> String {
    let columns = columns
    return columns >= width ? self : self + String(repeating: " ", count: width - columns)
  }
}
