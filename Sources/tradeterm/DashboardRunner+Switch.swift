import App
import Feed
import MarketModel
import Session
import VenueCore

extension DashboardRunner {
  /// Why this run cannot leave its venue, if it cannot: a replay plays one recording, and
  /// `--record` writes one venue's frames to its file.
  var venueSwitchRefusal: String? {
    if replay != nil || routes == nil { return "a replay plays one recording" }
    if options.recordPath != nil { return "--record keeps to one venue" }
    return nil
  }

  /// Carries out `Effect.openMarket`: stops the feed of the market on screen, starts `id`'s
  /// venue's (BitMEX's, or the venue's adapter at its route) on `id`'s symbol, and gives the app
  /// a fresh session on that venue's book rule. A venue without a route is refused and the
  /// market on screen stays. `liveFeed` is the feed when it is BitMEX's; `rest` the BitMEX REST
  /// worker while the market is BitMEX's (nil on another venue: none of its answers belong
  /// there), `bitmexREST` the one worker that runs across switches. Returns what the app answers.
  func switchMarket(
    to id: InstrumentID, _ state: inout AppState, feed: inout any DashboardSource,
    liveFeed: inout MarketFeed?,
    rest: inout RESTWorker?, bitmexREST: RESTWorker?, options: FeedOptions
  ) -> [Effect] {
    if let why = venueSwitchRefusal { return App.update(&state, .marketRefused(id, reason: why)) }
    guard let routes else { return [] }
    var next = options
    next.symbol = id.symbol.description
    next.venue = id.venue.core
    let source: any DashboardSource
    let session: MarketSession
    var bitmexFeed: MarketFeed?
    if id.venue == .bitmex {
      next.webSocketURL = routes.bitmexWebSocket
      let feed = MarketFeed(next)
      (source, bitmexFeed) = (feed, feed)
      session = MarketSession(symbol: id.symbol)
    } else {
      guard let live = routes.venues[id.venue.core], let url = live.url(symbol: next.symbol) else {
        return App.update(
          &state, .marketRefused(id, reason: "\(id.venue.core.displayName) is not followed here"))
      }
      next.webSocketURL = url
      source = Self.venueSource(next, live)
      session = MarketSession(
        symbol: id.symbol, bookPolicy: live.bookPolicy, bookDepth: live.bookDepth, venue: id.venue)
    }
    // The old feed's thread ends before the new one starts: nothing of it reaches the new market.
    feed.stop()
    feed = source
    liveFeed = bitmexFeed
    rest = id.venue == .bitmex ? bitmexREST : nil
    source.start()
    logger?.info("switched to \(id) via \(next.webSocketURL)")
    return App.update(&state, .marketOpened(session))
  }
}
