/// A subscription topic, `table` or `table:symbol`.
struct SimTopic: Sendable, Hashable, CustomStringConvertible {
  var table: SimTable
  /// Nil subscribes to every symbol of the table.
  var symbol: String?

  /// How a topic string failed to parse.
  enum ParseError: Error, Hashable {
    /// The table name is not one BitMEX has (the name as given).
    case unknownTable(String)
  }

  /// Parses `table` or `table:symbol`.
  static func parse(_ text: String) -> Result<SimTopic, ParseError> {
    let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
    let name = String(parts[0])
    guard let table = SimTable(rawValue: name) else { return .failure(.unknownTable(name)) }
    let symbol = parts.count > 1 && !parts[1].isEmpty ? String(parts[1]) : nil
    return .success(SimTopic(table: table, symbol: symbol))
  }

  var description: String { symbol.map { "\(table.rawValue):\($0)" } ?? table.rawValue }

  /// Whether a message of this table about `symbol` goes to this subscription.
  func covers(_ table: SimTable, _ symbol: String) -> Bool {
    self.table == table && (self.symbol == nil || self.symbol == symbol)
  }
}
