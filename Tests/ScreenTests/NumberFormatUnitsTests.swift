import Screen
import Testing

/// Sizes in a venue's units.
@Suite struct NumberFormatUnitsTests {
  @Test(arguments: [
    (Int64(50_000_000), UInt8(8), "0.50000"), (12_500, 0, "12,500"), (150_000_000_000, 8, "1,500.00000"),
    (-12, 8, "0.00000"), (-1_234_567, 5, "-12.34567"), (1_234_567, 3, "1,234.567"),
    (Int64.min, 0, "-9,223,372,036,854,775,808"),
  ])
  func sizesInUnits(units: Int64, scale: UInt8, text: String) {
    #expect(NumberFormat.size(units, scale: scale) == text)
  }

}
