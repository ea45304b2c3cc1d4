/// How many terminal columns a character takes: 1 for most, 2 for wide ones (CJK, most emoji,
/// ⌚ and ⭐ among the symbols), 0 for those that only modify their neighbour (combining marks,
/// format characters).
///
/// A terminal places characters by the C library's `wcwidth`, and so does ncurses: a grid
/// that measured otherwise would draw a header shifted by a column after every ⭐, or half a
/// character at a pane's edge. Screen is pure and cannot ask `wcwidth`, so the answer is a
/// table made from it (`scripts/character-widths.sh`); `TerminalTests` check the table against
/// the `wcwidth` of the machine they run on, and the Terminal layer checks every character it
/// draws against it too (what disagrees is drawn as `?`, never half).
public enum CharacterWidth {
  /// The columns `scalar` takes: 0, 1 or 2 (controls count as 1: `Grid` shows them as `?`).
  public static func of(_ scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    // Below U+00A0, and the blocks widgets draw with: one column, without a look-up.
    if v < 0xA0 { return 1 }
    if v < 0x300 || (0x2500...0x25FC).contains(v) { return 1 }
    if contains(wide, v) { return 2 }
    return contains(zero, v) ? 0 : 1
  }

  /// Whether one of the sorted, disjoint `ranges` holds `value` (a binary search).
  static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
    var low = 0
    var high = ranges.count
    while low < high {
      let mid = (low + high) / 2
      if ranges[mid].upperBound < value {
        low = mid + 1
      } else {
        high = mid
      }
    }
    return low < ranges.count && ranges[low].contains(value)
  }
}
