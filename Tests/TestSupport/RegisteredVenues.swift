import Binance
import BitMEX
import Bybit
import Coinbase
import Kraken
import OKX
import VenueCore

/// Every venue's `VenueAbout` as its adapter declares it and the executable registers it
/// (`Venues.registered`, in its order): the facts the app reads of a venue (`AppState.venues`),
/// the names a config or a command line may give (`ConfigLoader.load(venues:)`), for the tests
/// of what tradeterm says of one.
public enum RegisteredVenues {
  public static let list: [VenueAbout] =
    [.bitmex, .kraken, .binance, .binanceUSDM, .coinbase] + VenueAbout.bybit + [.okx]
  public static let all: [Venue: VenueAbout] = Dictionary(
    list.map { ($0.venue, $0) }, uniquingKeysWith: { a, _ in a })
  /// The venues, in the registration's order.
  public static let names: [Venue] = list.map(\.venue)
  /// Each venue's name as people know it.
  public static let displayNames: [Venue: String] = all.mapValues(\.displayName)
}
