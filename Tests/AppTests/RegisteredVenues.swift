import Binance
import BitMEX
import Bybit
import Coinbase
import Kraken
import OKX
import VenueCore

/// Every venue's `VenueAbout` as its adapter declares it and the executable registers it
/// (`Venues.registered`): the facts the app reads of a venue (`AppState.venues`), for the tests
/// of what it says of one.
enum RegisteredVenues {
  static let list: [VenueAbout] =
    [.bitmex, .kraken, .binance, .binanceUSDM, .coinbase] + VenueAbout.bybit + [.okx]
  static let all: [Venue: VenueAbout] = Dictionary(
    list.map { ($0.venue, $0) }, uniquingKeysWith: { a, _ in a })
}
