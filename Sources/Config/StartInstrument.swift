import MarketModel
import VenueCore

/// The instrument a run opens on, from the command line over the config. The venue: the one the
/// command line names (a `venue:` prefix on the symbol, or `--venue`), else the config's `venue`,
/// else BitMEX. The symbol: the command line's, else the config's `symbol` when the run is on the
/// config's venue (it is that venue's symbol), else the venue's default (`Settings.venueDefaults`:
/// BitMEX has one, the others none).
/// Pure: the text given in, the choice or why it cannot be made out.
public struct StartInstrument: Sendable, Hashable {
  public var venue: Venue
  /// The venue's symbol as given; nil when none was given for a venue without a default (the
  /// run asks which instrument).
  public var symbol: String?

  public init(venue: Venue, symbol: String?) {
    self.venue = venue
    self.symbol = symbol
  }

  /// Why the command line's venue cannot be read: the words of a one-line error.
  public struct Problem: Error, Sendable, Hashable {
    public var message: String
  }

  /// What the command line names: the venue (nil when it names none) and the symbol without its
  /// `venue:` prefix (nil when there is none). `given` is the instrument argument or `--symbol`;
  /// an unknown venue (one not in `venues`, the registered ones, unless that is empty), an empty
  /// symbol after a venue, or two venues that disagree are problems.
  public static func named(
    given: String?, venueOption: String?, venues: [Venue] = []
  ) -> Result<(venue: Venue?, symbol: String?), Problem> {
    var named: Venue?
    if let venueOption {
      guard let v = Venue(name: venueOption, among: venues) else {
        let problem = InstrumentKey.ParseError.unknownVenue(
          TerminalText.sanitized(venueOption), known: venues)
        return .failure(Problem(message: problem.description))
      }
      named = v
    }
    guard let given else { return .success((named, nil)) }
    guard given.contains(":") else { return .success((named, given)) }
    switch InstrumentKey.parse(given, venues: venues) {
    case .failure(let error):
      return .failure(Problem(message: TerminalText.sanitized(error.description)))
    case .success(let key):
      if let named, named != key.venue {
        return .failure(
          Problem(
            message:
              "two venues: \(key.venue) in \(TerminalText.sanitized(given)) and --venue \(named); give one"))
      }
      return .success((key.venue, key.symbol.description))
    }
  }

  /// The instrument the run opens on: what the command line names (see `named`) over `settings`.
  public static func resolve(
    given: String?, venueOption: String?, settings: Settings, venues: [Venue] = []
  ) -> Result<StartInstrument, Problem> {
    named(given: given, venueOption: venueOption, venues: venues).map { named in
      let venue = named.venue ?? settings.venue
      // The config's symbol is its venue's: on another venue it means nothing.
      let fallback = venue == settings.venue ? settings.symbol : settings.venueDefaults[venue]
      return StartInstrument(venue: venue, symbol: named.symbol ?? fallback)
    }
  }
}
