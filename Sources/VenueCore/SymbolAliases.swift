/// The instruments asked for that the venue answers under another's name (its adapter's
/// `DataAlias`: Coinbase's `-USDC` products, whose channels carry the `-USD` product's data and id). A feed
/// notes what its connection subscribes and unsubscribes; each decoded batch's events of the
/// other name are then keyed back to what was asked, so that a book, tape and ticker asked as
/// `BTC-USDC` are `BTC-USDC`'s to every reader. A ticker of a product asked under both names
/// (the dashboard on `BTC-USDC`, the markets list watching `BTC-USD`) is given to both.
public struct SymbolAliases: Sendable, Hashable {
  public let venue: Venue
  /// Which names the venue answers under another's (nil: none).
  public let alias: DataAlias?
  /// Every subscription of an instrument the connection holds.
  private var asked: Set<Subscription> = []
  /// The name the venue answers under → the names asked, in order.
  private var names: [Symbol: [Symbol]] = [:]

  public init(venue: Venue, alias: DataAlias?) {
    self.venue = venue
    self.alias = alias
  }

  /// Whether no frame needs keying back.
  public var isEmpty: Bool { names.isEmpty }

  /// The names asked that the venue answers as `dataSymbol`.
  public func askedNames(of dataSymbol: Symbol) -> [Symbol] { names[dataSymbol] ?? [] }

  /// The connection subscribes `subscriptions`.
  public mutating func subscribed(_ subscriptions: [Subscription]) {
    let before = asked.count
    for s in subscriptions where s.symbol != nil { asked.insert(s) }
    if asked.count != before { remap() }
  }

  /// The connection unsubscribes `subscriptions`.
  public mutating func unsubscribed(_ subscriptions: [Subscription]) {
    let before = asked.count
    for s in subscriptions { asked.remove(s) }
    if asked.count != before { remap() }
  }

  /// A new connection: nothing is subscribed on it yet.
  public mutating func reset() {
    asked.removeAll()
    names.removeAll()
  }

  private mutating func remap() {
    names.removeAll()
    for s in asked {
      guard let symbol = s.symbol, let data = alias?.dataSymbol(for: symbol) else { continue }
      if !names[data, default: []].contains(symbol) { names[data, default: []].append(symbol) }
    }
    for key in names.keys { names[key]?.sort() }
  }

  /// Keys `batch`'s events from `start` on back to the names asked: a book, trades, BBO or
  /// acknowledgement of the other name becomes the asked one's; a ticker becomes the asked
  /// one's, and stays the other name's too when that was asked as well.
  public func rekey(_ batch: inout VenueBatch, from start: Int) {
    guard !names.isEmpty else { return }
    let end = batch.events.count
    for i in start..<end {
      switch batch.events[i] {
      case let .book(s, update, levels):
        if let to = names[s]?.first { batch.events[i] = .book(symbol: to, update: update, levels: levels) }
      case let .trades(s, trades):
        if let to = names[s]?.first { batch.events[i] = .trades(symbol: to, trades: trades) }
      case let .bbo(s, id, bid, ask):
        if let to = names[s]?.first { batch.events[i] = .bbo(symbol: to, updateID: id, bid: bid, ask: ask) }
      case let .subscribed(channel, s?):
        if let to = names[s]?.first { batch.events[i] = .subscribed(channel, symbol: to) }
      case let .unsubscribed(channel, s?):
        if let to = names[s]?.first { batch.events[i] = .unsubscribed(channel, symbol: to) }
      case let .ticker(s, index):
        guard let to = names[s] else { continue }
        let ownToo = asked.contains(Subscription(.ticker, s))
        if !ownToo { batch.events[i] = .ticker(symbol: to[0], ticker: index) }
        for name in to.dropFirst(ownToo ? 0 : 1) { batch.events.append(.ticker(symbol: name, ticker: index)) }
      default:
        break
      }
    }
  }
}
