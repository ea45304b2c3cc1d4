import Testing
import VenueCore
import WireJSON

@Suite struct VenueTickerTests {
  private static func d(_ text: String) -> FixedDecimal { FixedDecimal(text)! }

  /// A partial ticker's missing field is one that did not change: merging keeps it.
  @Test func mergingAPartialKeepsWhatItLacks() {
    var held = VenueTicker()
    held.last = Self.d("100.5")
    held.markPrice = Self.d("100.4")
    held.fundingRate = Self.d("0.0001")
    var delta = VenueTicker(partial: true)
    delta.markPrice = Self.d("100.6")
    delta.nextFundingTimeMs = 1_700_000_000_000
    held.merge(delta)
    #expect(held.last == Self.d("100.5"))
    #expect(held.markPrice == Self.d("100.6"))
    #expect(held.fundingRate == Self.d("0.0001"))
    #expect(held.nextFundingTimeMs == 1_700_000_000_000)
    #expect(!held.partial, "a whole ticker merged with a delta is still whole")
  }

  @Test(arguments: [
    ("2.73", "0.0273"), ("-0.17", "-0.0017"), ("0", "0"), ("12", "0.12"),
    ("0.0000000000000001", "0.000000000000000001"), ("0.00000000000000012", "0.000000000000000001"),
  ])
  func aPercentBecomesAFractionExactly(percent: String, fraction: String) {
    #expect(VenueTicker.fraction(percent: Self.d(percent)) == Self.d(fraction))
  }

  /// A failed frame takes its tickers back with its events (all or nothing).
  @Test func aBatchTakesTickersBack() {
    var batch = VenueBatch()
    batch.appendTicker(VenueTicker(), symbol: "A")
    let before = batch.counts
    batch.appendTicker(VenueTicker(), symbol: "B")
    batch.truncate(to: before)
    #expect(batch.events == [.ticker(symbol: "A", ticker: 0)])
    #expect(batch.tickers.count == 1)
    batch.removeAll()
    #expect(batch.tickers.isEmpty && batch.events.isEmpty)
  }

  /// Venues send `""` (or null) for a field a market lacks: unknown, not an error.
  @Test func emptyFieldsAreUnknown() throws {
    for text in [#""""#, "null"] {
      let bytes = Array(text.utf8)
      let value = try bytes.withUnsafeBufferPointer { b throws(WireError) -> FixedDecimal? in
        var r = WireReader(b)
        return try r.readOptionalDecimal("x")
      }
      #expect(value == nil, "\(text)")
    }
  }

  /// A time in ms from the wire is a time (1970 to the year 9999), so that a funding countdown
  /// or an age made from it cannot overflow: a hostile one is an error, not a trap later.
  @Test(arguments: [
    ("1673280000000", 1_673_280_000_000 as Int64?), (#""1673280000000""#, 1_673_280_000_000), ("0", 0),
    ("-1", nil), ("-9223372036854775807", nil), ("253402300800000", nil),
  ])
  func timesInMillisAreInRange(text: String, expected: Int64?) {
    let bytes = Array(text.utf8)
    let value = bytes.withUnsafeBufferPointer { b -> Int64? in
      var r = WireReader(b)
      return try? r.readOptionalMillis()
    }
    #expect(value == expected, "\(text)")
  }
}
