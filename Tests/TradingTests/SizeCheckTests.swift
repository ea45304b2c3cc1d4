import Testing
import Trading

@Suite struct SizeCheckTests {
  static let xbtusd = SweepTests.inverse
  static let xbtusdt = SweepTests.linear

  @Test func typingRules() {
    #expect(SizeCheck.refusal(appending: "5", to: "", decimals: 0) == nil)
    #expect(SizeCheck.refusal(appending: ".", to: "1", decimals: 0) == "whole numbers only")
    #expect(SizeCheck.refusal(appending: ".", to: "1", decimals: 3) == nil)
    #expect(SizeCheck.refusal(appending: ".", to: "1.", decimals: 3) == "one decimal point only")
    #expect(SizeCheck.refusal(appending: "1", to: "0.123", decimals: 3) == "at most 3 decimals")
    #expect(SizeCheck.refusal(appending: "-", to: "", decimals: 3) == "digits and one decimal point only")
    #expect(SizeCheck.refusal(appending: "e", to: "1", decimals: 3) == "digits and one decimal point only")
    #expect(SizeCheck.refusal(appending: "٣", to: "1", decimals: 3) == "digits and one decimal point only")
  }

  @Test(arguments: [
    ("", "enter a size"), (".", "enter a size"), ("0", "size must be above zero"),
    ("150", "not a multiple of the lot 100: try 100 or 200"),
    ("50", "not a multiple of the lot 100: try 100"),
    ("10000100", "above the largest order, 10000000"),
  ])
  func invalidXBTUSD(_ text: String, _ reason: String) {
    #expect(SizeCheck.check(unitsText: text, spec: Self.xbtusd) == .invalid(reason))
  }

  @Test func validSizes() {
    #expect(SizeCheck.check(unitsText: "200", spec: Self.xbtusd) == .valid(contracts: 200))
    #expect(SizeCheck.check(unitsText: "0.006", spec: Self.xbtusdt) == .valid(contracts: 6_000))
    #expect(
      SizeCheck.check(unitsText: "0.0065", spec: Self.xbtusdt)
        == .invalid("not a multiple of the lot 0.001: try 0.006 or 0.007"))
    #expect(SizeCheck.check(units: -1, spec: Self.xbtusd) == .invalid("size must be positive"))
  }

  @Test func formatting() {
    #expect(SizeCheck.format(0.1 + 0.2, decimals: 3) == "0.300")
    #expect(SizeCheck.fieldText(0.1 + 0.2, decimals: 3) == "0.3")
    #expect(SizeCheck.fieldText(100, decimals: 0) == "100")
    #expect(SizeCheck.format(-2.5, decimals: 1) == "-2.5")
  }

  /// A size too big for plain digits is written with its exponent, which keeps its zeros: 1.5e20
  /// units showed as `1.5e+2` and were confirmed as 150.
  @Test(arguments: [1.5e20, 1e20, 2.5e16, 1e300])
  func hugeSizesKeepTheirExponent(value: Double) {
    let text = SizeCheck.fieldText(value, decimals: 0)
    #expect(Double(text) == value, "\(text)")
    #expect(Double(SizeCheck.fieldText(value, decimals: 4)) == value)
  }
}
