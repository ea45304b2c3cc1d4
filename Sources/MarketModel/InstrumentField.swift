/// One field of `InstrumentFields`, as `InstrumentFields.all` lists it: the key BitMEX sends
/// it under, where it is kept (by the kind of value), and whether it is a fixed fact of the
/// contract.
public struct InstrumentField: Sendable {
  /// A field of `InstrumentFields` holding values of type `Value`.
  public typealias Path<Value> = WritableKeyPath<InstrumentFields, Value?> & Sendable

  /// Where a field is kept, by the kind of JSON value BitMEX sends for it.
  public enum Slot: Sendable {
    /// A string.
    case text(Path<String>)
    /// A number.
    case number(Path<Double>)
    /// An ISO 8601 timestamp, kept as milliseconds since the Unix epoch.
    case time(Path<Int64>)
    /// `true` or `false`.
    case flag(Path<Bool>)
    /// `PlusTick`, `ZeroPlusTick`, `MinusTick` or `ZeroMinusTick`.
    case tickDirection(Path<TickDirection>)
    /// A settlement currency's code, kept as sent (`code`) and as the adapter reads its scale
    /// (`currency`, nil for a code the adapter does not know).
    case settlement(code: Path<String>, currency: Path<SettlementCurrency>)
  }

  /// The field's name on the wire (`fundingTimestamp`).
  public let key: String
  public let slot: Slot
  /// A fixed fact of the contract (tick and lot size, currencies, type, multipliers…): a
  /// new image that lacks it keeps the one known before. The merges (`InstrumentFields.take`)
  /// are written field by field; `InstrumentFieldsMergeTests` holds their fixed facts to this flag.
  public let isStaticFact: Bool

  init(_ key: String, _ slot: Slot, staticFact: Bool = false) {
    self.key = key
    self.slot = slot
    isStaticFact = staticFact
  }
}
