import MarketModel
import VenueCore

extension AppState {
  /// The state a run's first frame draws, from what the run starts with (`AppStart`).
  public init(start: AppStart) {
    self.init(
      symbol: start.symbol, mode: start.mode, width: start.width, height: start.height, ascii: start.ascii,
      color: start.color)
    if let session = start.session { self.session = session }
    // The start data asks for the 1 m and 5 m candles (the line chart's history).
    if start.asksStartData { view.candlesRequested = App.startCandlesAsked(self) }
    followableVenues = start.followableVenues
    venues = start.venues
    venuesReopenedPerSymbol = start.venuesReopenedPerSymbol
    venuesTickingEveryInstrument = start.venuesTickingEveryInstrument
    venueSwitchRefusal = start.venueSwitchRefusal
    acrossRefusal = start.acrossRefusal
    utcOffsetMinutes = start.utcOffsetMinutes
    recording = start.recording
    screen = start.screen
    portfolio.held = start.held
    portfolio.fileName = start.positionsName
    keys = KeyBindings(overrides: start.keyOverrides)
    dashboardHints = DashboardHints(keys)
    confirmQuit = start.confirmQuit
    largeTradeSizes = start.largeTradeSizes
    markets.favourites = start.favourites
    markets.venueOrder = start.venueOrder
    for text in start.configFavourites {
      guard case .success(let key) = InstrumentKey.parse(text) else { continue }
      let id = InstrumentID(venue: key.venue, symbol: key.symbol)
      if !markets.favourites.contains(id) { markets.favourites.append(id) }
    }
    for rule in start.configAlerts { alerts.add(rule, fromConfig: true) }
    wallThresholds = start.wallSizes
    view.walls.fixedThreshold = start.wallSizes[market.symbol]
  }
}
