/// Numbers as the `--once` JSON and CSV outputs write them.
public enum JSONNumber {
  /// A number as JSON: whole numbers below 1e15 as integers, others in Swift's shortest
  /// round-trip form (`1e-05`, valid JSON); NaN and infinity, which JSON has no word for, as `null`.
  public static func text(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
  }

  /// `value` as JSON, or `null` when there is none.
  public static func text(_ value: Double?) -> String { value.map(text) ?? "null" }
}
