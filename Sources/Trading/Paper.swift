import FoundationEssentials
import MarketModel

/// A paper order: placed on the ticket, filled against the live book and tape, never sent to
/// an exchange.
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
  public var symbol: String
  public var side: Side
  public var type: OrderType
  /// Size in contracts.
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
    queueAhead: Double = 0, placedMs: Int64
  ) {
    self.id = id
    self.symbol = symbol
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
  public var side: Side
  public var contracts: Double
  /// The average fill price.
  public var price: Double
  /// The fee in settlement units (`XBt`, `USDt`), and their currency.
  public var fee: Double
  public var settlCurrency: String
  public var timeMs: Int64

  public init(
    orderID: String, symbol: String, side: Side, contracts: Double, price: Double, fee: Double,
    settlCurrency: String, timeMs: Int64
  ) {
    self.orderID = orderID
    self.symbol = symbol
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
public enum PaperJournalLine {
  public static let version = 1

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
    case .filled(let fill):
      line.event = "filled"
      line.fill = fill
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
  public static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> PaperEvent? {
    guard let line = try? JSONDecoder().decode(Line.self, from: Data(bytes)), line.v == version else {
      return nil
    }
    switch line.event {
    case "placed": return line.order.map(PaperEvent.placed)
    case "filled": return line.fill.map(PaperEvent.filled)
    case "cancelled":
      guard let id = line.id, let time = line.timeMs else { return nil }
      return .cancelled(orderID: id, timeMs: time)
    default: return nil
    }
  }
}
