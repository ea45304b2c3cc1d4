import VenueCore

/// A position held on the simulated exchange: what `--demo`'s portfolio shows, so that the
/// portfolio screen has something to value against the simulator's marks from the start.
public struct SimPosition: Sendable, Hashable {
  public var symbol: Symbol
  /// In the instrument's units as a positions file gives them: contracts for an inverse or
  /// quanto contract, the underlying for a linear one (XBT, SOL); negative for a short.
  public var quantity: Double
  /// The entry price.
  public var entry: Double

  public init(symbol: Symbol, quantity: Double, entry: Double) {
    self.symbol = symbol
    self.quantity = quantity
    self.entry = entry
  }

  /// `--demo`'s portfolio on the default listing (`SimInstrument.defaults`): an inverse long, a
  /// quanto short, a linear USDT long and a linear short, entered near the simulator's opening
  /// prices (`startPrice`), each a whole number of its instrument's lots.
  public static let demo: [SimPosition] = [
    SimPosition(symbol: "XBTUSD", quantity: 25_000, entry: 97_500),
    SimPosition(symbol: "ETHUSD", quantity: -300, entry: 3_520),
    SimPosition(symbol: "XBTUSDT", quantity: 0.25, entry: 97_000),
    SimPosition(symbol: "SOLUSDT", quantity: -40, entry: 152),
  ]
}
