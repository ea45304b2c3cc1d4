import MarketModel

/// A venue in the journal: its name (`kraken`, `bybit-linear`), as the command line writes it.
extension InstrumentID.Venue: Codable {
  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let core = VenueCore.Venue(rawValue: text) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "venue \(text)"))
    }
    self.init(core)
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    try c.encode(name)
  }
}
