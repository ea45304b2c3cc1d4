extension FixedDecimal {
  /// Why a number's text was refused.
  public enum ParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not a number at all (`"x"`, `""`, `"1.2.3"`, `"--1"`).
    case notANumber
    /// More significant digits than 18, or more decimals than 18 that are not zeros: the value
    /// would not be exact.
    case tooPrecise
    /// Too large for an `Int64` mantissa at its scale.
    case outOfRange

    public var description: String {
      switch self {
      case .notANumber: "not a number"
      case .tooPrecise: "more than 18 significant digits"
      case .outOfRange: "out of range"
      }
    }
  }

  /// Parses the text of a JSON number (or a venue's quoted number): an optional `-`, digits, an
  /// optional `.` and digits, an optional exponent (`1e-8`, `8E+3`). Decimals are kept as sent,
  /// trailing zeros included, as long as they fit; trailing zeros beyond 18 decimals are dropped.
  /// Never traps.
  public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<FixedDecimal, ParseError> {
    if let quick = plain(bytes) { return .success(quick) }
    return general(bytes)
  }

  /// The usual number (`63004.9`, `0.00005100`, `-12`): digits with at most one point, no
  /// exponent, at most 18 digits in all (so the mantissa cannot overflow), read in one pass.
  /// Nil for anything else, which `general` reads (or refuses).
  @inline(__always) package static func plain(_ bytes: UnsafeBufferPointer<UInt8>) -> FixedDecimal? {
    let n = bytes.count
    guard n > 0, n <= 20 else { return nil }
    var i = 0
    let negative = bytes[0] == UInt8(ascii: "-")
    if negative { i = 1 }
    var mantissa: Int64 = 0
    var digits = 0
    var point = -1
    while i < n {
      let c = bytes[i]
      let d = c &- 0x30
      if d < 10 {
        mantissa = mantissa &* 10 &+ Int64(d)
        digits &+= 1
      } else if c == UInt8(ascii: "."), point < 0, digits > 0 {
        point = digits
      } else {
        return nil
      }
      i &+= 1
    }
    // At least one digit on each side of a point; 18 digits at most.
    guard digits > 0, digits <= 18, point != digits else { return nil }
    let scale = point < 0 ? 0 : digits - point
    return FixedDecimal(mantissa: negative ? -mantissa : mantissa, scale: UInt8(scale))
  }

  /// Any number `parse` takes: exponents, leading and trailing zeros past 18 digits.
  package static func general(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<FixedDecimal, ParseError> {
    let n = bytes.count
    var i = 0
    var negative = false
    if i < n, bytes[i] == UInt8(ascii: "-") {
      negative = true
      i += 1
    }
    var mantissa: Int64 = 0
    var digits = 0  // significant digits taken into the mantissa
    var pendingZeros = 0  // zeros seen after the last non-zero digit, not yet multiplied in
    var decimals = 0
    var sawDigit = false
    var inFraction = false
    var overflowed = false

    while i < n {
      let c = bytes[i]
      if c == UInt8(ascii: ".") {
        if inFraction || !sawDigit { return .failure(.notANumber) }
        inFraction = true
        i += 1
        guard i < n, bytes[i] >= 0x30, bytes[i] <= 0x39 else { return .failure(.notANumber) }
        continue
      }
      guard c >= 0x30, c <= 0x39 else { break }
      sawDigit = true
      if inFraction { decimals += 1 }
      let d = Int64(c &- 0x30)
      if d == 0 {
        if mantissa != 0 { pendingZeros += 1 }
      } else {
        // Bring in the zeros held back, then the digit.
        while pendingZeros > 0 {
          if !Self.times10(&mantissa) { overflowed = true }
          pendingZeros -= 1
          digits += 1
        }
        if !Self.times10(&mantissa) { overflowed = true }
        let (m, o) = mantissa.addingReportingOverflow(d)
        if o { overflowed = true }
        mantissa = m
        digits += 1
      }
      i += 1
    }
    guard sawDigit else { return .failure(.notANumber) }

    var exponent = 0
    if i < n, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
      i += 1
      var expNegative = false
      if i < n, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
        expNegative = bytes[i] == UInt8(ascii: "-")
        i += 1
      }
      var sawExpDigit = false
      while i < n, bytes[i] >= 0x30, bytes[i] <= 0x39 {
        sawExpDigit = true
        // Exponents past a few hundred say nothing an Int64 mantissa could hold.
        if exponent < 10_000 { exponent = exponent * 10 + Int(bytes[i] &- 0x30) }
        i += 1
      }
      guard sawExpDigit else { return .failure(.notANumber) }
      if expNegative { exponent = -exponent }
    }
    guard i == n else { return .failure(.notANumber) }
    if overflowed { return .failure(digits > 18 ? .tooPrecise : .outOfRange) }
    if mantissa == 0 {
      return .success(FixedDecimal(mantissa: 0, scale: UInt8(min(max(decimals - exponent, 0), 18))))
    }

    // The zeros after the last non-zero digit: integer ones are part of the value; decimal ones
    // are kept when they fit (the scale as sent), else dropped.
    var scale = decimals - exponent
    while pendingZeros > 0 {
      var m = mantissa
      if scale <= Int(maxScale), Self.times10(&m) {
        mantissa = m
      } else if scale > 0 {
        scale -= 1  // a trailing decimal zero that does not fit: dropped, value unchanged
      } else {
        return .failure(.outOfRange)
      }
      pendingZeros -= 1
    }
    if scale < 0 {
      for _ in 0..<(-scale) {
        guard Self.times10(&mantissa) else { return .failure(.outOfRange) }
      }
      scale = 0
    }
    if scale > Int(maxScale) { return .failure(.tooPrecise) }
    if negative { mantissa = -mantissa }
    return .success(FixedDecimal(mantissa: mantissa, scale: UInt8(scale)))
  }

  /// Parses `text` (see `parse(_:)`); nil when it is not an exact number.
  public init?(_ text: String) {
    var copy = text
    let result = copy.withUTF8 { FixedDecimal.parse($0) }
    guard case .success(let value) = result else { return nil }
    self = value
  }

  @inline(__always) static func times10(_ m: inout Int64) -> Bool {
    let (r, o) = m.multipliedReportingOverflow(by: 10)
    if o { return false }
    m = r
    return true
  }
}
