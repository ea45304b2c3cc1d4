import NIOCore

extension SimWorld {
  /// Schedules the configured venue pauses (`SimFaults.venuePauses`), from the start.
  func scheduleVenuePauses() {
    let loop = eventLoop.assumeIsolated()
    for pause in faults.current.venuePauses {
      loop.scheduleTask(in: .interval(pause.after)) { [self] in self.pause(venue: pause.venue) }
      loop.scheduleTask(in: .interval(pause.after + pause.duration)) { [self] in resume(venue: pause.venue) }
    }
  }

  /// Stalls every connection of `venue` (as tradeterm names it) now, and each that opens until
  /// `resume`: nothing sent, nothing answered.
  func pause(venue: String) {
    pausedVenues.insert(venue)
    eachDialect(
      of: venue, bitmex: { $0.stall() }, binance: { $0.stall(venue: venue) },
      kraken: { $0.stallAll() }, followers: { $0.stall(venue: venue) })
  }

  /// Ends `venue`'s pause: its stalled connections are closed without a close frame (what they
  /// missed cannot be sent after), so a client reconnects to a fresh snapshot.
  func resume(venue: String) {
    guard pausedVenues.remove(venue) != nil else { return }
    eachDialect(
      of: venue, bitmex: { $0.drop() }, binance: { $0.drop(venue: venue) },
      kraken: { $0.dropAll() }, followers: { $0.drop(venue: venue) })
  }

  /// Runs the body of the dialect that serves `venue`: on each BitMEX session, or on the
  /// dialect itself.
  private func eachDialect(
    of venue: String, bitmex: (SimWebSocketHandler) -> Void, binance: (BinanceDialect) -> Void,
    kraken: (KrakenVenue) -> Void, followers: (FollowerWorld) -> Void
  ) {
    switch venue {
    case "bitmex": for session in sessions.values { bitmex(session) }
    case "binance", "binance-usdm": binance(self.binance)
    case "kraken": kraken(self.kraken)
    default: followers(self.followers)
    }
  }
}
