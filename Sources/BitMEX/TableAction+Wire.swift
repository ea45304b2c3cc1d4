import MarketModel

extension TableAction {
  /// The action `matches` finds first among BitMEX's spellings, deltas first (see
  /// `JSONScanner.readWord`).
  @inline(__always)
  static func spelled(by matches: (BytePattern) -> Bool) -> TableAction? {
    if matches(Wire.update) { return .update }
    if matches(Wire.insert) { return .insert }
    if matches(Wire.delete) { return .delete }
    if matches(Wire.partial) { return .partial }
    return nil
  }
}
