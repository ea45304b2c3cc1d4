import TestSupport
import Testing
import VenueCore

@Suite struct FixedDecimalTests {
  @Test(
    arguments: [
      ("0", 0, 0), ("8000.0", 80_000, 1), ("0.00005100", 5_100, 8), ("-12.5", -125, 1), ("1e-8", 1, 8),
      ("1E+3", 1_000, 0), ("2.5e2", 250, 0), ("63003.3", 630_033, 1), ("0.10", 10, 2), ("007", 7, 0),
      ("9223372036854775807", Int64.max, 0), ("1.5e-3", 15, 4), ("100", 100, 0),
      // Trailing decimal zeros past 18 decimals are dropped, the value kept.
      ("0.1000000000000000000000", 100_000_000_000_000_000, 18),
    ] as [(String, Int64, UInt8)])
  func parsesTheTextAsSent(text: String, mantissa: Int64, scale: UInt8) throws {
    let value = try #require(FixedDecimal(text), "\(text)")
    #expect(value.mantissa == mantissa, "\(text)")
    #expect(value.scale == scale, "\(text)")
  }

  @Test(arguments: [
    "", "-", ".", "1.", ".5", "1.2.3", "--1", "x", "1e", "1e+", "12a", " 1", "1 ", "NaN", "inf",
    "9223372036854775808", "1e19", "12345678901234567890.5", "0.0000000000000000001",
  ])
  func refusesWhatIsNotAnExactNumber(text: String) {
    #expect(FixedDecimal(text) == nil, "\(text)")
  }

  /// Every power of ten a scale can need, and past the largest scale the largest power (what the
  /// conversions of a value to a book's scale multiply and divide by).
  @Test func powersOfTenAreExact() {
    var p: Int64 = 1
    for n in 0...FixedDecimal.maxScale {
      #expect(FixedDecimal.powerOfTen(n) == p, "10^\(n)")
      if n < FixedDecimal.maxScale { p *= 10 }
    }
    #expect(FixedDecimal.powerOfTen(19) == p && FixedDecimal.powerOfTen(255) == p)
  }

  @Test func saysWhyANumberIsRefused() {
    func reason(_ text: String) -> FixedDecimal.ParseError? {
      var copy = text
      return copy.withUTF8 { bytes -> FixedDecimal.ParseError? in
        if case .failure(let e) = FixedDecimal.parse(bytes) { return e }
        return nil
      }
    }
    #expect(reason("abc") == .notANumber)
    #expect(reason("1e19") == .outOfRange)
    #expect(reason("12345678901234567890.5") == .tooPrecise)
  }

  @Test(arguments: [
    ("0.00005100", "0.00005100"), ("8000.0", "8000.0"), ("-12.5", "-12.5"), ("1e-8", "0.00000001"),
    ("-0.5", "-0.5"), ("42", "42"), ("-0.00000001", "-0.00000001"),
  ])
  func writesTheValueAtItsScale(text: String, written: String) throws {
    #expect(try #require(FixedDecimal(text)).description == written)
  }

  @Test func comparesByValueAcrossScales() throws {
    let a = try #require(FixedDecimal("0.10"))
    let b = try #require(FixedDecimal("0.1"))
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
    #expect(try #require(FixedDecimal("0.09999")) < a)
    #expect(try #require(FixedDecimal("-1")) < FixedDecimal.zero)
    // One side too large to rescale: still ordered right.
    let huge = FixedDecimal(mantissa: Int64.max, scale: 0)
    let tiny = FixedDecimal(mantissa: 1, scale: 18)
    #expect(tiny < huge)
    #expect(FixedDecimal(mantissa: -Int64.max, scale: 0) < tiny)
  }

  @Test func rescalesOnlyWhenExact() throws {
    let v = try #require(FixedDecimal("0.150"))
    #expect(v.mantissa(atScale: 2) == 15)
    #expect(v.mantissa(atScale: 1) == nil)
    #expect(v.mantissa(atScale: 8) == 15_000_000)
    #expect(FixedDecimal(mantissa: Int64.max, scale: 0).mantissa(atScale: 1) == nil)
    #expect(v.normalized.scale == 2)
  }

  /// Any mantissa and scale written out reads back to the same mantissa and scale.
  @Test func roundTripsThroughItsText() {
    let seed = SimRandom.seed(0xF1DEC, "fixed-decimal")
    var rng = SimRandom(seed: seed)
    for _ in 0..<20_000 {
      let scale = UInt8(rng.below(19))
      let magnitude = Int64(bitPattern: rng.next() >> UInt64(rng.below(63) + 1))
      let mantissa = rng.chance(0.5) ? -magnitude : magnitude
      let value = FixedDecimal(mantissa: mantissa, scale: scale)
      let back = FixedDecimal(value.description)
      #expect(back?.mantissa == mantissa && back?.scale == scale, "seed \(seed): \(value)")
      if back?.mantissa != mantissa { return }
    }
  }
}

@Suite struct FixedDecimalFastPathTests {
  /// The one-pass reader of the usual numbers and the general one agree on every text, random or
  /// edge (both accept it with the same mantissa and scale, or the fast one leaves it alone).
  @Test func theFastPathAgreesWithTheGeneralOne() {
    let seed = SimRandom.seed(0xFA57, "fixed-decimal-fast")
    var rng = SimRandom(seed: seed)
    let alphabet = Array("0123456789.-e+".utf8)
    var texts = [
      "0", "-0", "00.10", "1.", ".1", "-", "-.5", "1.2.3", "123456789012345678", "1234567890123456789",
      "0.000000000000000001", "99999999999999999.9", "-999999999999999999", "12a", "",
    ]
    for _ in 0..<50_000 {
      let length = rng.between(1, 21)
      texts.append(
        String(
          decoding: (0..<length).map { _ in
            rng.chance(0.8) ? UInt8(ascii: "0") + UInt8(rng.below(10)) : alphabet[rng.below(alphabet.count)]
          }, as: UTF8.self))
    }
    for text in texts {
      var copy = text
      let (fast, general) = copy.withUTF8 { (FixedDecimal.plain($0), FixedDecimal.general($0)) }
      guard let fast else { continue }
      guard case .success(let g) = general else {
        Issue.record("seed \(seed): \(text) read fast as \(fast), refused by the general reader")
        return
      }
      #expect(fast.mantissa == g.mantissa && fast.scale == g.scale, "seed \(seed): \(text)")
    }
  }
}

/// A `Double` that is a number already (BitMEX's prices) rounded to a scale: exact where it can
/// be, nil (never a trap) for what is not finite or does not fit.
@Suite struct FixedDecimalRoundingTests {
  @Test(arguments: [
    (98_000.5, UInt8(1), "98000.5"), (98_000.26, 1, "98000.3"), (0.000001, 6, "0.000001"),
    (-3.14159, 2, "-3.14"), (100, 0, "100"),
  ])
  func roundsToTheScale(value: Double, scale: UInt8, text: String) {
    #expect(FixedDecimal(rounding: value, scale: scale)?.description == text)
  }

  @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300, 9.3e18, -1e16])
  func whatDoesNotFitIsNil(value: Double) {
    #expect(FixedDecimal(rounding: value, scale: 0) == nil)
    #expect(FixedDecimal(rounding: 1, scale: 200) == nil)
  }
}
