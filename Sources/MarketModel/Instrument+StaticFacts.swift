extension Instrument {
  /// Fills the contract's fixed facts (tick and lot size, currencies, type, multipliers…:
  /// the fields `InstrumentFields.all` marks) from `other` where this instrument does not
  /// know them.
  mutating func keepStaticFacts(from other: Instrument) {
    fields.fillStaticFacts(from: other.fields)
  }
}
