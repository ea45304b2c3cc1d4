import BitMEX
import MarketModel
import Session

/// BitMEX's frames for the feed: its decoder into `MarketBatch`, its tables read back into the
/// subscriptions they stand for.
public struct BitMEXCodec: FeedCodec {
  public let wire: any VenueWire
  /// The followed symbol: a table message without a `filter` is of it.
  private let symbol: Symbol
  private var decoder = BitMEXDecoder()

  public init(url: String, symbol: String) {
    wire = BitMEXWire(url: url)
    self.symbol = Symbol(symbol) ?? .empty
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

  /// What a BitMEX event means for the connection (the hot path: no text is built per message).
  static func input(for event: MarketEvent, symbol: Symbol) -> FeedInput {
    func table(
      _ channel: MarketChannel, _ filter: Symbol?, _ action: TableAction, depth: Int? = nil
    ) -> FeedInput {
      let subscription = Subscription(channel, filter ?? symbol, depth: depth)
      return action == .partial ? .snapshot(subscription) : .data(subscription)
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
      return table(.book, m.filterSymbol, m.action, depth: m.table.depthLimit)
    case .trades(let s):
      return table(.trades, s.filterSymbol, s.action)
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
      return table(.bbo, s.filterSymbol, s.action)
    default:
      return .data(nil)
    }
  }
}
