/// A channel of the Kraken dialect, by its wire name.
enum KrakenChannel: String, Sendable, Hashable, CaseIterable {
  case book, trade, ticker, instrument, heartbeat

  /// The name `SimStats.framesSent` counts its frames under.
  var kind: String { "kraken-" + rawValue }
}
