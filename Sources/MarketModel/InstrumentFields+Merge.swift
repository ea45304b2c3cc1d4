extension InstrumentFields {
  /// Takes every field `other` has, leaving the others as they are: a field `other` lacks
  /// never clears one.
  public mutating func merge(_ other: InstrumentFields) {
    for field in Self.all {
      field.copy(from: other, into: &self, onlyIfMissing: false)
    }
  }

  /// Takes every field `other` has that these fields lack, leaving the others as they are.
  public mutating func fillMissing(from other: InstrumentFields) {
    for field in Self.all {
      field.copy(from: other, into: &self, onlyIfMissing: true)
    }
  }

  /// Takes the contract's fixed facts (the fields marked `isStaticFact`) from `other` where
  /// these fields lack them.
  public mutating func fillStaticFacts(from other: InstrumentFields) {
    for field in Self.all where field.isStaticFact {
      field.copy(from: other, into: &self, onlyIfMissing: true)
    }
  }
}
