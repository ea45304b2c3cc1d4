extension InstrumentID.Venue {
  /// The same venue in the venue-neutral core, whose raw value is the name the command line,
  /// the config and every JSON output use (`bitmex`): one spelling of each venue's name.
  public var core: VenueCore.Venue {
    switch self {
    case .bitmex: .bitmex
    }
  }

  /// The venue's name as JSON and CSV outputs write it (`bitmex`).
  public var name: String { core.rawValue }
}
