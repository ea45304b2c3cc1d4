import MarketModel

/// A paper fill's spelling, as for the order: `venue` only for another venue than BitMEX.
extension PaperFill {
  enum CodingKeys: String, CodingKey {
    case orderID, symbol, venue, side, contracts, price, fee, settlCurrency, timeMs
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    orderID = try c.decode(String.self, forKey: .orderID)
    symbol = try c.decode(String.self, forKey: .symbol)
    venue = try c.decodeIfPresent(InstrumentID.Venue.self, forKey: .venue) ?? .bitmex
    side = try c.decode(Side.self, forKey: .side)
    contracts = try c.decode(Double.self, forKey: .contracts)
    price = try c.decode(Double.self, forKey: .price)
    fee = try c.decode(Double.self, forKey: .fee)
    settlCurrency = try c.decode(String.self, forKey: .settlCurrency)
    timeMs = try c.decode(Int64.self, forKey: .timeMs)
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(orderID, forKey: .orderID)
    try c.encode(symbol, forKey: .symbol)
    if venue != .bitmex { try c.encode(venue, forKey: .venue) }
    try c.encode(side, forKey: .side)
    try c.encode(contracts, forKey: .contracts)
    try c.encode(price, forKey: .price)
    try c.encode(fee, forKey: .fee)
    try c.encode(settlCurrency, forKey: .settlCurrency)
    try c.encode(timeMs, forKey: .timeMs)
  }
}
