import MarketModel

/// The ticket's input rules, as pure functions of the text typed and the contract.
public enum SizeCheck {
  /// Whether `character` may be appended to `text` in a field allowing `decimals` decimal
  /// places: digits, and one decimal point when decimals are allowed at all. Nil when it may;
  /// else why not.
  public static func refusal(appending character: Character, to text: String, decimals: Int) -> String? {
    if character == "." {
      if decimals == 0 { return "whole numbers only" }
      if text.contains(".") { return "one decimal point only" }
      return nil
    }
    guard character.isASCII, character.isNumber else { return "digits and one decimal point only" }
    if let dot = text.firstIndex(of: ".") {
      let after = text[text.index(after: dot)...].count
      if after >= decimals { return "at most \(decimals) decimal\(decimals == 1 ? "" : "s")" }
    }
    if text.count >= 18 { return "too long" }
    return nil
  }

  /// The outcome of checking a size in units.
  public enum Verdict: Sendable, Hashable {
    /// A valid order size, in contracts.
    case valid(contracts: Double)
    /// Not a valid size, and why (shown beside the dimmed Confirm).
    case invalid(String)
  }

  /// Checks `text` (what is in the units field) against the contract's lot, its largest and its
  /// smallest order.
  public static func check(unitsText text: String, spec: ContractSpec) -> Verdict {
    guard !text.isEmpty, text != "." else { return .invalid("enter a size") }
    guard let units = Double(text), units.isFinite else { return .invalid("not a number") }
    return check(units: units, spec: spec)
  }

  /// Checks a size in units.
  public static func check(units: Double, spec: ContractSpec) -> Verdict {
    if units < 0 { return .invalid("size must be positive") }
    if units == 0 { return .invalid("size must be above zero") }
    let lots = spec.contracts(units: units) / spec.lotSize
    let whole = lots.rounded()
    let lotText = format(spec.lotUnits, decimals: spec.unitDecimals)
    if abs(lots - whole) > 1e-6 * max(1, abs(lots)) {
      let below = lots.rounded(.down)
      let above = lots.rounded(.up)
      var nearest: [String] = []
      if below >= 1 { nearest.append(format(below * spec.lotUnits, decimals: spec.unitDecimals)) }
      nearest.append(format(above * spec.lotUnits, decimals: spec.unitDecimals))
      return .invalid("not a multiple of the lot \(lotText): try \(nearest.joined(separator: " or "))")
    }
    let contracts = whole * spec.lotSize
    if let max = spec.maxOrderQty, contracts > max {
      return .invalid(
        "above the largest order, \(format(spec.units(contracts: max), decimals: spec.unitDecimals))")
    }
    // Within a rounding error of the minimum is the minimum (0.0002 typed is 0.0002).
    if let min = spec.minOrderQty, contracts < min * (1 - 1e-9) {
      let minText = fieldText(spec.units(contracts: min), decimals: max(spec.unitDecimals, 8))
      let venue = spec.venue == .bitmex ? "" : " on \(spec.venueName ?? spec.venue.name)"
      return .invalid("below the smallest order\(venue), \(minText) \(spec.unitName)")
    }
    return .valid(contracts: contracts)
  }

  /// `value` with exactly `decimals` places, no grouping (for fields and messages).
  public static func format(_ value: Double, decimals: Int) -> String {
    let d = min(max(decimals, 0), 12)
    guard value.isFinite else { return "-" }
    var scale = 1.0
    for _ in 0..<d { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    guard scaled < 9e15 else { return String(value) }
    let n = Int64(scaled)
    let whole = n / Int64(scale)
    var text = (value < 0 && n != 0 ? "-" : "") + String(whole)
    if d > 0 {
      let frac = String(n % Int64(scale))
      text += "." + String(repeating: "0", count: d - frac.count) + frac
    }
    return text
  }

  /// A number for an input field: `format` with trailing zeros (and a bare point) removed.
  public static func fieldText(_ value: Double, decimals: Int) -> String {
    var text = format(value, decimals: decimals)
    // Not in exponent form (a size past 9e15 is written `1.5e+20`): its zeros are the exponent's.
    if text.contains("."), !text.contains("e") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text
  }
}
