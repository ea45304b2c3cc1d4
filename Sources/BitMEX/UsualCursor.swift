import MarketModel
import VenueCore

/// A place in a message for the one-pass row readers (`usualBookRow`, `usualTrade`): each read
/// takes exactly the usual spelling of one thing and answers false or nil for anything else, so
/// the reader can give the row up to the general loop, which decides every other input. Nothing
/// is read past `end`.
struct UsualCursor {
  let p: UnsafePointer<UInt8>
  let end: Int
  var i: Int

  @inline(__always) init(_ s: JSONScanner) {
    p = s.base
    end = s.count
    i = s.pos
  }

  /// Takes `pattern` if the input continues with it (16 bytes must be readable).
  @inline(__always) mutating func take(_ pattern: BytePattern) -> Bool {
    guard pattern.matches(p + i, available: end - i) else { return false }
    i += pattern.count
    return true
  }

  /// Takes `byte` if it is next.
  @inline(__always) mutating func take(_ byte: UInt8) -> Bool {
    guard i < end, p[i] == byte else { return false }
    i += 1
    return true
  }

  /// 1–15 digits with no leading zero (a lone `0` is fine); 16 bytes must be readable.
  // `@_transparent`, here and on `decimalPrice`: marked `@inline(__always)`, both stayed calls
  // (three a book row, their constants loaded again at each); inlined, the synthetic
  // decode+apply loop took 3 % less CPU.
  @_transparent mutating func digits() -> UInt64? {
    guard i + 16 <= end else { return nil }
    let w0 = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
    let n0 = JSONScanner.leadingDigits(w0)
    guard n0 > 0 else { return nil }
    if n0 < 8 {
      guard n0 == 1 || p[i] != UInt8(ascii: "0") else { return nil }
      i += n0
      return JSONScanner.leadingValue(w0, digits: n0)
    }
    let w1 = UnsafeRawPointer(p + i + 8).loadUnaligned(as: UInt64.self)
    let n1 = JSONScanner.leadingDigits(w1)
    guard n1 < 8, p[i] != UInt8(ascii: "0") else { return nil }
    let high = JSONScanner.eightDigits(w0)
    i += 8 + n1
    guard n1 > 0 else { return high }
    return high &* UInt64(JSONScanner.powerOfTen(n1)) &+ JSONScanner.leadingValue(w1, digits: n1)
  }

  /// A price: `digits`, then maybe `.` and 1–7 digits, at most 15 digits in all; the value as
  /// `JSONScanner.readDouble` makes it (the digits as one integer, divided once by an exact
  /// power of ten).
  @inline(__always) mutating func price() -> Double? {
    // At most 15 digits: below 2^53, and converted as an Int64 (one instruction; UInt64's takes
    // several).
    guard let decimal = decimalPrice() else { return nil }
    return Double(decimal.mantissa) / JSONScanner.exactPower(Int(decimal.scale))
  }

  /// A price as a decimal, from its text: `digits`, then maybe `.` and 1–7 digits, at most 15
  /// digits in all, kept at the decimals written (`97500.50` is 9750050 at 2), never through
  /// `Double` (`price()` is it divided once by an exact power of ten).
  @_transparent mutating func decimalPrice() -> FixedDecimal? {
    let start = i
    guard let whole = digits() else { return nil }
    guard p[i] == UInt8(ascii: ".") else { return FixedDecimal(mantissa: Int64(bitPattern: whole), scale: 0) }
    guard i + 9 <= end else { return nil }
    let word = UnsafeRawPointer(p + i + 1).loadUnaligned(as: UInt64.self)
    let k = JSONScanner.leadingDigits(word)
    guard k > 0, k < 8, (i - start) + k <= 15 else { return nil }
    i += 1 + k
    let mantissa = whole &* UInt64(JSONScanner.powerOfTen(k)) &+ JSONScanner.leadingValue(word, digits: k)
    return FixedDecimal(mantissa: Int64(bitPattern: mantissa), scale: UInt8(k))
  }

  /// Any JSON number, checked against the grammar and not kept: `-?(0|[1-9][0-9]*)(.[0-9]+)?
  /// ([eE][+-]?[0-9]+)?`.
  @inline(__always) mutating func skipNumber() -> Bool {
    var j = i
    if j < end, p[j] == UInt8(ascii: "-") { j += 1 }
    let first = j
    while j < end, p[j] &- UInt8(ascii: "0") < 10 { j += 1 }
    guard j > first, j - first == 1 || p[first] != UInt8(ascii: "0") else { return false }
    if j < end, p[j] == UInt8(ascii: ".") {
      j += 1
      let fraction = j
      while j < end, p[j] &- UInt8(ascii: "0") < 10 { j += 1 }
      guard j > fraction else { return false }
    }
    if j < end, p[j] | 0x20 == UInt8(ascii: "e") {
      j += 1
      if j < end, p[j] == UInt8(ascii: "+") || p[j] == UInt8(ascii: "-") { j += 1 }
      let exponent = j
      while j < end, p[j] &- UInt8(ascii: "0") < 10 { j += 1 }
      guard j > exponent else { return false }
    }
    i = j
    return true
  }

  /// A string of `count` bytes with no quote, backslash or control byte (in its quotes), not kept;
  /// `count` is 8, 16, 24 or 32… (whole words).
  @inline(__always) mutating func skipPlainString(words: Int) -> Bool {
    let count = words * 8
    guard i + count + 2 <= end, p[i] == UInt8(ascii: "\""), p[i + count + 1] == UInt8(ascii: "\"") else {
      return false
    }
    let raw = UnsafeRawPointer(p + i + 1)
    var special: UInt64 = 0
    for w in 0..<words {
      special |= JSONScanner.specialBytes(raw.loadUnaligned(fromByteOffset: 8 * w, as: UInt64.self))
    }
    guard special == 0 else { return false }
    i += count + 2
    return true
  }

  /// A string of any length with no backslash or control byte (in its quotes), not kept.
  @inline(__always) mutating func skipPlainString() -> Bool {
    guard i < end, p[i] == UInt8(ascii: "\"") else { return false }
    var j = i + 1
    while j + 8 <= end {
      let special = JSONScanner.specialBytes(UnsafeRawPointer(p + j).loadUnaligned(as: UInt64.self))
      if special != 0 {
        j += special.trailingZeroBitCount >> 3
        guard p[j] == UInt8(ascii: "\"") else { return false }
        i = j + 1
        return true
      }
      j += 8
    }
    return false
  }

  /// A `YYYY-MM-DDTHH:MM:SS.mmmZ` timestamp in quotes, as milliseconds since the epoch.
  @inline(__always) mutating func isoMillis() -> Int64? {
    guard i + 26 <= end, p[i] == UInt8(ascii: "\""), p[i + 25] == UInt8(ascii: "\""),
      let ms = FixedLayouts.isoMillis(p + i + 1)
    else { return nil }
    i += 26
    return ms
  }

  /// A GUID `trdMatchID` in quotes.
  @inline(__always) mutating func guid() -> MatchID? {
    guard i + 38 <= end, p[i] == UInt8(ascii: "\""), p[i + 37] == UInt8(ascii: "\""),
      let id = FixedLayouts.guid(p + i + 1)
    else { return nil }
    i += 38
    return id
  }
}
