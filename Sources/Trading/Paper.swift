import FoundationEssentials
import MarketModel

/// A paper order: placed on the ticket, filled against the live book and tape, never sent to
/// an exchange. It is of one instrument on one venue (`venue` and `symbol`): Binance's `BTCUSDT`
/// and Bybit's are two instruments.
public struct PaperOrder: Sendable, Hashable, Codable {
  public enum OrderType: String, Sendable, Hashable, Codable {
    case market = "Market"
    case limit = "Limit"
  }

  public enum Status: String, Sendable, Hashable, Codable {
    case open = "Open"
    case filled = "Filled"
    case cancelled = "Cancelled"
  }

  /// `P1`, `P2`, … in the order placed (numbers carry on across runs).
  public var id: String
  /// The venue's own symbol (`ETHUSD`, `BTC/USD`).
  public var symbol: String
  /// The venue (BitMEX for every order of a journal from before venues).
  public var venue: InstrumentID.Venue
  public var side: Side
  public var type: OrderType
  /// Size in contracts: the venue's own size unit (BitMEX contracts; Kraken's base asset).
  public var contracts: Double
  /// The limit price (nil for a market order).
  public var price: Double?
  /// Contracts resting at the limit price on the order's side of the book when it was placed:
  /// a trade at the price fills the order only once more than this has traded there.
  public var queueAhead: Double
  public var placedMs: Int64
  public var status: Status = .open

  public init(
    id: String, symbol: String, side: Side, type: OrderType, contracts: Double, price: Double?,
    queueAhead: Double = 0, placedMs: Int64, venue: InstrumentID.Venue = .bitmex
  ) {
    self.id = id
    self.symbol = symbol
    self.venue = venue
    self.side = side
    self.type = type
    self.contracts = contracts
    self.price = price
    self.queueAhead = queueAhead
    self.placedMs = placedMs
  }
}

/// One fill of a paper order (orders fill whole).
public struct PaperFill: Sendable, Hashable, Codable {
  public var orderID: String
  public var symbol: String
  /// The order's venue.
  public var venue: InstrumentID.Venue
  public var side: Side
  public var contracts: Double
  /// The average fill price.
  public var price: Double
  /// The fee in settlement units (satoshis, millionths of a USDT, …), and their currency.
  public var fee: Double
  public var settlCurrency: String
  public var timeMs: Int64

  public init(
    orderID: String, symbol: String, side: Side, contracts: Double, price: Double, fee: Double,
    settlCurrency: String, timeMs: Int64, venue: InstrumentID.Venue = .bitmex
  ) {
    self.orderID = orderID
    self.symbol = symbol
    self.venue = venue
    self.side = side
    self.contracts = contracts
    self.price = price
    self.fee = fee
    self.settlCurrency = settlCurrency
    self.timeMs = timeMs
  }
}

/// One line of the paper journal: an order placed, filled or cancelled.
public enum PaperEvent: Sendable, Hashable {
  case placed(PaperOrder)
  case filled(PaperFill)
  case cancelled(orderID: String, timeMs: Int64)

  /// The order the event is about.
  public var orderID: String {
    switch self {
    case .placed(let o): o.id
    case .filled(let f): f.orderID
    case .cancelled(let id, _): id
    }
  }
}

extension Side: Codable {
  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    switch text {
    case "Buy": self = .buy
    case "Sell": self = .sell
    default:
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "side \(text)"))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    try c.encode(description)
  }
}

/// The journal's line format: one JSON object a line, `{"v":1,"event":"placed","order":{…}}`,
/// `{"v":1,"event":"filled","fill":{…}}`, `{"v":1,"event":"cancelled","id":"P3","timeMs":…}`.
///
/// An order or fill of another venue than BitMEX names it (`"venue":"kraken"`) in a line of
/// version 2; a BitMEX one is written as before venues (version 1, no `venue`), so a journal of
/// BitMEX orders reads the same to an older tradeterm, and an older tradeterm skips (with a
/// warning) a line of a venue it does not know rather than take it for a BitMEX order.
public enum PaperJournalLine {
  /// The version of a BitMEX line (and of every line before venues).
  public static let version = 1
  /// The version of a line whose order or fill is of another venue.
  public static let venueVersion = 2

  private struct Line: Codable {
    var v: Int
    var event: String
    var order: PaperOrder?
    var fill: PaperFill?
    var id: String?
    var timeMs: Int64?
  }

  /// The line for `event`, without its newline.
  public static func encode(_ event: PaperEvent) -> String {
    var line = Line(v: version, event: "")
    switch event {
    case .placed(let order):
      line.event = "placed"
      line.order = order
      if order.venue != .bitmex { line.v = venueVersion }
    case .filled(let fill):
      line.event = "filled"
      line.fill = fill
      if fill.venue != .bitmex { line.v = venueVersion }
    case .cancelled(let id, let timeMs):
      line.event = "cancelled"
      line.id = id
      line.timeMs = timeMs
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    // Encoding these plain values cannot fail; an empty object would be read back as corrupt.
    let data = (try? encoder.encode(line)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self)
  }

  /// The event of one line, or nil when the line is not a journal line this version reads.
  /// A version 1 line is BitMEX's, whatever else it holds.
  public static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> PaperEvent? {
    guard let line = try? JSONDecoder().decode(Line.self, from: Data(bytes)),
      line.v == version || line.v == venueVersion
    else {
      return nil
    }
    switch line.event {
    case "placed":
      guard var order = line.order else { return nil }
      if line.v == version { order.venue = .bitmex }
      return .placed(order)
    case "filled":
      guard var fill = line.fill else { return nil }
      if line.v == version { fill.venue = .bitmex }
      return .filled(fill)
    case "cancelled":
      guard let id = line.id, let time = line.timeMs else { return nil }
      return .cancelled(orderID: id, timeMs: time)
    default: return nil
    }
  }
}
