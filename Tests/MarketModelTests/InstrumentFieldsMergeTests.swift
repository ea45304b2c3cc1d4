import MarketModel
import Testing

/// `InstrumentFields`' merges are written field by field (no key paths): each field of `all`
/// must be in them, and `fillStaticFacts` must take exactly the fields `all` marks fixed.
@Suite struct InstrumentFieldsMergeTests {
  /// Fields with only `field` set (its code and scale, for the settlement currency).
  static func only(_ field: InstrumentField, _ n: Double) -> InstrumentFields {
    var f = InstrumentFields()
    switch field.slot {
    case .text(let path): f[keyPath: path] = "v\(n)"
    case .number(let path): f[keyPath: path] = n
    case .time(let path): f[keyPath: path] = Int64(n)
    case .flag(let path): f[keyPath: path] = n > 1
    case .tickDirection(let path): f[keyPath: path] = n > 1 ? .plusTick : .minusTick
    case .settlement(let code, let currency):
      f[keyPath: code] = n > 1 ? "USDT" : "USD"
      f[keyPath: currency] = SettlementCurrency(n > 1 ? "USDT" : "USD")
    }
    return f
  }

  @Test(arguments: InstrumentFields.all.map(\.key))
  func everyFieldIsMergedFilledAndKeptAsItsEntrySays(key: String) throws {
    let field = try #require(InstrumentFields.all.first { $0.key == key })
    let old = Self.only(field, 1)
    let new = Self.only(field, 2)
    #expect(old != new, "\(key): the two values must differ")

    // merge: the new value replaces the old; an empty source changes nothing.
    var merged = old
    merged.merge(new)
    #expect(merged == new, "\(key) not taken by merge")
    merged.merge(InstrumentFields())
    #expect(merged == new, "\(key) cleared by an empty merge")

    // fillMissing: fills an empty field, keeps a known one.
    var filled = InstrumentFields()
    filled.fillMissing(from: new)
    #expect(filled == new, "\(key) not filled when missing")
    var kept = old
    kept.fillMissing(from: new)
    #expect(kept == old, "\(key) replaced by fillMissing")

    // fillStaticFacts: the fixed facts only, and only when missing.
    var facts = InstrumentFields()
    facts.fillStaticFacts(from: new)
    #expect(
      facts == (field.isStaticFact ? new : InstrumentFields()), "\(key): fixed fact \(field.isStaticFact)")
    var keptFact = old
    keptFact.fillStaticFacts(from: new)
    #expect(keptFact == old, "\(key) replaced by fillStaticFacts")
  }
}
