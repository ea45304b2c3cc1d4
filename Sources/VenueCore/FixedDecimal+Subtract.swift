extension FixedDecimal {
  /// The exact difference at the larger of the two scales, nil when it does not fit `Int64`.
  public func subtracting(_ other: FixedDecimal) -> FixedDecimal? {
    let scale = max(self.scale, other.scale)
    guard let a = mantissa(atScale: scale), let b = other.mantissa(atScale: scale) else { return nil }
    let (m, overflow) = a.subtractingReportingOverflow(b)
    return overflow ? nil : FixedDecimal(mantissa: m, scale: scale)
  }
}
