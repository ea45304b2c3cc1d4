/// A recording's receive-time prefix, read here beside the digit helpers so they inline.
extension JSONScanner {
  /// `RecordedLine.time` eight digits at a time, for the usual `1732436782.198986 ` (up to 12 whole digits and
  /// up to 7 after the point, with at least 8 bytes readable past each run); nil for anything
  /// else, which the digit loop reads.
  @inline(__always)
  package static func wordTime(
    _ p: UnsafePointer<UInt8>, count n: Int, from start: Int
  ) -> (
    Double?, digits: Int, end: Int
  )? {
    var i = start
    var whole: UInt64 = 0
    while true {
      guard i + 8 <= n else { return nil }
      let word = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
      let k = leadingDigits(word)
      if k == 8 {
        whole = whole &* 100_000_000 &+ eightDigits(word)
      } else if k > 0 {
        whole = whole &* UInt64(powerOfTen(k)) &+ leadingValue(word, digits: k)
      }
      i += k
      guard i - start <= 12 else { return nil }
      if k < 8 { break }
    }
    var digits = i - start
    var fraction: UInt64 = 0
    var scale: UInt64 = 1
    if i < n, p[i] == UInt8(ascii: ".") {
      guard i + 9 <= n else { return nil }
      let word = UnsafeRawPointer(p + i + 1).loadUnaligned(as: UInt64.self)
      let k = leadingDigits(word)
      guard k < 8 else { return nil }
      if k > 0 {
        fraction = leadingValue(word, digits: k)
        scale = UInt64(powerOfTen(k))
      }
      digits += k
      i += 1 + k
    }
    // At most 12 and 7 digits: converted as Int64 (one instruction each).
    return (
      Double(Int64(bitPattern: whole)) + Double(Int64(bitPattern: fraction))
        / Double(Int64(bitPattern: scale)),
      digits, i
    )
  }
}
