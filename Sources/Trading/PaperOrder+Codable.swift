import MarketModel

/// The journal's spelling of a paper order: the keys it always had, and `venue` (its name,
/// `kraken`) only for an order of another venue than BitMEX, so a BitMEX order's line is the same
/// as before venues and a line without `venue` is BitMEX's.
extension PaperOrder {
  enum CodingKeys: String, CodingKey {
    case id, symbol, venue, side, type, contracts, price, queueAhead, placedMs, status
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.decode(String.self, forKey: .id)
    symbol = try c.decode(String.self, forKey: .symbol)
    venue = try c.decodeIfPresent(InstrumentID.Venue.self, forKey: .venue) ?? .bitmex
    side = try c.decode(Side.self, forKey: .side)
    type = try c.decode(OrderType.self, forKey: .type)
    contracts = try c.decode(Double.self, forKey: .contracts)
    price = try c.decodeIfPresent(Double.self, forKey: .price)
    queueAhead = try c.decode(Double.self, forKey: .queueAhead)
    placedMs = try c.decode(Int64.self, forKey: .placedMs)
    status = try c.decode(Status.self, forKey: .status)
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(id, forKey: .id)
    try c.encode(symbol, forKey: .symbol)
    if venue != .bitmex { try c.encode(venue, forKey: .venue) }
    try c.encode(side, forKey: .side)
    try c.encode(type, forKey: .type)
    try c.encode(contracts, forKey: .contracts)
    try c.encodeIfPresent(price, forKey: .price)
    try c.encode(queueAhead, forKey: .queueAhead)
    try c.encode(placedMs, forKey: .placedMs)
    try c.encode(status, forKey: .status)
  }
}
