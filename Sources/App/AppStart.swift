import MarketModel
import Screen
import Session
import Trading
import VenueCore

/// What a dashboard run starts from, as the executable gathered it: the command line's and the
/// config's choices, and what the favourites and positions files held. `AppState(start:)` makes
/// the state the first frame draws from it (the journal, the alerts file and the first tick then
/// come as events), so that how a run starts is tested here, not only by spawning the binary.
public struct AppStart: Sendable {
  public var symbol: Symbol
  public var mode: RunMode
  public var width: Int
  public var height: Int
  public var ascii: Bool
  public var color: Bool
  /// Another venue's session, fresh on its book rule; nil: a BitMEX session of `symbol`.
  public var session: MarketSession?
  /// A REST worker asks for the start data, whose 1 m and 5 m candles are the line chart's
  /// history (`App.startCandlesAsked`).
  public var asksStartData = false
  /// `AppState.followableVenues`, `.venuesReopenedPerSymbol`, `.venueSwitchRefusal`,
  /// `.acrossRefusal`: where the run's routes can take the dashboard.
  public var followableVenues: Set<InstrumentID.Venue> = []
  /// `AppState.venues`: every registered venue's `VenueAbout`.
  public var venues: [InstrumentID.Venue: VenueAbout] = [:]
  /// `MarketsState.venueOrder`: the registered venues in the registration's order.
  public var venueOrder: [InstrumentID.Venue] = []
  public var venuesReopenedPerSymbol: Set<InstrumentID.Venue> = []
  /// `AppState.venuesTickingEveryInstrument`.
  public var venuesTickingEveryInstrument: Set<InstrumentID.Venue> = []
  public var venueSwitchRefusal: String?
  public var acrossRefusal: String?
  /// The offset of the times of day on the tape (0 with `--utc`).
  public var utcOffsetMinutes = 0
  /// `--record` writes the feed's frames.
  public var recording = false
  /// The screen the run opens on (`--markets`, `--portfolio`, the config's `start-screen`).
  public var screen = AppScreen.dashboard
  /// The favourites file's list, in its order.
  public var favourites: [InstrumentID] = []
  /// The config's favourites (`venue:SYMBOL`, or a bare symbol: BitMEX's), added after the file's.
  public var configFavourites: [String] = []
  /// The positions held (`--positions FILE`, the config's, or the demo's) and the file's name.
  public var held: [HeldPosition] = []
  public var positionsName: String?
  /// The config's `[keys]`: command name to keys, over the keymap's defaults.
  public var keyOverrides: [String: [Key]] = [:]
  public var confirmQuit = false
  /// The config's large-trade sizes, by symbol.
  public var largeTradeSizes: [String: Int64] = [:]
  /// The config's alerts (kept there: the `A` list marks them, the alerts file does not hold them).
  public var configAlerts: [AlertRule] = []
  /// The wall thresholds the user set (`--wall-size`), by symbol.
  public var wallSizes: [Symbol: Int64] = [:]

  public init(symbol: Symbol, mode: RunMode, width: Int, height: Int, ascii: Bool, color: Bool) {
    self.symbol = symbol
    self.mode = mode
    self.width = width
    self.height = height
    self.ascii = ascii
    self.color = color
  }
}
