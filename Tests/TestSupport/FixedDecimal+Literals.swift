import VenueCore

/// Decimals written as number literals in tests (`BookRow(…, price: 98459.9)`): the literal's
/// shortest text, parsed as the decoder parses the wire's. Tests only: production code parses
/// numbers from their text, never from a `Double`.
extension FixedDecimal: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
  public init(floatLiteral value: Double) {
    guard let parsed = FixedDecimal("\(value)") else { preconditionFailure("not a decimal: \(value)") }
    self = parsed
  }

  public init(integerLiteral value: Int64) {
    self.init(mantissa: value, scale: 0)
  }
}
