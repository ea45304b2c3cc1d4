import App
import Feed
import MarketModel
import Session

extension DashboardRunner {
  /// The REST worker of a venue market followed live (nil for BitMEX, whose `RESTWorker` it is,
  /// and for a replay).
  static func venueRESTWorker(_ live: VenueLive?, replay: Bool, userAgent: String) -> VenueRESTWorker? {
    guard !replay, let live, let host = live.restHost else { return nil }
    return VenueRESTWorker(adapter: live.adapter, baseURL: host, userAgent: userAgent)
  }

  /// A REST worker for `venue`'s markets list (its instruments and tickers), at its route; nil
  /// for BitMEX (its list is its instrument table), a venue without a route or REST host, and a
  /// replay.
  func otherMarketsWorker(_ venue: InstrumentID.Venue) -> VenueRESTWorker? {
    guard venue != .bitmex, let live = routes?.venues[venue], let host = live.restHost else {
      return nil
    }
    return VenueRESTWorker(adapter: live.adapter, baseURL: host, userAgent: options.userAgent)
  }

  /// Asks `worker` what `effect` needs of the venue's REST (`Effect.venueRESTIntents`).
  static func request(_ effect: Effect, from worker: VenueRESTWorker, wallMs: Int64) {
    for intent in effect.venueRESTIntents(wallMs: wallMs) { worker.request(intent) }
  }
}
