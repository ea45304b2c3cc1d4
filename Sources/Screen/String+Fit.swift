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

  /// The columns the text takes (its characters): the byte count for printable ASCII, the
  /// scalar count for text of scalars that each stand alone (`Grid.standsAlone`: box lines,
  /// blocks, arrows), without walking grapheme clusters; else the character count.
  var columns: Int {
    let ascii = utf8.withContiguousStorageIfAvailable { bytes in
      bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }
    if ascii == true { return utf8.count }
    var scalars = 0
    for scalar in unicodeScalars {
      guard Grid.standsAlone(scalar) else { return count }
      scalars += 1
    }
    return scalars
  }

  /// Right-aligned in `width` columns (never cut).
  func padLeft(_ width: Int) -> String {
    columns >= width ? self : String(repeating: " ", count: width - columns) + self
  }

  /// Left-aligned in `width` columns (never cut).
  func padRight(_ width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
