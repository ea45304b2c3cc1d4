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
    if let venue = try namedVenue(), venue != .bitmex {
      let why = Venues.about(venue)?.reads ?? "no adapter"
      throw fail(
        "\(venue.displayName) is not selectable yet (\(why)); `tradeterm venues` says what each venue can do")
    }
  }

  /// The venue the command line names (`--venue`, or `venue:` before the symbol), nil when it
  /// names none; an unknown venue or two different ones are refused.
  func namedVenue() throws -> Venue? {
    var named: Venue?
    if let venueOption {
      guard let v = Venue(name: venueOption) else {
        throw fail(InstrumentKey.ParseError.unknownVenue(TerminalText.sanitized(venueOption)).description)
      }
      named = v
    }
    if let given = instrument ?? symbolOption, given != "config", given != "venues", given.contains(":") {
      switch InstrumentKey.parse(given) {
      case .failure(let error): throw fail(TerminalText.sanitized(error.description))
      case .success(let key):
        if let named, named != key.venue {
          throw fail(
            "two venues: \(key.venue) in \(TerminalText.sanitized(given)) and --venue \(named); give one")
        }
        named = key.venue
      }
    }
    return named
  }

  /// The venue a run is of: the one named, else BitMEX. A `--replay` plays the recording as this
  /// venue (its untagged lines, and the lines tagged with it; other venues' are skipped).
  var selectedVenue: Venue { (try? namedVenue()) ?? .bitmex }
}
