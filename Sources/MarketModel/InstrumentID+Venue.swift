extension InstrumentID.Venue {
  /// The same venue in the venue-neutral core, whose raw value is the name the command line,
  /// the config and every JSON output use (`bitmex`): one spelling of each venue's name.
  public var core: VenueCore.Venue {
    switch self {
    case .bitmex: .bitmex
    case .kraken: .kraken
    case .binance: .binance
    case .binanceUSDM: .binanceUSDM
    case .coinbase: .coinbase
    case .bybitSpot: .bybitSpot
    case .bybitLinear: .bybitLinear
    case .bybitInverse: .bybitInverse
    case .okx: .okx
    }
  }

  /// The venue-neutral core's venue as the model's.
  public init(_ core: VenueCore.Venue) {
    switch core {
    case .bitmex: self = .bitmex
    case .kraken: self = .kraken
    case .binance: self = .binance
    case .binanceUSDM: self = .binanceUSDM
    case .coinbase: self = .coinbase
    case .bybitSpot: self = .bybitSpot
    case .bybitLinear: self = .bybitLinear
    case .bybitInverse: self = .bybitInverse
    case .okx: self = .okx
    }
  }

  /// The venue's name as JSON and CSV outputs write it (`bitmex`).
  public var name: String { core.rawValue }
}
