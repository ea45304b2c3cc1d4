/// A forward-only JSON reader over the bytes of one frame, for the venue adapters: objects and
/// arrays are walked by the caller, keys and numbers come back as spans of the frame's own bytes
/// (a number's text is what `FixedDecimal` parses), and whatever the caller skips is still
/// validated, so a malformed frame is an error, never a guess. Nothing is allocated except the
/// strings a caller asks for.
///
/// The bytes must outlive the reader (use it inside `withUnsafeBufferPointer`).
public struct WireReader {
  public let bytes: UnsafeBufferPointer<UInt8>
  public private(set) var position = 0

  /// Nesting deeper than this is refused (the skip's recursion stays bounded).
  public static let maxDepth = 64

  /// A reader of `bytes` from `position` on (to come back to a value skipped earlier).
  public init(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int = 0) {
    self.bytes = bytes
    self.position = min(max(position, 0), bytes.count)
  }

  @inline(__always) func fail(_ reason: String) -> WireError { WireError(reason, at: position) }

  @inline(__always) mutating func skipSpace() {
    while position < bytes.count {
      let c = bytes[position]
      if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { position += 1 } else { return }
    }
  }

  /// The next byte after white space (0 at the end), not consumed.
  @inline(__always) public mutating func peek() -> UInt8 {
    skipSpace()
    return position < bytes.count ? bytes[position] : 0
  }

  @inline(__always) mutating func expect(_ byte: UInt8, _ reason: String) throws(WireError) {
    skipSpace()
    guard position < bytes.count, bytes[position] == byte else { throw fail(reason) }
    position += 1
  }

  /// Whether only white space is left.
  public mutating func atEnd() -> Bool {
    skipSpace()
    return position >= bytes.count
  }

  // MARK: Objects and arrays

  public mutating func beginObject() throws(WireError) { try expect(UInt8(ascii: "{"), "expected an object") }
  public mutating func beginArray() throws(WireError) { try expect(UInt8(ascii: "["), "expected an array") }

  /// The next key of the object (its raw bytes, escapes left as they are), or nil at `}`. Pass
  /// `first` true right after `beginObject()`.
  public mutating func nextKey(first: inout Bool) throws(WireError) -> UnsafeBufferPointer<UInt8>? {
    skipSpace()
    guard position < bytes.count else { throw fail("unterminated object") }
    if bytes[position] == UInt8(ascii: "}") {
      position += 1
      return nil
    }
    if first {
      first = false
    } else {
      try expect(UInt8(ascii: ","), "expected , or }")
    }
    let key = try readStringSpan()
    try expect(UInt8(ascii: ":"), "expected :")
    return key
  }

  /// Whether another element of the array follows (false at `]`). Pass `first` true right after
  /// `beginArray()`.
  public mutating func nextElement(first: inout Bool) throws(WireError) -> Bool {
    skipSpace()
    guard position < bytes.count else { throw fail("unterminated array") }
    if bytes[position] == UInt8(ascii: "]") {
      position += 1
      return false
    }
    if first {
      first = false
    } else {
      try expect(UInt8(ascii: ","), "expected , or ]")
    }
    return true
  }

  // MARK: Values

  /// A string's raw bytes between its quotes (escapes validated, not decoded).
  public mutating func readStringSpan() throws(WireError) -> UnsafeBufferPointer<UInt8> {
    try expect(UInt8(ascii: "\""), "expected a string")
    let start = position
    // Eight bytes at a time while none of them is a quote, a backslash or a control; the word
    // that holds one says which byte is the first (the lowest flag is exact), so the loop below
    // starts on it rather than walking up to seven plain bytes again.
    if let base = bytes.baseAddress {
      let raw = UnsafeRawPointer(base)
      while position &+ 8 <= bytes.count {
        let flags = Self.special(raw.loadUnaligned(fromByteOffset: position, as: UInt64.self).littleEndian)
        if flags != 0 {
          position &+= flags.trailingZeroBitCount &>> 3
          break
        }
        position &+= 8
      }
    }
    while position < bytes.count {
      let c = bytes[position]
      if c == UInt8(ascii: "\"") {
        let span = UnsafeBufferPointer(rebasing: bytes[start..<position])
        position += 1
        return span
      }
      if c == UInt8(ascii: "\\") {
        position += 1
        guard position < bytes.count else { break }
        let e = bytes[position]
        if e == UInt8(ascii: "u") {
          guard position + 4 < bytes.count else { break }
          for k in 1...4 where Self.hexValue(bytes[position + k]) == nil { throw fail("bad \\u escape") }
          position += 4
        } else if !"\"\\/bfnrt".utf8.contains(e) {
          throw fail("bad escape")
        }
      } else if c < 0x20 {
        throw fail("control character in a string")
      }
      position += 1
    }
    throw fail("unterminated string")
  }

  /// A string, unescaped.
  public mutating func readString() throws(WireError) -> String {
    let span = try readStringSpan()
    guard span.contains(UInt8(ascii: "\\")) else { return String(decoding: span, as: UTF8.self) }
    return Self.unescape(span)
  }

  /// A number's text as sent (validated as JSON's number grammar).
  public mutating func readNumberText() throws(WireError) -> UnsafeBufferPointer<UInt8> {
    skipSpace()
    let start = position
    if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
    var digits = 0
    while position < bytes.count, Self.isDigit(bytes[position]) {
      position += 1
      digits += 1
    }
    guard digits > 0 else { throw fail("expected a number") }
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      var fraction = 0
      while position < bytes.count, Self.isDigit(bytes[position]) {
        position += 1
        fraction += 1
      }
      guard fraction > 0 else { throw fail("expected digits after .") }
    }
    if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
      {
        position += 1
      }
      var exponent = 0
      while position < bytes.count, Self.isDigit(bytes[position]) {
        position += 1
        exponent += 1
      }
      guard exponent > 0 else { throw fail("expected exponent digits") }
    }
    return UnsafeBufferPointer(rebasing: bytes[start..<position])
  }

  /// A number's text, whether sent as a JSON number or as a string holding one (venues do both:
  /// Binance quotes its prices, Kraken does not).
  public mutating func readNumberOrQuoted() throws(WireError) -> UnsafeBufferPointer<UInt8> {
    if peek() == UInt8(ascii: "\"") { return try readStringSpan() }
    return try readNumberText()
  }

  /// A non-negative whole number that fits `UInt64` (ids and sequence numbers: Kraken's
  /// `connection_id` is past 2^53, so never through `Double`).
  public mutating func readUInt64() throws(WireError) -> UInt64 {
    let text = try readNumberOrQuoted()
    guard let value = Self.uint64(text) else { throw fail("expected a whole number up to 2^64") }
    return value
  }

  /// A whole number that fits `Int64` (may be negative: OKX's first `prevSeqId` is -1).
  public mutating func readInt64() throws(WireError) -> Int64 {
    let text = try readNumberOrQuoted()
    guard let first = text.first else { throw fail("expected a whole number") }
    if first == UInt8(ascii: "-") {
      guard let m = Self.uint64(UnsafeBufferPointer(rebasing: text[1...])), m <= UInt64(Int64.max) else {
        throw fail("expected a whole number in range")
      }
      return -Int64(m)
    }
    guard let m = Self.uint64(text), m <= UInt64(Int64.max) else {
      throw fail("expected a whole number in range")
    }
    return Int64(m)
  }

  /// `true` or `false`.
  public mutating func readBool() throws(WireError) -> Bool {
    if take("true") { return true }
    if take("false") { return false }
    throw fail("expected true or false")
  }

  /// Consumes `null` if it is next.
  public mutating func readNull() -> Bool { take("null") }

  /// Skips one value of any kind, validating it.
  public mutating func skipValue() throws(WireError) { try skipValue(depth: 0) }

  mutating func skipValue(depth: Int) throws(WireError) {
    guard depth < Self.maxDepth else { throw fail("nested too deep") }
    switch peek() {
    case UInt8(ascii: "{"):
      try beginObject()
      var first = true
      while try nextKey(first: &first) != nil { try skipValue(depth: depth + 1) }
    case UInt8(ascii: "["):
      try beginArray()
      var first = true
      while try nextElement(first: &first) { try skipValue(depth: depth + 1) }
    case UInt8(ascii: "\""): _ = try readStringSpan()
    case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try readBool()
    case UInt8(ascii: "n"): if !readNull() { throw fail("expected null") }
    default: _ = try readNumberText()
    }
  }

  // MARK: Helpers

  /// Whether `span` spells `word` exactly.
  @inlinable @inline(__always) public static func equals(
    _ span: UnsafeBufferPointer<UInt8>, _ word: StaticString
  ) -> Bool {
    guard span.count == word.utf8CodeUnitCount else { return false }
    let w = word.utf8Start
    for i in 0..<span.count where span[i] != w[i] { return false }
    return true
  }

  private mutating func take(_ word: StaticString) -> Bool {
    skipSpace()
    let n = word.utf8CodeUnitCount
    guard position + n <= bytes.count else { return false }
    let w = word.utf8Start
    for i in 0..<n where bytes[position + i] != w[i] { return false }
    position += n
    return true
  }

  /// Non-zero when a byte of `w` (little-endian: the first byte lowest) may be a quote, a
  /// backslash or below 0x20. Exact for "none", and for the lowest byte flagged: a borrow only
  /// runs upwards, so a false flag sits above a true one.
  @inline(__always) static func special(_ w: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let quote = w ^ (ones &* 0x22)
    let backslash = w ^ (ones &* 0x5C)
    let zeroQuote = (quote &- ones) & ~quote & highs
    let zeroBackslash = (backslash &- ones) & ~backslash & highs
    let control = (w &- ones &* 0x20) & ~w & highs
    return zeroQuote | zeroBackslash | control
  }

  @inline(__always) static func isDigit(_ c: UInt8) -> Bool { c &- 0x30 < 10 }

  static func uint64(_ text: UnsafeBufferPointer<UInt8>) -> UInt64? {
    guard !text.isEmpty else { return nil }
    var value: UInt64 = 0
    for c in text {
      guard isDigit(c) else { return nil }
      let (m, o1) = value.multipliedReportingOverflow(by: 10)
      let (a, o2) = m.addingReportingOverflow(UInt64(c &- 0x30))
      if o1 || o2 { return nil }
      value = a
    }
    return value
  }

  static func hexValue(_ c: UInt8) -> UInt32? {
    switch c {
    case 0x30...0x39: UInt32(c - 0x30)
    case 0x41...0x46: UInt32(c - 0x41 + 10)
    case 0x61...0x66: UInt32(c - 0x61 + 10)
    default: nil
    }
  }

  /// Decodes the escapes of a validated string (a lone surrogate becomes U+FFFD).
  package static func unescape(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    func hex4(_ at: Int) -> UInt32 {
      var v: UInt32 = 0
      for k in 0..<4 { v = v << 4 | (hexValue(bytes[at + k]) ?? 0) }
      return v
    }
    func appendScalar(_ v: UInt32) {
      let scalar = Unicode.Scalar(v) ?? "\u{FFFD}"
      out.append(contentsOf: String(scalar).utf8)
    }
    while i < bytes.count {
      let c = bytes[i]
      guard c == UInt8(ascii: "\\"), i + 1 < bytes.count else {
        out.append(c)
        i += 1
        continue
      }
      let e = bytes[i + 1]
      i += 2
      switch e {
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"):
        var v = hex4(i)
        i += 4
        // A surrogate pair encodes one scalar outside the BMP.
        if (0xD800..<0xDC00).contains(v), i + 6 <= bytes.count, bytes[i] == UInt8(ascii: "\\"),
          bytes[i + 1] == UInt8(ascii: "u")
        {
          let low = hex4(i + 2)
          if (0xDC00..<0xE000).contains(low) {
            v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
            i += 6
          }
        }
        appendScalar(v)
      default: out.append(e)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
