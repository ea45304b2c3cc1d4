import Testing
import VenueCore
import WireJSON

@Suite struct VenueCandleTests {
  func bar(
    _ time: String? = "1764158400000", unit: VenueCandle.TimeUnit = .milliseconds, open: String? = "10",
    high: String? = "12", low: String? = "9", close: String? = "11", volume: String? = "0.5"
  ) throws(CandleError) -> VenueCandle {
    try VenueCandle.parse(
      row: 3, openTime: time, unit: unit, open: open, high: high, low: low, close: close, volume: volume)
  }

  @Test func aGoodBarKeepsItsText() throws {
    let c = try bar(open: "10.50", high: "12.000", low: "9", close: "11.25")
    #expect(c.openTimeMs == 1_764_158_400_000)
    #expect(c.open.description == "10.50" && c.high.description == "12.000" && c.volume.description == "0.5")
    #expect(try bar("1764158400", unit: .seconds).openTimeMs == 1_764_158_400_000)
    // The edges are in: low == high == open == close, zero volume, the epoch.
    #expect(try bar("0", open: "5", high: "5", low: "5", close: "5", volume: "0").openTimeMs == 0)
  }

  /// Every malformed field is refused with its row and its name; nothing traps.
  @Test(
    arguments: [
      (nil, "10", "12", "9", "11", "1", "no open time"),
      ("-1", "10", "12", "9", "11", "1", "open time \"-1\""),
      ("1.5e12", "10", "12", "9", "11", "1", "open time"),
      ("99999999999999999999999", "10", "12", "9", "11", "1", "open time"),
      ("4102444800001", "10", "12", "9", "11", "1", "open time"),
      ("1764158400000", "x", "12", "9", "11", "1", "open \"x\": not a number"),
      ("1764158400000", "10", "1234567890123456789012", "9", "11", "1", "high"),
      ("1764158400000", "10", "12", "9", "11", "-1", "volume -1 is negative"),
      ("1764158400000", "-10", "12", "-11", "11", "1", "is negative"),
      ("1764158400000", "10", "8", "9", "9", "1", "low 9 above high 8"),
      ("1764158400000", "13", "12", "9", "11", "1", "open 13 outside"),
      ("1764158400000", "10", "12", "9", "8", "1", "close 8 outside"),
      ("1764158400000", "10", "12", "9", "11", nil, "no volume"),
    ] as [(String?, String?, String?, String?, String?, String?, String)])
  func aMalformedBarSaysWhich(
    time: String?, open: String?, high: String?, low: String?, close: String?, volume: String?, says: String
  ) {
    #expect {
      try bar(time, open: open, high: high, low: low, close: close, volume: volume)
    } throws: { error in
      guard let e = error as? CandleError else { return false }
      return e.row == 3 && e.description.hasPrefix("candle row 3: ") && e.reason.contains(says)
    }
  }

  /// Seconds past 2100 are refused before they are multiplied (no overflow).
  @Test func secondsAreRangeCheckedBeforeTheyAreMultiplied() {
    #expect(throws: CandleError.self) { try bar("9223372036854775", unit: .seconds) }
    #expect(throws: CandleError.self) { try bar("4102444801", unit: .seconds) }
  }

  @Test func anArrayRow() throws {
    let row = try WireValue.parse(Array(#"[1764158400000,"1","3","0.5","2","7","ignored"]"#.utf8))
    let c = try VenueCandle.parse(row: 0, array: row, unit: .milliseconds, volumeIndex: 5)
    #expect(c.high.description == "3" && c.volume.description == "7")
    let short = try WireValue.parse(Array(#"[1764158400000,"1","3"]"#.utf8))
    #expect(throws: CandleError(row: 0, "3 fields, at least 6 expected")) {
      try VenueCandle.parse(row: 0, array: short, unit: .milliseconds, volumeIndex: 5)
    }
    #expect(throws: CandleError(row: 0, "not an array")) {
      try VenueCandle.parse(row: 0, array: .string("x"), unit: .milliseconds, volumeIndex: 5)
    }
  }

  @Test func oldestFirstKeepsTheVenuesOrderAmongEqualTimes() throws {
    let a = try bar("3000", volume: "1")
    let b = try bar("1000", volume: "2")
    let c = try bar("3000", volume: "3")
    #expect(VenueCandle.oldestFirst([a, b, c]).map(\.volume.description) == ["2", "1", "3"])
  }
}
