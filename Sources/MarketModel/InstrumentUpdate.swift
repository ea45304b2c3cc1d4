/// One instrument row: its symbol and the fields it carries (an `update` row carries only
/// what changed). Its fields read and write as its own: `update.markPrice`.
@dynamicMemberLookup
public struct InstrumentUpdate: Sendable, Hashable {
  public var symbol: Symbol
  public var fields: InstrumentFields

  public init(symbol: Symbol, fields: InstrumentFields = InstrumentFields()) {
    self.symbol = symbol
    self.fields = fields
  }

  /// A field of the row.
  @inlinable
  public subscript<Value>(dynamicMember path: WritableKeyPath<InstrumentFields, Value>) -> Value {
    get { fields[keyPath: path] }
    set { fields[keyPath: path] = newValue }
  }
}
