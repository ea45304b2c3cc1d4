import MarketModel

/// A subscription topic of BitMEX: a table, usually narrowed to one symbol. On the wire it is
/// `table:symbol` (`"orderBookL2_25:XBTUSD"`), or the bare table name for the tables that take no
/// symbol (`"announcement"`).
public struct Topic: Sendable, Hashable, CustomStringConvertible, LosslessStringConvertible {
  /// The table's wire name, e.g. `orderBookL2_25`.
  public var table: String
  /// The symbol, or nil for every symbol (or a table that has none).
  public var symbol: String?

  /// A topic for `table`, narrowed to `symbol` when given.
  public init(table: String, symbol: String?) {
    self.table = table
    self.symbol = symbol
  }

  /// Parses `table:symbol` or a bare `table`. Nil when a part is empty or there is more than one
  /// colon.
  public init?(_ description: String) {
    let parts = description.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty }) else { return nil }
    self.init(table: String(parts[0]), symbol: parts.count == 2 ? String(parts[1]) : nil)
  }

  /// The wire form, `table:symbol` or `table`.
  public var description: String {
    guard let symbol else { return table }
    return table + ":" + symbol
  }

  /// Whether the topic is an L2 order book (the tables whose silence means a stall).
  public var isBook: Bool { BookTable.allCases.contains { $0.name == table } }

  /// The trade table's wire name.
  public static let tradeTable = "trade"
  /// The instrument table's wire name.
  public static let instrumentTable = "instrument"
  /// The liquidation table's wire name.
  public static let liquidationTable = "liquidation"
  /// The quote table's wire name.
  public static let quoteTable = "quote"

  /// The book topic of `table` for `symbol`.
  public static func book(_ table: BookTable, _ symbol: Symbol) -> Topic {
    Topic(table: table.name, symbol: symbol.description)
  }

  /// `{"op":"subscribe","args":[…]}` for `topics`, in their order.
  public static func subscribeRequest(_ topics: [Topic]) -> String {
    request("subscribe", topics)
  }

  /// `{"op":"unsubscribe","args":[…]}` for `topics`, in their order.
  public static func unsubscribeRequest(_ topics: [Topic]) -> String {
    request("unsubscribe", topics)
  }

  /// One request frame. The server takes any number of args, but one op per message.
  private static func request(_ op: String, _ topics: [Topic]) -> String {
    // A symbol typed by the user must never be able to break the frame.
    let args = topics.map { TerminalText.jsonLiteral($0.description) }.joined(separator: ",")
    return "{\"op\":\"\(op)\",\"args\":[\(args)]}"
  }
}
