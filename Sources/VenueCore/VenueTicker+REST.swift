import WireJSON

extension VenueTicker {
  /// A venue's names for a REST ticker row's decimal fields (`("lastPrice", \.last)`, …).
  public typealias RESTNames = [(name: String, field: Field)]

  /// Reads the fields `names` gives from one REST row (a `WireValue` object). A missing field,
  /// a null or an empty string leaves the field unknown; anything else that is not a number
  /// throws, naming the field.
  public mutating func read(_ row: WireValue, names: RESTNames) throws(RESTBodyError) {
    for entry in names {
      self[keyPath: entry.field] = try Self.decimal(row[entry.name], entry.name)
    }
  }

  /// A decimal of a REST row from its text (quoted or not): nil when absent, null or empty; a
  /// refusal naming `name` when it is something else that is not an exact number.
  public static func decimal(_ value: WireValue?, _ name: String) throws(RESTBodyError) -> FixedDecimal? {
    guard let value, let text = value.text, !text.isEmpty else { return nil }
    guard let number = FixedDecimal(text) else {
      throw RESTBodyError("\(name) \"\(text.prefix(40))\" is not a number")
    }
    return number
  }

  /// Whole milliseconds from a REST row's text (`"1764158400000"`): nil when absent or empty, a
  /// refusal when it is not digits (at most 18, so it cannot overflow).
  public static func millis(_ value: WireValue?, _ name: String) throws(RESTBodyError) -> Int64? {
    guard let text = value?.text, !text.isEmpty else { return nil }
    guard text.utf8.count <= 18, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let ms = Int64(text)
    else {
      throw RESTBodyError("\(name) \"\(text.prefix(40))\" is not whole milliseconds")
    }
    return ms
  }
}
