import BitMEX
import MarketModel
import Session

/// BitMEX's frames for the feed: its decoder into `MarketBatch`, its tables read back into the
/// subscriptions they stand for.
public struct BitMEXCodec: FeedCodec {
  public let wire: any VenueWire
  /// The followed symbol: a table message without a `filter` is of it.
  private let symbol: String
  private var decoder = BitMEXDecoder()

  public init(url: String, symbol: String) {
    wire = BitMEXWire(url: url)
    self.symbol = symbol
  }

  public mutating func decode(
    _ frame: UnsafeRawBufferPointer, now: MonotonicTime, into batch: inout MarketBatch,
    inputs: inout [FeedInput]
  ) throws(FeedDecodeError) {
    let mark = batch.events.count
    do throws(DecodeError) {
      try decoder.decode(frame, into: &batch)
    } catch {
      throw FeedDecodeError(error.description)
    }
    for event in batch.events[mark...] {
      inputs.append(Self.input(for: event, symbol: symbol))
    }
  }

  /// What a BitMEX event means for the connection.
  static func input(for event: MarketEvent, symbol: String) -> FeedInput {
    func table(_ name: String, _ filter: Symbol?, _ action: TableAction) -> FeedInput {
      let topic = Topic(table: name, symbol: filter?.description ?? symbol)
      let subscription = BitMEXWire.subscription(topic)
      return action == .partial ? subscription.map(FeedInput.snapshot) ?? .data(nil) : .data(subscription)
    }
    switch event {
    case .pong:
      return .pong
    case .subscribed(let topic):
      return Topic(topic).flatMap(BitMEXWire.subscription).map(FeedInput.subscribed) ?? .data(nil)
    case .serverError(let error):
      return error.isAlreadySubscribed ? .data(nil) : .error(BitMEXWire.venueError(error))
    case .subscribeFailed(let topic, let reason):
      return .error(BitMEXWire.venueError(ServerError(status: 400, message: reason, requestArgs: [topic])))
    case .book(let m):
      return table(m.table.name, m.filterSymbol, m.action)
    case .trades(let s):
      return table(Topic.tradeTable, s.filterSymbol, s.action)
    case .instrument(let s):
      // tradeterm subscribes `instrument` for every symbol: every instrument message belongs to
      // that subscription, a one-symbol image too (a recording made with `instrument:SYMBOL`
      // replays as live).
      let all = Subscription(.ticker)
      return s.action == .partial ? .snapshot(all) : .data(all)
    case .liquidations(let s):
      // Subscribed for every symbol, as `instrument` is.
      let all = Subscription(.liquidations)
      return s.action == .partial ? .snapshot(all) : .data(all)
    case .quotes(let s):
      return table(Topic.quoteTable, s.filterSymbol, s.action)
    default:
      return .data(nil)
    }
  }
}
