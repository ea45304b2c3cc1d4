import MarketModel
import Session
import WireJSON

/// A venue adapter's frames for the feed: decoded into the one event enum, keyed to the names
/// asked (`SymbolAliases`: Coinbase answers a `-USDC` product as its `-USD` one), each event read
/// back into what it means for the connection (a book snapshot completes its subscription;
/// trades have no image, so their acknowledgement does).
public struct VenueCodec: FeedCodec {
  public var wire: any VenueWire { adapter }
  private let adapter: any VenueAdapter
  private let plan: SubscriptionPlan
  /// The venue's public REST host, for book snapshots (nil: none asked).
  private let restHost: String?
  /// Levels asked of a REST book snapshot.
  public static let snapshotDepth = 1000
  /// What the connection asked for under a name the venue answers under another's.
  private var aliases: SymbolAliases
  /// What the open connection delivered and a replacement's held frames (make-before-break).
  private var splice = ConnectionSplice()
  public let splicesConnections: Bool

  public init(adapter: any VenueAdapter, plan: SubscriptionPlan, restHost: String? = nil) {
    self.adapter = adapter
    self.plan = plan
    self.restHost = restHost
    aliases = SymbolAliases(venue: adapter.venue, alias: adapter.dataAlias)
    // A venue that ends its connections (Binance) sends the update and trade ids a splice needs.
    splicesConnections = adapter.limits.connectionLifetime != nil
  }

  public mutating func connecting() { aliases.reset() }
  public mutating func subscribing(_ subscriptions: [Subscription]) { aliases.subscribed(subscriptions) }
  public mutating func unsubscribing(_ subscriptions: [Subscription]) { aliases.unsubscribed(subscriptions) }

  public mutating func connectionOpened() { splice.reset() }

  public mutating func holdReplacement(
    _ frame: UnsafeRawBufferPointer, now: MonotonicTime
  ) throws(FeedDecodeError) {
    let bytes = frame.assumingMemoryBound(to: UInt8.self)
    let adapter = adapter
    do throws(WireError) {
      try splice.holdReplacementFrame(bytes) { (batch: inout VenueBatch) throws(WireError) in
        try adapter.decode(bytes, receivedAt: now.nanoseconds, into: &batch)
      }
    } catch {
      throw FeedDecodeError("the replacement connection: \(error)")
    }
  }

  public var replacementCaughtUp: Bool { splice.isCaughtUp }

  public mutating func spliceReplacement(into batch: inout VenueBatch, inputs: inout [FeedInput]) -> [[UInt8]]
  {
    let mark = batch.events.count
    let kept = splice.splice(into: &batch)
    for event in batch.events[mark...] { Self.read(event, plan: plan, tickers: batch.tickers, into: &inputs) }
    return kept
  }

  public mutating func dropReplacement() { splice.dropReplacement() }

  public func snapshotURL(for book: Subscription) -> String? {
    guard let restHost, let symbol = book.symbol,
      let request = adapter.restRequests(for: .bookSnapshot(symbol, depth: book.depth ?? Self.snapshotDepth))
        .first
    else { return nil }
    return restHost + request.target
  }

  public mutating func decodeSnapshot(
    _ body: UnsafeRawBufferPointer, of book: Subscription, now: MonotonicTime, into batch: inout VenueBatch,
    inputs: inout [FeedInput]
  ) throws(FeedDecodeError) {
    let mark = batch.events.count
    do throws(WireError) {
      try adapter.decodeSnapshot(
        body.assumingMemoryBound(to: UInt8.self), symbol: book.symbol ?? .empty, receivedAt: now.nanoseconds,
        into: &batch)
    } catch {
      throw FeedDecodeError("the REST snapshot: \(error)")
    }
    aliases.rekey(&batch, from: mark)
    for event in batch.events[mark...] { Self.read(event, plan: plan, tickers: batch.tickers, into: &inputs) }
    if splicesConnections { splice.noteLive(batch, from: mark) }
  }

  public mutating func decode(
    _ frame: UnsafeRawBufferPointer, now: MonotonicTime, into batch: inout VenueBatch,
    inputs: inout [FeedInput]
  ) throws(FeedDecodeError) {
    let mark = batch.events.count
    do throws(WireError) {
      try adapter.decode(frame.assumingMemoryBound(to: UInt8.self), receivedAt: now.nanoseconds, into: &batch)
    } catch {
      throw FeedDecodeError("\(error)")
    }
    aliases.rekey(&batch, from: mark)
    for event in batch.events[mark...] { Self.read(event, plan: plan, tickers: batch.tickers, into: &inputs) }
    if splicesConnections { splice.noteLive(batch, from: mark) }
  }

  /// The subscription of `channel` an event of `symbol` belongs to: the plan's channels of every
  /// symbol are one subscription whatever the symbol.
  static func subscription(
    _ channel: MarketChannel, _ symbol: Symbol?, plan: SubscriptionPlan
  ) -> Subscription {
    if plan.allSymbols.contains(channel) { return Subscription(channel) }
    return Subscription(channel, symbol, depth: channel == .book ? plan.bookDepth : nil)
  }

  /// What one event means for the connection machine (`tickers`: the batch's, which a `.ticker`
  /// event points into).
  static func read(
    _ event: VenueEvent, plan: SubscriptionPlan, tickers: [VenueTicker] = [], into inputs: inout [FeedInput]
  ) {
    switch event {
    case let .book(symbol, update, _):
      let s = subscription(.book, symbol, plan: plan)
      inputs.append(update.kind == .snapshot ? .snapshot(s) : .data(s))
    case let .trades(symbol, _):
      // Trades have no image: the first ones complete the subscription as an acknowledgement
      // does (a venue whose URL names its streams sends none).
      let s = subscription(.trades, symbol, plan: plan)
      inputs.append(.snapshot(s))
    case let .liquidations(symbol, _):
      // No image either: a liquidation is whole in itself (of every symbol, on an all-market
      // stream: one subscription whatever the symbol).
      inputs.append(.snapshot(subscription(.liquidations, symbol, plan: plan)))
    case let .bbo(symbol, _, _, _):
      inputs.append(.data(subscription(.bbo, symbol, plan: plan)))
    case let .ticker(symbol, index):
      // A ticker is whole in itself (a partial one merges into what the header has): like
      // trades, the first completes its subscription, acknowledged or not (a venue whose URL
      // names its streams sends no acknowledgement). A mark price stream subscribed apart
      // (Binance USDⓈ-M's `@markPrice`) comes as a ticker of the mark, index and funding only.
      // OKX sends the mark, the index and the funding rate on three channels of their own.
      let ticker = tickers.indices.contains(index) ? tickers[index] : nil
      let isMark =
        plan.anySymbolChannels.contains(.mark)
        && ticker.map { $0.last == nil && ($0.markPrice ?? $0.indexPrice ?? $0.fundingRate) != nil } == true
      inputs.append(.snapshot(subscription(isMark ? .mark : .ticker, symbol, plan: plan)))
    case let .subscribed(channel, symbol):
      let s = subscription(channel, symbol, plan: plan)
      inputs.append(.subscribed(s))
      // Only a book waits for an image; any other stream is whole from its acknowledgement.
      if channel != .book { inputs.append(.snapshot(s)) }
    case .pong:
      inputs.append(.pong)
    case let .venueError(words, channel):
      // A refused book or trades of the symbol is an unknown symbol (retrying cannot fix it);
      // any other channel refused leaves the rest running, and says why it is missing.
      let refused = channel.map { subscription($0, nil, plan: plan) }
      let required = channel == .book || channel == .trades
      let kind: VenueError.Kind = channel == nil ? .other : (required ? .unknownSymbol : .unknownChannel)
      inputs.append(.error(VenueError(kind, words, refused: required ? nil : refused)))
    case .serverShutdown:
      inputs.append(.shutdownNotice)
    case .heartbeat, .status, .unsubscribed, .connectionSequence, .ignored:
      inputs.append(.data(nil))
    }
  }
}
