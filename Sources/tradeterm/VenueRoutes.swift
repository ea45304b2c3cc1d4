import ExchangeSim
import MarketModel
import VenueCore

/// Where the dashboard can follow a market from the one it opened on: BitMEX's endpoints and
/// every other venue it can follow live, each set up — the venue's own endpoints, or in a demo
/// the simulator's dialect of it. What `DashboardRunner` opens when the picker or the markets
/// list asks for another venue's instrument (`Effect.openMarket`).
struct VenueRoutes: Sendable {
  /// BitMEX's WebSocket and REST base (the exchange's, testnet's, `--ws-url`'s, or the
  /// simulator's).
  var bitmexWebSocket: String
  var bitmexREST: String?
  /// The other venues followed from here.
  var venues: [Venue: VenueLive]

  /// The venues the app may ask for: BitMEX and each one set up.
  var followable: Set<InstrumentID.Venue> {
    Set([.bitmex] + venues.keys)
  }

  /// The venues whose feed cannot change its symbol in place (Binance): another symbol there is
  /// opened as a market of its own.
  var reopenedPerSymbol: Set<InstrumentID.Venue> {
    Set(venues.values.filter { !$0.switchesInPlace }.map { $0.venue })
  }

  /// The venues whose adapter takes every instrument's ticker on one stream of a connection of
  /// its own (Binance): the markets list watches all its rows at once.
  var tickingEveryInstrument: Set<InstrumentID.Venue> {
    Set(venues.values.filter { $0.adapter.tickersOnAConnectionOfTheirOwn }.map(\.venue))
  }

  /// The routes of a run: `start` is the venue it opened on, already set up (`--ws-url` and
  /// `--rest-url` are its); in a demo (`sim`, the simulator's address) every venue the simulator speaks, else each venue's
  /// own endpoints.
  static func of(
    bitmexWebSocket: String, bitmexREST: String?, start: VenueLive?, sim: SimAddress?
  ) -> VenueRoutes {
    var venues: [Venue: VenueLive] = [:]
    for venue in Venues.registered.map(\.venue) {
      if let start, start.venue == venue {
        venues[venue] = start
      } else if let sim {
        guard let urls = Tradeterm.demoURL(venue, sim) else { continue }
        venues[venue] = VenueLive.of(venue, url: urls.ws, restHost: urls.rest)
      } else {
        venues[venue] = VenueLive.of(venue, url: nil)
      }
    }
    return VenueRoutes(bitmexWebSocket: bitmexWebSocket, bitmexREST: bitmexREST, venues: venues)
  }
}
