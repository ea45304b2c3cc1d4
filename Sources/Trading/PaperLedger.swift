import MarketModel

/// Every paper order and fill, as the journal's events left them. Pure: events in, state out;
/// `matches` says which resting orders the tape has just filled.
///
/// The rule for resting limit orders: a trade strictly beyond the limit price (below it for a
/// buy, above it for a sell) fills the order; a trade at the price fills it only once the
/// contracts that rested at that price when it was placed (`queueAhead`) have traded there.
/// Orders fill whole, at their limit price, without a fee (the maker fee is not modelled).
public struct PaperLedger: Sendable {
  /// Every order, oldest first.
  public private(set) var orders: [PaperOrder] = []
  /// Every fill, oldest first.
  public private(set) var fills: [PaperFill] = []
  /// Contracts traded at each resting order's price since it was placed (by order id); not
  /// journaled, so a restart counts the queue from the start again.
  public private(set) var tradedAtPrice: [String: Double] = [:]
  /// The highest order number seen (the next order is `P\(lastNumber + 1)`).
  public private(set) var lastNumber = 0
  /// Where each order is in `orders`, by id: applying a journal of many events looks each one
  /// up in constant time (a search of `orders` per event made loading quadratic).
  private var indexByID: [String: Int] = [:]

  /// Order numbers stay below this (a trillion orders), far from `Int.max`.
  public static let largestNumber = 1_000_000_000_000

  public init() {}

  /// The open orders, oldest first.
  public var open: [PaperOrder] { orders.filter { $0.status == .open } }

  /// The id for the next order.
  public var nextID: String { "P\(lastNumber + 1)" }

  /// Applies one journal event. Returns false (changing nothing) for an event that does not
  /// fit: a second order with a known id, a fill or cancel of an order that is not open.
  @discardableResult
  public mutating func apply(_ event: PaperEvent) -> Bool {
    switch event {
    case .placed(let order):
      guard indexByID[order.id] == nil else { return false }
      indexByID[order.id] = orders.count
      orders.append(order)
      // Only numbers tradeterm could have given count: a journal's `P9223372036854775807` is
      // some other id (kept, never reused since `apply` refuses a second order with it), not a
      // number to add 1 to.
      if order.id.hasPrefix("P"), let n = Int(order.id.dropFirst()), n < Self.largestNumber {
        lastNumber = max(lastNumber, n)
      }
      return true
    case .filled(let fill):
      guard let i = indexByID[fill.orderID], orders[i].status == .open else {
        return false
      }
      orders[i].status = .filled
      fills.append(fill)
      tradedAtPrice[fill.orderID] = nil
      return true
    case .cancelled(let id, _):
      guard let i = indexByID[id], orders[i].status == .open else { return false }
      orders[i].status = .cancelled
      tradedAtPrice[id] = nil
      return true
    }
  }

  /// The fills `trades` (oldest first, all of `instrument`, all printed after the orders were
  /// placed: the caller passes only trades that arrived since; exchange times are not compared
  /// with the local clock, which a replay or a skewed clock would defeat) make of resting limit
  /// orders on `instrument` (its venue and symbol: another venue's order of the same symbol text
  /// is not filled by these trades), leaving out the ids in `pending` (fills already on their way
  /// to the journal). Counts trades at each order's price towards its queue; trade sizes are
  /// integer units at `sizeScale` decimals (the tape's: 0 for BitMEX's contracts).
  public mutating func matches(
    _ trades: [Trade], instrument: InstrumentID, sizeScale: UInt8 = 0, settlCurrency: String,
    excluding pending: Set<String> = []
  ) -> [PaperFill] {
    let symbol = instrument.symbol.description
    let perContract = Double(FixedDecimal.powerOfTen(sizeScale))
    var out: [PaperFill] = []
    guard !trades.isEmpty else { return out }
    for order in orders
    where order.status == .open && order.type == .limit && order.symbol == symbol
      && order.venue == instrument.venue && !pending.contains(order.id)
    {
      guard let limit = order.price else { continue }
      var traded = tradedAtPrice[order.id] ?? 0
      var fillTime: Int64?
      for trade in trades {
        let beyond = order.side == .buy ? trade.price < limit : trade.price > limit
        if beyond {
          fillTime = trade.timeMs
          break
        }
        if trade.price == limit {
          traded += Double(trade.size) / perContract
          if traded > order.queueAhead {
            fillTime = trade.timeMs
            break
          }
        }
      }
      tradedAtPrice[order.id] = traded
      if let fillTime {
        out.append(
          PaperFill(
            orderID: order.id, symbol: order.symbol, side: order.side, contracts: order.contracts,
            price: limit,
            fee: 0, settlCurrency: settlCurrency, timeMs: fillTime, venue: order.venue))
      }
    }
    return out
  }
}
