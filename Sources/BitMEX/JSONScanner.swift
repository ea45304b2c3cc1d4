import VenueCore
import WireJSON

/// A forward-only JSON reader over the bytes of one message.
///
/// It reads exactly what the BitMEX decoder asks for and validates what it skips, so
/// malformed input anywhere in the message is an error, never a guess. It never
/// allocates except to build strings the caller asks for.
package struct JSONScanner {
  let base: UnsafePointer<UInt8>
  let count: Int
  var pos: Int = 0

  /// Nesting deeper than this is refused (keeps the recursive skip's stack bounded).
  static let maxDepth = 64

  init(_ base: UnsafePointer<UInt8>, count: Int) {
    self.base = base
    self.count = count
  }

  // MARK: Bytes

  @inline(__always) var atEnd: Bool { pos >= count }

  @inline(__always) func peek() -> UInt8 {
    pos < count ? base[pos] : 0
  }

  @inline(__always) func fail(_ reason: String) -> DecodeError {
    DecodeError(reason, at: pos)
  }

  @inline(__always) mutating func skipSpace() {
    while pos < count {
      let c = base[pos]
      // ' ', '\t', '\n', '\r'
      if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { pos += 1 } else { return }
    }
  }

  /// Skips white space, then consumes `byte` or fails.
  @inline(__always) mutating func expect(_ byte: UInt8, _ reason: String) throws(DecodeError) {
    skipSpace()
    guard pos < count, base[pos] == byte else { throw fail(reason) }
    pos += 1
  }

  /// Skips white space; consumes `byte` if it is next.
  @inline(__always) mutating func consume(_ byte: UInt8) -> Bool {
    skipSpace()
    if pos < count, base[pos] == byte {
      pos += 1
      return true
    }
    return false
  }

  // MARK: Objects and arrays

  /// Reads `{` or fails.
  mutating func beginObject() throws(DecodeError) {
    try expect(UInt8(ascii: "{"), "expected an object")
  }

  /// Reads the next key of an object, or returns nil at `}`. Call with `first` true
  /// right after `beginObject()`; the returned span covers the raw key bytes.
  mutating func nextKey(first: inout Bool) throws(DecodeError) -> RawString? {
    guard try advanceToKey(first: &first) else { return nil }
    return try readKey()
  }

  /// Moves past `,` (or nothing, for the first key) to the next key's opening quote;
  /// false at `}`.
  @inline(__always)
  mutating func advanceToKey(first: inout Bool) throws(DecodeError) -> Bool {
    skipSpace()
    guard pos < count else { throw fail("unterminated object") }
    if base[pos] == UInt8(ascii: "}") {
      pos += 1
      return false
    }
    if first {
      first = false
    } else {
      guard base[pos] == UInt8(ascii: ",") else { throw fail("expected ',' or '}' in an object") }
      pos += 1
      skipSpace()
    }
    guard pos < count, base[pos] == UInt8(ascii: "\"") else { throw fail("expected a key") }
    return true
  }

  /// Reads a key and its `:` (positioned on the key's opening quote).
  mutating func readKey() throws(DecodeError) -> RawString {
    let key = try readRawString()
    try expect(UInt8(ascii: ":"), "expected ':' after a key")
    skipSpace()
    return key
  }

  /// Consumes `pattern` if the input continues with it (then skips white space).
  @inline(__always) mutating func take(_ pattern: BytePattern) -> Bool {
    guard pattern.matches(base + pos, available: count - pos) else { return false }
    pos += pattern.count
    skipSpace()
    return true
  }

  /// Reads `[` or fails.
  mutating func beginArray() throws(DecodeError) {
    try expect(UInt8(ascii: "["), "expected an array")
  }

  /// Moves to the next element of an array; false at `]`.
  mutating func nextElement(first: inout Bool) throws(DecodeError) -> Bool {
    skipSpace()
    if first {
      first = false
      if consume(UInt8(ascii: "]")) { return false }
      return true
    }
    guard pos < count else { throw fail("unterminated array") }
    if base[pos] == UInt8(ascii: "]") {
      pos += 1
      return false
    }
    guard base[pos] == UInt8(ascii: ",") else { throw fail("expected ',' or ']' in an array") }
    pos += 1
    skipSpace()
    return true
  }

  // MARK: Literals

  /// Reads `null` if it is next.
  @inline(__always) mutating func consumeNull() -> Bool {
    skipSpace()
    // Nearly always a value other than null: one compare says so.
    guard pos < count, base[pos] == UInt8(ascii: "n") else { return false }
    if pos + 4 <= count, base[pos] == UInt8(ascii: "n"), base[pos + 1] == UInt8(ascii: "u"),
      base[pos + 2] == UInt8(ascii: "l"), base[pos + 3] == UInt8(ascii: "l")
    {
      pos += 4
      return true
    }
    return false
  }

  mutating func readBool() throws(DecodeError) -> Bool {
    skipSpace()
    if matchLiteral("true") { return true }
    if matchLiteral("false") { return false }
    throw fail("expected true or false")
  }

  private mutating func matchLiteral(_ word: StaticString) -> Bool {
    let n = word.utf8CodeUnitCount
    guard pos + n <= count else { return false }
    let w = word.utf8Start
    for i in 0..<n where base[pos + i] != w[i] { return false }
    pos += n
    return true
  }

  // MARK: Strings

  /// The raw bytes between a string's quotes (escapes not decoded).
  struct RawString {
    var start: Int
    var count: Int
    var hasEscapes: Bool
  }

  /// Reads a string, returning its raw span. Rejects raw control characters and bad
  /// escapes; the quotes are consumed.
  mutating func readRawString() throws(DecodeError) -> RawString {
    guard pos < count, base[pos] == UInt8(ascii: "\"") else { throw fail("expected a string") }
    pos += 1
    let start = pos
    var escapes = false
    while true {
      // Eight bytes at a time to the next quote, backslash or control character.
      while pos + 8 <= count {
        let word = UnsafeRawPointer(base + pos).loadUnaligned(as: UInt64.self)
        let special = Self.specialBytes(word)
        if special != 0 {
          pos += special.trailingZeroBitCount >> 3
          break
        }
        pos += 8
      }
      guard pos < count else { throw fail("unterminated string") }
      let c = base[pos]
      if c == UInt8(ascii: "\"") {
        let raw = RawString(start: start, count: pos - start, hasEscapes: escapes)
        pos += 1
        return raw
      }
      if c == UInt8(ascii: "\\") {
        escapes = true
        pos += 1
        guard pos < count else { throw fail("unterminated string") }
        switch base[pos] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
          UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
          pos += 1
        case UInt8(ascii: "u"):
          guard pos + 4 < count else { throw fail("short \\u escape") }
          for i in 1...4 where Self.hexValue(base[pos + i]) == nil {
            throw fail("bad \\u escape")
          }
          pos += 5
        default:
          throw fail("bad escape in a string")
        }
        continue
      }
      if c < 0x20 { throw fail("control character in a string") }
      pos += 1
    }
  }

  /// Skips a timestamp value that is not kept: a string as a rule (the usual 24-byte
  /// `2024-11-24T08:26:22.356Z` is checked a word at a time), anything else as any value.
  @inline(__always) mutating func skipTime() throws(DecodeError) {
    guard peek() == UInt8(ascii: "\"") else { return try skipValue() }
    // The usual 24 plain bytes in quotes, as the one-pass readers skip them; else read the way
    // `readRawString` decides any string.
    var usual = UsualCursor(self)
    if usual.skipPlainString(words: 3) {
      pos = usual.i
      return
    }
    _ = try readRawString()
  }

  /// The high bit of each byte of `w` that is `"`, `\\` or below 0x20. Bits above the
  /// lowest flagged byte may be false alarms (borrows); the lowest one is always exact.
  @inline(__always) static func specialBytes(_ w: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let quote = w ^ (ones &* 0x22)
    let slash = w ^ (ones &* 0x5C)
    let hasQuote = (quote &- ones) & ~quote
    let hasSlash = (slash &- ones) & ~slash
    let hasControl = (w &- ones &* 0x20) & ~w
    return (hasQuote | hasSlash | hasControl) & highs
  }

  /// Whether a raw string's bytes are exactly `word`.
  @inline(__always) func equals(_ raw: RawString, _ word: StaticString) -> Bool {
    guard raw.count == word.utf8CodeUnitCount, !raw.hasEscapes else { return false }
    let w = word.utf8Start
    var i = 0
    while i < raw.count {
      if base[raw.start + i] != w[i] { return false }
      i += 1
    }
    return true
  }

  /// The decoded text of a raw string.
  func string(_ raw: RawString) -> String {
    let bytes = UnsafeBufferPointer(start: base + raw.start, count: raw.count)
    if !raw.hasEscapes { return String(decoding: bytes, as: UTF8.self) }
    return Self.unescape(bytes)
  }

  /// Reads a string value and decodes it.
  mutating func readString() throws(DecodeError) -> String {
    skipSpace()
    return string(try readRawString())
  }

  /// A validated string's escapes decoded: the one decoder every venue's reader shares.
  private static func unescape(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    WireReader.unescape(bytes)
  }

  @inline(__always) static func hexValue(_ c: UInt8) -> UInt8? {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): c &- UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): c &- UInt8(ascii: "a") &+ 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): c &- UInt8(ascii: "A") &+ 10
    default: nil
    }
  }

  // MARK: Numbers

  /// 10^n for n in 0…22, the powers of ten a Double holds exactly (a table in the binary, not an
  /// array behind a lazy global).
  @inline(__always) static func exactPower(_ n: Int) -> Double {
    switch n {
    case 0: 1e0
    case 1: 1e1
    case 2: 1e2
    case 3: 1e3
    case 4: 1e4
    case 5: 1e5
    case 6: 1e6
    case 7: 1e7
    case 8: 1e8
    case 9: 1e9
    case 10: 1e10
    case 11: 1e11
    case 12: 1e12
    case 13: 1e13
    case 14: 1e14
    case 15: 1e15
    case 16: 1e16
    case 17: 1e17
    case 18: 1e18
    case 19: 1e19
    case 20: 1e20
    case 21: 1e21
    default: 1e22
    }
  }

  /// Reads a JSON number as a Double, correctly rounded.
  ///
  /// Fast path (Clinger): at most 19 significant digits whose value fits 2^53 and a
  /// decimal exponent within ±22 give an exact result with one multiply or divide.
  /// Anything else goes through the C library's strtod on a copy of the digits.
  mutating func readDouble() throws(DecodeError) -> Double {
    skipSpace()
    let start = pos
    var negative = false
    if pos < count, base[pos] == UInt8(ascii: "-") {
      negative = true
      pos += 1
    }
    var mantissa: UInt64 = 0
    var digits = 0
    var exponent = 0
    let intStart = pos
    // Prices have a few integer digits: take up to eight at once.
    if pos + 8 <= count {
      let word = UnsafeRawPointer(base + pos).loadUnaligned(as: UInt64.self)
      let n = Self.leadingDigits(word)
      if n > 0 {
        // Keep the n digits, moved up, with '0's below them: the same value in eight lanes.
        let shift = UInt64(8 - n) &* 8
        let kept = n == 8 ? word : (word << shift) | (0x3030_3030_3030_3030 >> (64 &- shift))
        mantissa = Self.eightDigits(kept)
        digits = mantissa == 0 ? 0 : n
        pos += n
      }
    }
    while pos < count, base[pos] &- UInt8(ascii: "0") < 10 {
      if digits < 19 {
        mantissa = mantissa &* 10 &+ UInt64(base[pos] &- UInt8(ascii: "0"))
        if mantissa != 0 { digits += 1 }
      } else {
        exponent += 1
        digits += 1
      }
      pos += 1
    }
    let intDigits = pos - intStart
    guard intDigits > 0 else { throw DecodeError("expected a number", at: start) }
    if intDigits > 1, base[intStart] == UInt8(ascii: "0") {
      throw DecodeError("leading zero in a number", at: start)
    }
    if pos < count, base[pos] == UInt8(ascii: ".") {
      pos += 1
      let fracStart = pos
      while pos < count, base[pos] &- UInt8(ascii: "0") < 10 {
        if digits < 19 {
          mantissa = mantissa &* 10 &+ UInt64(base[pos] &- UInt8(ascii: "0"))
          if mantissa != 0 { digits += 1 }
          exponent -= 1
        } else {
          digits += 1
        }
        pos += 1
      }
      guard pos > fracStart else { throw DecodeError("expected digits after '.'", at: start) }
    }
    if pos < count, base[pos] | 0x20 == UInt8(ascii: "e") {
      pos += 1
      var expNegative = false
      if pos < count, base[pos] == UInt8(ascii: "-") || base[pos] == UInt8(ascii: "+") {
        expNegative = base[pos] == UInt8(ascii: "-")
        pos += 1
      }
      var e = 0
      let expStart = pos
      while pos < count, base[pos] &- UInt8(ascii: "0") < 10 {
        if e < 100_000 { e = e * 10 + Int(base[pos] &- UInt8(ascii: "0")) }
        pos += 1
      }
      guard pos > expStart else { throw DecodeError("expected digits in an exponent", at: start) }
      exponent += expNegative ? -e : e
    }
    if digits <= 19, mantissa < (1 << 53), exponent >= -22, exponent <= 22 {
      let m = Double(mantissa)
      let v = exponent >= 0 ? m * Self.exactPower(exponent) : m / Self.exactPower(-exponent)
      return negative ? -v : v
    }
    return Self.slowDouble(base + start, count: pos - start)
  }

  /// Reads a JSON number as a decimal from its text, never through `Double`: the decimals as
  /// written (`0.00001234` is 1234 at 8), an exponent applied exactly (`1e-8`). A number the
  /// decimal cannot hold exactly (more than 18 significant digits, out of range) is an error.
  mutating func readDecimal() throws(DecodeError) -> FixedDecimal {
    skipSpace()
    let start = pos
    // The JSON grammar, as every number is checked; then the text itself.
    _ = try readDouble()
    switch FixedDecimal.parse(UnsafeBufferPointer(start: base + start, count: pos - start)) {
    case .success(let value): return value
    case .failure(let reason): throw DecodeError("number \(reason)", at: start)
    }
  }

  private static func slowDouble(_ p: UnsafePointer<UInt8>, count: Int) -> Double {
    // Numbers are short; a stack copy keeps strtod from reading past the number.
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: count + 1) { buf in
      for i in 0..<count { buf[i] = CChar(bitPattern: p[i]) }
      buf[count] = 0
      return parseCDouble(buf.baseAddress!)
    }
  }

  /// Reads a number that must be a whole value: `8000`, `8000.0` and `8e3` all work.
  mutating func readInt64() throws(DecodeError) -> Int64 {
    skipSpace()
    let start = pos
    // Fast path: plain digits, optional minus, no fraction or exponent.
    var p = pos
    var negative = false
    if p < count, base[p] == UInt8(ascii: "-") {
      negative = true
      p += 1
    }
    var v: Int64 = 0
    let digitsStart = p
    // Ids have 10–12 digits, sizes a few: take up to eight, then up to seven more, a
    // word at a time.
    if p + 8 <= count {
      let word = UnsafeRawPointer(base + p).loadUnaligned(as: UInt64.self)
      let n = Self.leadingDigits(word)
      if n == 8 {
        v = Int64(Self.eightDigits(word))
        p += 8
        if p + 8 <= count {
          let next = UnsafeRawPointer(base + p).loadUnaligned(as: UInt64.self)
          let m = Self.leadingDigits(next)
          if m > 0, m < 8 {
            v = v &* Self.powerOfTen(m) &+ Int64(Self.leadingValue(next, digits: m))
            p += m
          }
        }
      } else if n > 0 {
        v = Int64(Self.leadingValue(word, digits: n))
        p += n
      }
    }
    while p < count, base[p] &- UInt8(ascii: "0") < 10, p - digitsStart < 18 {
      v = v &* 10 &+ Int64(base[p] &- UInt8(ascii: "0"))
      p += 1
    }
    if p > digitsStart, p < count, !Self.continuesNumber(base[p]),
      !(p - digitsStart > 1 && base[digitsStart] == UInt8(ascii: "0"))
    {
      pos = p
      return negative ? -v : v
    }
    pos = start
    // Anything else (`100.0`, `1e3`, 19 digits) is read as a number, then judged by its text:
    // a Double keeps ~16 digits, so `9876543210987654.5` would read as whole.
    _ = try readDouble()
    guard let whole = Self.wholeValue(base + start, count: pos - start) else {
      throw DecodeError("expected a whole number", at: start)
    }
    return whole
  }

  /// The value of the JSON number spelled by `count` bytes at `text` when it is a whole
  /// number that fits an `Int64` (`-12`, `100.0`, `1.5e1`, `150e-1`), else nil. Exact:
  /// the digits are taken as they are written, never through a Double.
  static func wholeValue(_ text: UnsafePointer<UInt8>, count: Int) -> Int64? {
    var i = 0
    let negative = i < count && text[i] == UInt8(ascii: "-")
    if negative { i += 1 }
    // The digits before and after the point, as one run; the point sits after `integerDigits`.
    let digitsStart = i
    while i < count, text[i] &- UInt8(ascii: "0") < 10 { i += 1 }
    let integerDigits = i - digitsStart
    var fraction = i..<i
    if i < count, text[i] == UInt8(ascii: ".") {
      i += 1
      let fractionStart = i
      while i < count, text[i] &- UInt8(ascii: "0") < 10 { i += 1 }
      fraction = fractionStart..<i
    }
    var exponent = 0
    if i < count, text[i] | 0x20 == UInt8(ascii: "e") {
      i += 1
      let negativeExponent = i < count && text[i] == UInt8(ascii: "-")
      if i < count, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") { i += 1 }
      while i < count, text[i] &- UInt8(ascii: "0") < 10 {
        exponent = min(exponent * 10 + Int(text[i] &- UInt8(ascii: "0")), 100_000)
        i += 1
      }
      if negativeExponent { exponent = -exponent }
    }
    guard i == count, integerDigits + fraction.count > 0 else { return nil }
    // Digit k of the run (0 = the first integer digit).
    func digit(_ k: Int) -> Int64 {
      let at = k < integerDigits ? digitsStart + k : fraction.lowerBound + (k - integerDigits)
      return Int64(text[at] &- UInt8(ascii: "0"))
    }
    let total = integerDigits + fraction.count
    let point = integerDigits + exponent
    // Whole: every digit after the point is a zero.
    for k in max(0, point)..<max(max(0, point), total) where digit(k) != 0 { return nil }
    // Past 19 digits before the point only zero fits.
    guard point <= 19 else { return (0..<total).allSatisfy { digit($0) == 0 } ? 0 : nil }
    var value: Int64 = 0
    for k in 0..<max(0, point) {
      let d = k < total ? digit(k) : 0
      guard value != 0 || d != 0 else { continue }
      let (times10, o1) = value.multipliedReportingOverflow(by: 10)
      let (next, o2) = times10.addingReportingOverflow(d)
      guard !o1, !o2 else { return nil }
      value = next
    }
    return negative ? -value : value
  }

  /// How many of `w`'s bytes, from the lowest (the first in memory), are ASCII digits before
  /// the first that is not: 0…8.
  @inlinable @inline(__always) package static func leadingDigits(_ w: UInt64) -> Int {
    // A lane is nonzero when its byte is not a digit: '0'…'9' is 0x30…0x39, the bytes whose
    // high nibble is 3, and still 3 once 6 is added. (A carry out of a lane only reaches
    // lanes after a non-digit, which do not count.)
    let high = (w & 0xF0F0_F0F0_F0F0_F0F0) ^ 0x3030_3030_3030_3030
    let carried = ((w &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0) ^ 0x3030_3030_3030_3030
    let notDigit = high | carried
    // Collapse each lane to its high bit: nonzero lane → 0x80.
    let lanes =
      ((notDigit & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F | notDigit) & 0x8080_8080_8080_8080
    return lanes.trailingZeroBitCount / 8
  }

  /// The value of the first `n` (1…7) bytes of `w`, which are ASCII digits.
  @inlinable @inline(__always) package static func leadingValue(_ w: UInt64, digits n: Int) -> UInt64 {
    // Move the digits up and fill the lanes below with '0's: the same value in eight.
    let shift = UInt64(8 - n) &* 8
    return eightDigits((w << shift) | (0x3030_3030_3030_3030 >> (64 &- shift)))
  }

  /// 10^n for n in 1…7 (the digits read a word at a time): `FixedDecimal`'s one table.
  @inlinable @inline(__always) package static func powerOfTen(_ n: Int) -> Int64 {
    FixedDecimal.powerOfTen(UInt8(truncatingIfNeeded: n))
  }

  /// Whether all eight bytes of `w` are ASCII digits.
  @inline(__always) static func allDigits(_ w: UInt64) -> Bool {
    let highNibbles = w & 0xF0F0_F0F0_F0F0_F0F0
    let carried = ((w &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0) >> 4
    return highNibbles | carried == 0x3333_3333_3333_3333
  }

  /// The value of eight ASCII digits (first digit in the lowest byte), by pairing lanes:
  /// bytes → two-digit → four-digit → eight-digit numbers in three multiply-adds.
  @inlinable @inline(__always) package static func eightDigits(_ w: UInt64) -> UInt64 {
    var v = w &- 0x3030_3030_3030_3030
    v = (v &* 10 &+ (v >> 8)) & 0x00FF_00FF_00FF_00FF
    v = (v &* 100 &+ (v >> 16)) & 0x0000_FFFF_0000_FFFF
    v = (v &* 10_000 &+ (v >> 32)) & 0xFFFF_FFFF
    return v
  }

  @inline(__always) private static func continuesNumber(_ c: UInt8) -> Bool {
    c &- UInt8(ascii: "0") < 10 || c == UInt8(ascii: ".") || c | 0x20 == UInt8(ascii: "e")
  }

  // MARK: Skipping

  /// Skips one value of any kind, validating it.
  mutating func skipValue(depth: Int = 0) throws(DecodeError) {
    guard depth < Self.maxDepth else { throw fail("nesting too deep") }
    skipSpace()
    guard pos < count else { throw fail("expected a value") }
    switch base[pos] {
    case UInt8(ascii: "\""):
      _ = try readRawString()
    case UInt8(ascii: "{"):
      pos += 1
      var first = true
      while try nextKey(first: &first) != nil { try skipValue(depth: depth + 1) }
    case UInt8(ascii: "["):
      pos += 1
      var first = true
      while try nextElement(first: &first) { try skipValue(depth: depth + 1) }
    case UInt8(ascii: "t"), UInt8(ascii: "f"):
      _ = try readBool()
    case UInt8(ascii: "n"):
      guard consumeNull() else { throw fail("expected null") }
    default:
      _ = try readDouble()
    }
  }
}
