import ArgumentParser
import Binance
import BitMEX
import Bybit
import Coinbase
import Kraken
import MarketModel
import OKX
import VenueCore

/// The venues tradeterm knows: one line each (what `tradeterm venues` lists).
enum Venues {
  static let registered: [VenueAbout] =
    [.bitmex, .kraken, .binance, .binanceUSDM, .coinbase] + VenueAbout.bybit + [.okx]

  static func about(_ venue: Venue) -> VenueAbout? { registered.first { $0.venue == venue } }
}

extension Tradeterm {
  /// The venue given (`--venue`, or `venue:` before the symbol) exists, agrees with the other, and
  /// can run: BitMEX alone so far; the others say what they lack.
  func validateVenue() throws {
    switch namedVenue() {
    case .failure(let problem): throw fail(problem.message)
    case .success(let venue?) where venue != .bitmex:
      let why = Venues.about(venue)?.reads ?? "no adapter"
      throw fail(
        "\(venue.displayName) is not selectable yet (\(why)); `tradeterm venues` says what each venue can do")
    case .success: break
    }
  }

  /// The venue the run is on: the one given, else BitMEX (a bare symbol is BitMEX's). What the
  /// `--once` outputs name in their `venue` field; `validate` has refused any other.
  var venue: Venue {
    guard case .success(let named?) = namedVenue() else { return .bitmex }
    return named
  }

  /// Why the venues given cannot be read: the words of a one-line error.
  struct VenueProblem: Error {
    var message: String
  }

  /// The venue `--venue` or a `venue:` prefix names, nil when neither does; an unknown venue, or
  /// two that disagree, is a problem.
  private func namedVenue() -> Result<Venue?, VenueProblem> {
    var named: Venue?
    if let venueOption {
      guard let v = Venue(name: venueOption) else {
        return .failure(
          VenueProblem(
            message: InstrumentKey.ParseError.unknownVenue(TerminalText.sanitized(venueOption)).description))
      }
      named = v
    }
    if let given = instrument ?? symbolOption, given != "config", given != "venues", given.contains(":") {
      switch InstrumentKey.parse(given) {
      case .failure(let error):
        return .failure(VenueProblem(message: TerminalText.sanitized(error.description)))
      case .success(let key):
        if let named, named != key.venue {
          return .failure(
            VenueProblem(
              message:
                "two venues: \(key.venue) in \(TerminalText.sanitized(given)) and --venue \(named); give one")
          )
        }
        named = key.venue
      }
    }
    return .success(named)
  }
}
