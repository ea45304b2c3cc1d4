import App
import Feed
import MarketModel
import Session
import VenueCore

extension DashboardRunner {
  /// Carries out `Effect.openSplit`: the split view's second instrument followed on a feed of its
  /// own beside the dashboard's — BitMEX's, or its venue's adapter at its route (the demo's
  /// simulator in a demo) —, as a venue switch makes one (`switchMarket`) but without stopping the
  /// market on screen, and never recording (`--record` writes the market on screen's frames).
  /// Returns the feed, started, and what the app answers: a fresh session on the venue's book
  /// rule (`AppEvent.splitOpened`), or why not (`.marketRefused`).
  func openSplit(
    _ id: InstrumentID, _ state: inout AppState, options: FeedOptions
  ) -> (
    feed: (any DashboardSource)?, effects: [Effect]
  ) {
    guard let routes else {
      return (nil, App.update(&state, .marketRefused(id, reason: "a replay plays one recording")))
    }
    var next = options
    next.symbol = id.symbol.description
    next.venue = id.venue
    next.venueName = Venues.displayName(id.venue)
    next.recordPath = nil
    next.recordArrivals = false
    let source: any DashboardSource
    let session: MarketSession
    if id.venue == .bitmex {
      next.webSocketURL = routes.bitmexWebSocket
      // The book 25 deep unless the run asked for the full one: a second book is for its top.
      source = MarketFeed(next)
      session = MarketSession(symbol: id.symbol)
    } else {
      guard let live = routes.venues[id.venue], let url = live.url(symbol: next.symbol) else {
        return (
          nil,
          App.update(
            &state, .marketRefused(id, reason: "\(Venues.displayName(id.venue)) is not followed here"))
        )
      }
      next.webSocketURL = url
      source = Self.venueSource(next, live)
      session = MarketSession(
        symbol: id.symbol, bookPolicy: live.bookPolicy, bookDepth: live.bookDepth, venue: id.venue)
    }
    source.start()
    logger?.info("split view: \(id) via \(next.webSocketURL)")
    return (source, App.update(&state, .splitOpened(id, session)))
  }

  /// Carries out `Effect.swapSplit`: the split view's second feed becomes the dashboard's and the
  /// dashboard's the second (neither stops: both books stay live through the swap). The REST
  /// workers follow the market on screen: BitMEX's answers while it is BitMEX's, else the new
  /// venue's own worker (started here and asked for the instrument's facts). The markets list's
  /// tickers, which the old feed watched, are let go on it. Returns what the app answers.
  func swapSplit(
    _ state: inout AppState, feed: inout any DashboardSource, splitFeed: inout (any DashboardSource)?,
    liveFeed: inout MarketFeed?, rest: inout RESTWorker?, bitmexREST: RESTWorker?,
    venueREST: inout VenueRESTWorker?
  ) -> [Effect] {
    guard let second = splitFeed, let id = state.split?.id else { return [] }
    feed.post(.watchTickers([]))
    splitFeed = feed
    feed = second
    liveFeed = second as? MarketFeed
    rest = id.venue == .bitmex ? bitmexREST : nil
    venueREST?.stop()
    venueREST = Self.venueRESTWorker(
      id.venue == .bitmex ? nil : routes?.venues[id.venue], replay: false, userAgent: options.userAgent)
    venueREST?.start()
    if let venueREST {
      Self.request(.loadStartData(symbol: id.symbol.description), from: venueREST, wallMs: Self.wallMs())
    }
    logger?.info("split view: \(id) on screen")
    return App.update(&state, .splitSwapped)
  }
}
