import Testing

@testable import Screen

@Suite struct NumberFormatTests {
  static let priceCases: [(Double, Int, String)] = [
    (50_000.5, 1, "50,000.5"),
    (50_000.0, 1, "50,000.0"),
    (50_000.25, 2, "50,000.25"),
    (0.5, 1, "0.5"),
    (999.0, 0, "999"),
    (1_000.0, 0, "1,000"),
    (1_234_567.891, 2, "1,234,567.89"),
    (0.000_012_34, 8, "0.00001234"),
    (-1_234.5, 1, "-1,234.5"),
    (-0.04, 1, "0.0"),
    (9.99, 1, "10.0"),
    (98_459.4, 1, "98,459.4"),
    (2_500.05, 2, "2,500.05"),
  ]

  static let sizeCases: [(Int64, String)] = [
    (Int64(0), "0"), (4_242, "4,242"), (999, "999"), (1_000, "1,000"), (123_456_789, "123,456,789"),
    (-5_000, "-5,000"), (Int64.min, "-9,223,372,036,854,775,808"),
  ]

  static let compactCases: [(Double, String)] = [
    (0.0, "0"), (987.0, "987"), (999.4, "999"), (999.6, "1.0K"), (4_242.0, "4.2K"), (123_456_789.0, "123.5M"),
    (999_950.0, "1.0M"), (1_234_567_890.0, "1.2B"), (3e12, "3.0T"), (-4_242.0, "-4.2K"), (Double.nan, "-"),
  ]

  static let percentCases: [(Double, String)] = [
    (0.0204, "+2.04%"), (-0.5, "-50.00%"), (0.0, "0.00%"), (-0.000_01, "0.00%"), (1.0, "+100.00%"),
  ]

  static let fundingRateCases: [(Double, String)] = [
    (0.0001, "0.0100%"), (-0.000_05, "-0.0050%"), (0.003_75, "0.3750%"), (0.0, "0.0000%"),
  ]

  static let durationCases: [(Int64, Bool, String)] = [
    (Int64(0), false, "0s"), (45_000, false, "45s"), (45_999, false, "45s"), (45_001, true, "46s"),
    (45_000, true, "45s"), (59_999, true, "1m00s"), (725_000, false, "12m05s"),
    (3 * 3_600_000 + 12 * 60_000 + 30_000, false, "3h12m"), (2 * 86_400_000 + 3 * 3_600_000, false, "2d03h"),
    (-5_000, false, "0s"),
  ]

  static let ageCases: [(Int64, String)] = [
    (Int64(0), "0ms"), (120, "120ms"), (999, "999ms"), (1_000, "1s"), (12_345, "12s"),
  ]

  static let rateCases: [(Double, String)] = [
    (0.0, "0.0/s"), (0.54, "0.5/s"), (42.4, "42/s"), (1_234.0, "1.2K/s"), (-3.0, "0.0/s"),
  ]

  static let timeOfDayCases: [(Int64, Int, Bool, String)] = [
    (Fixtures.noon, 0, true, "12:01:05.123"),
    (Fixtures.noon, 120, true, "14:01:05.123"),
    (Fixtures.noon, -13 * 60, true, "23:01:05.123"),
    (Fixtures.noon, 0, false, "12:01:05"),
    (Int64(7), 0, true, "00:00:00.007"),
    (Int64(-1), 0, true, "23:59:59.999"),
    (Int64(86_399_050), 0, true, "23:59:59.050"),
  ]

  @Test(arguments: priceCases)
  func price(value: Double, decimals: Int, expected: String) {
    #expect(NumberFormat.price(value, decimals: decimals) == expected)
  }

  @Test func unknownAndNonFinitePrices() {
    #expect(NumberFormat.price(nil, decimals: 1) == "-")
    #expect(NumberFormat.price(.nan, decimals: 1) == "-")
    #expect(NumberFormat.price(.infinity, decimals: 1) == "-")
  }

  @Test(arguments: sizeCases)
  func size(value: Int64, expected: String) {
    #expect(NumberFormat.size(value) == expected)
  }

  @Test(arguments: compactCases)
  func compact(value: Double, expected: String) {
    #expect(NumberFormat.compact(value) == expected)
  }

  @Test(arguments: percentCases)
  func percent(fraction: Double, expected: String) {
    #expect(NumberFormat.percent(fraction) == expected)
  }

  @Test(arguments: fundingRateCases)
  func fundingRate(fraction: Double, expected: String) {
    #expect(NumberFormat.fundingRate(fraction) == expected)
  }

  @Test(arguments: durationCases)
  func duration(ms: Int64, roundingUp: Bool, expected: String) {
    #expect(NumberFormat.duration(ms: ms, roundingUp: roundingUp) == expected)
  }

  @Test(arguments: ageCases)
  func age(ms: Int64, expected: String) {
    #expect(NumberFormat.age(ms: ms) == expected)
  }

  @Test(arguments: rateCases)
  func rate(perSecond: Double, expected: String) {
    #expect(NumberFormat.rate(perSecond) == expected)
  }

  @Test(arguments: timeOfDayCases)
  func timeOfDay(ms: Int64, offset: Int, milliseconds: Bool, expected: String) {
    #expect(NumberFormat.timeOfDay(ms: ms, utcOffsetMinutes: offset, milliseconds: milliseconds) == expected)
  }

  /// (value, decimals, text): the ends of Double. Beyond 2^63 the formatter once said `∞` for
  /// a finite number (and `--once`'s copy of it trapped); beyond 2^64 a number is written as
  /// Swift writes it.
  static let extremeCases: [(Double, Int, String)] = [
    (.infinity, 1, "-"), (-.infinity, 1, "-"), (.nan, 1, "-"), (-.nan, 2, "-"),
    (1e300, 1, "1e+300"), (-1e300, 1, "-1e+300"), (.greatestFiniteMagnitude, 0, "1.7976931348623157e+308"),
    (9.2e18, 1, "9,200,000,000,000,000,000.0"), (9.3e18, 1, "9,300,000,000,000,000,000.0"),
    (-9.3e18, 0, "-9,300,000,000,000,000,000"), (0x1p63, 0, "9,223,372,036,854,775,808"),
    (0x1p64 - 2048, 2, "18,446,744,073,709,549,568.00"), (0x1p64, 0, "1.8446744073709552e+19"),
    (-0.0, 1, "0.0"), (-0.0, 0, "0"), (.leastNonzeroMagnitude, 2, "0.00"),
    (-.leastNonzeroMagnitude, 12, "0.000000000000"),
    (.leastNormalMagnitude, 12, "0.000000000000"), (0.000_000_000_000_5, 12, "0.000000000001"),
    (99_999_999_999_999.99, 2, "99,999,999,999,999.98"),
  ]

  @Test(arguments: extremeCases)
  func extremeValues(value: Double, decimals: Int, expected: String) {
    #expect(NumberFormat.price(value, decimals: decimals) == expected)
  }

  @Test func extremeValuesInEveryFormat() {
    let values: [Double] = [
      .infinity, -.infinity, .nan, 1e300, -1e300, 9.3e18, -9.3e18, -0.0, .leastNonzeroMagnitude,
      .greatestFiniteMagnitude,
    ]
    for value in values {
      for text in [
        NumberFormat.compact(value), NumberFormat.percent(value), NumberFormat.fundingRate(value),
        NumberFormat.rate(value), NumberFormat.basisPoints(value, mid: 3),
        NumberFormat.basisPoints(1, mid: value),
        NumberFormat.fixed(value, decimals: 12, grouping: false, plusSign: true),
      ] {
        #expect(
          !text.isEmpty && !text.contains("∞") && !text.contains("nan") && !text.contains("inf"),
          "\(value): \(text)")
      }
    }
    #expect(NumberFormat.compact(1e300) == "1e+300")
    #expect(NumberFormat.compact(-2.5e18) == "-2.5e+18")
    #expect(NumberFormat.compact(999.9e12) == "999.9T")
    #expect(
      NumberFormat.fixed(9.3e18, decimals: 0, grouping: false, plusSign: true) == "+9300000000000000000")
    #expect(NumberFormat.fixed(1e300, decimals: 0, grouping: false, plusSign: true) == "+1e+300")
  }

  @Test func basisPoints() {
    #expect(NumberFormat.basisPoints(0.5, mid: 50_000.25) == "0.10")
    #expect(NumberFormat.basisPoints(25, mid: 2_500) == "100.00")
    #expect(NumberFormat.basisPoints(1, mid: 0) == "-")
  }

  /// A number that does not fit its column: fewer decimals, then the short form, then `#`;
  /// never cut (12,345,678,901 showed as `12,345,67`).
  @Test(arguments: [
    ("12,345,678,901", 9, 12_345_678_901.0, "", "12.3B"),
    ("50,000.5", 8, 50_000.5, "", "50,000.5"),
    ("+1,234.56789012", 9, 1_234.56789012, "", "+1,234.57"),
    ("-0.12345678 XBT", 9, -0.12345678, " XBT", "-0.12 XBT"),
    ("+12,345.67%", 7, 12_345.67, "%", "+12.3K%"),
    ("1e+300", 4, 1e300, "", "####"),
    ("-9,223,372,036,854,775,807", 6, -9.223372036854775807e18, "", "######"),
    ("12,345,678,901.5▲", 14, 12_345_678_901.5, "▲", "12.3B▲"),
  ])
  func aNumberTooWideIsShortenedNeverCut(
    text: String, width: Int, value: Double, suffix: String, shown: String
  ) {
    #expect(NumberFormat.fit(text, width: width, value: value, suffix: suffix) == shown)
  }

  @Test func fitLeavesWhatFitsAndMarksWhatCannotBeANumber() {
    #expect(NumberFormat.fit("-", width: 1, value: nil) == "-")
    #expect(NumberFormat.fit("abcdef", width: 3, value: nil) == "###")
    #expect(NumberFormat.fit("12", width: 0, value: 12) == "")
  }
}
