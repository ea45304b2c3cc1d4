import MarketModel
import VenueCore

/// BitMEX's connection rules: one endpoint (`/realtime`), its tables as the venue-neutral
/// subscriptions (`orderBookL2_25:XBTUSD` is the book of XBTUSD at depth 25, `instrument` the
/// tickers of every symbol), `{"op":"subscribe","args":[…]}`, the text `ping`, and its error
/// frames read into what they mean for the connection. The only place that spells BitMEX's table
/// names for the connection.
public struct BitMEXWire: VenueWire {
  /// The realtime WebSocket URL.
  public let url: String

  public init(url: String) {
    self.url = url
  }

  public var venue: Venue { .bitmex }

  public func connections(for subscriptions: [Subscription]) -> [VenueConnection] {
    subscriptions.isEmpty ? [] : [VenueConnection(url: url, subscriptions: subscriptions)]
  }

  public func subscribeFrames(_ subscriptions: [Subscription]) -> [String] {
    let topics = subscriptions.compactMap(Self.topic)
    return topics.isEmpty ? [] : [Topic.subscribeRequest(topics)]
  }

  public func unsubscribeFrames(_ subscriptions: [Subscription]) -> [String] {
    let topics = subscriptions.compactMap(Self.topic)
    return topics.isEmpty ? [] : [Topic.unsubscribeRequest(topics)]
  }

  public var heartbeat: HeartbeatRule { .clientPing(text: "ping", silence: 5, timeout: 5) }

  /// 64 MiB: the all-symbols `instrument` partial is BitMEX's largest message.
  public var limits: VenueLimits { VenueLimits(maxFrameBytes: 64 << 20) }

  /// `orderBookL2_25` and `orderBookL2_100`; the whole book (`orderBookL2`) is depth nil.
  public var bookDepths: [Int] { [25, 100] }

  /// The book table of a depth (nil: the whole book), or nil for a depth BitMEX has no table for.
  public static func bookTable(depth: Int?) -> BookTable? {
    BookTable.allCases.first { $0.depthLimit == depth }
  }

  /// The plan tradeterm follows on BitMEX: the symbol's book (from `book`) and trades, and the
  /// tickers (`instrument`) and liquidations of every symbol (the markets list and the Activity
  /// pane; a symbol switch keeps both).
  public static func plan(book: BookTable) -> SubscriptionPlan {
    SubscriptionPlan(
      bookDepth: book.depthLimit, perSymbol: [.book, .trades], allSymbols: [.ticker, .liquidations])
  }

  /// The plan of one instrument followed on its own (the cross-venue screen): its book, its trades
  /// and its own `instrument` row (the contract its sizes convert through), without the tables of
  /// every symbol the dashboard's markets list and liquidations read (BitMEX's `instrument` of
  /// every symbol is some 50 messages a second).
  public static func singleInstrumentPlan(book: BookTable) -> SubscriptionPlan {
    SubscriptionPlan(bookDepth: book.depthLimit, perSymbol: [.book, .trades, .ticker])
  }

  /// The table of a subscription, or nil for one BitMEX does not carry.
  public static func topic(_ s: Subscription) -> Topic? {
    let symbol = s.symbol?.description
    switch s.channel {
    case .book: return bookTable(depth: s.depth).map { Topic(table: $0.name, symbol: symbol) }
    case .trades: return Topic(table: Topic.tradeTable, symbol: symbol)
    case .ticker: return Topic(table: Topic.instrumentTable, symbol: symbol)
    case .liquidations: return Topic(table: Topic.liquidationTable, symbol: symbol)
    case .bbo: return Topic(table: Topic.quoteTable, symbol: symbol)
    case .instrument, .mark, .heartbeat, .status: return nil
    }
  }

  /// The subscription a table stands for, or nil for a table tradeterm does not subscribe.
  public static func subscription(_ topic: Topic) -> Subscription? {
    guard let channel = channel(table: topic.table) else { return nil }
    let symbol = topic.symbol.flatMap(Symbol.init)
    if topic.symbol != nil, symbol == nil { return nil }
    let depth = channel == .book ? BookTable.allCases.first { $0.name == topic.table }?.depthLimit : nil
    return Subscription(channel, symbol, depth: depth)
  }

  /// The channel of a table name.
  static func channel(table: String) -> MarketChannel? {
    if BookTable.allCases.contains(where: { $0.name == table }) { return .book }
    switch table {
    case Topic.tradeTable: return .trades
    case Topic.instrumentTable: return .ticker
    case Topic.liquidationTable: return .liquidations
    case Topic.quoteTable: return .bbo
    default: return nil
    }
  }

  /// What an error frame means for the connection: BitMEX says it only in words (see
  /// `ServerError.kind`). The subscription it refuses is the table `Unknown table: NAME` names
  /// (of every symbol), or the one topic a failed subscription echoes.
  public static func venueError(_ error: ServerError) -> VenueError {
    var refused: Subscription?
    if let table = error.unknownTableName, let channel = channel(table: table) {
      refused = Subscription(channel)
    } else if error.requestArgs.count == 1, let topic = Topic(error.requestArgs[0]) {
      refused = subscription(topic)
    }
    let kind: VenueError.Kind =
      switch error.kind {
      case .alreadySubscribed: .alreadySubscribed
      case .unknownSymbol: .unknownSymbol
      case .unknownTable: .unknownChannel
      case .other: error.status == 429 ? .rateLimited : .other
      }
    return VenueError(kind, error.message, retryAfter: error.retryAfter, refused: refused)
  }
}
