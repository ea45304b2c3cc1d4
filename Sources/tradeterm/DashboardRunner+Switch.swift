import App
import Feed
import MarketModel
import Session
import VenueCore

extension DashboardRunner {
  /// Why this run cannot leave its venue, if it cannot: a replay plays one recording, and
  /// `--record` writes one venue's frames to its file.
  var venueSwitchRefusal: String? {
    if replay != nil || venueReplay != nil || routes == nil { return "a replay plays one recording" }
    if options.recordPath != nil { return "--record keeps to one venue" }
    return nil
  }

  /// Carries out `Effect.openMarket`: stops the feed of the market on screen, starts `id`'s
  /// venue's (BitMEX's, or the venue's adapter at its route) on `id`'s symbol, and gives the app
  /// a fresh session on that venue's book rule. A venue without a route is refused and the
  /// market on screen stays. `liveFeed` is the feed when it is BitMEX's; `rest` the BitMEX REST
  /// worker while the market is BitMEX's (nil on another venue: none of its answers belong
  /// there), `bitmexREST` the one worker that runs across switches; `venueREST` the venue's own
  /// REST worker, replaced by the next venue's (none for BitMEX), which is asked at once for the
  /// instrument's facts and the markets list. Returns what the app answers.
  func switchMarket(
    to id: InstrumentID, _ state: inout AppState, feed: inout any DashboardSource,
    liveFeed: inout MarketFeed?,
    rest: inout RESTWorker?, bitmexREST: RESTWorker?, venueREST: inout VenueRESTWorker?, options: FeedOptions
  ) -> [Effect] {
    if let why = venueSwitchRefusal { return App.update(&state, .marketRefused(id, reason: why)) }
    guard let routes else { return [] }
    var next = options
    next.symbol = id.symbol.description
    next.venue = id.venue
    next.venueName = Venues.displayName(id.venue)
    let source: any DashboardSource
    let session: MarketSession
    var bitmexFeed: MarketFeed?
    var nextLive: VenueLive?
    if id.venue == .bitmex {
      next.webSocketURL = routes.bitmexWebSocket
      let feed = MarketFeed(next)
      (source, bitmexFeed) = (feed, feed)
      session = MarketSession(symbol: id.symbol)
    } else {
      guard let live = routes.venues[id.venue], let url = live.url(symbol: next.symbol) else {
        return App.update(
          &state, .marketRefused(id, reason: "\(Venues.displayName(id.venue)) is not followed here"))
      }
      next.webSocketURL = url
      nextLive = live
      source = Self.venueSource(next, live)
      session = MarketSession(
        symbol: id.symbol, bookPolicy: live.bookPolicy, bookDepth: live.bookDepth, venue: id.venue)
    }
    // The old feed's thread ends before the new one starts: nothing of it reaches the new market.
    feed.stop()
    feed = source
    liveFeed = bitmexFeed
    rest = id.venue == .bitmex ? bitmexREST : nil
    // The old venue's REST answers stop with its worker; the new venue's facts come from its own.
    venueREST?.stop()
    venueREST = Self.venueRESTWorker(nextLive, replay: false, userAgent: next.userAgent)
    venueREST?.start()
    if let venueREST {
      Self.request(.loadStartData(symbol: next.symbol), from: venueREST, wallMs: Self.wallMs())
    }
    source.start()
    logger?.info("switched to \(id) via \(next.webSocketURL)")
    return App.update(&state, .marketOpened(session))
  }
}
