import App
import MarketModel
import Screen
import Trading
import VenueCore

/// Which screen the dashboard opens on.
public enum StartScreen: String, Sendable, Hashable, CaseIterable {
  case dashboard
  case markets
}

/// Everything the config file can set, with the defaults for what it leaves out. A pure value:
/// `ConfigLoader` makes one from text; command-line flags override it field by field.
public struct Settings: Sendable {
  /// `venue`: the venue a bare symbol means (`tradeterm BTC/USD`, and `symbol` here); a `venue:`
  /// prefix or `--venue` on the command line wins over it.
  public var venue = Venue.bitmex
  /// `symbol`: the instrument the dashboard opens on, on `venue`; nil when the file names none.
  public var configuredSymbol: String?
  /// Each venue's default instrument, from the venues' registrations (`VenueAbout.defaultSymbol`,
  /// filled in by the executable, which registers the adapters): empty, no venue has one.
  public var venueDefaults: [Venue: String] = [:]
  /// Each registered venue's name as people know it (`VenueAbout.displayName`), as the executable
  /// registers them: what `toml` says of a venue (a venue not here by its name).
  public var venueNames: [Venue: String] = [:]
  /// The symbol a run without one opens on: the file's, else the venue's default (BitMEX's is its
  /// Bitcoin perpetual; a venue without one: nil, and the run asks which).
  public var symbol: String? { configuredSymbol ?? venueDefaults[venue] }
  /// `25` (BitMEX's top-25 book table) or `full`.
  public var depth = "25"
  /// `fps`: the most frames the dashboard draws a second while only the market moves (a key is
  /// drawn at once); the depth alone is drawn at half of it (`FramePacer`).
  public var fps = 10
  /// `[across] fps`: the most frames the cross-venue screen draws a second while only the market
  /// moves (a key is answered at once): nine books change hundreds of times a second there, and
  /// each frame redraws the merged book, the matrix and the tape.
  /// `--fps` sets both.
  public var acrossFps = 20
  public var startScreen = StartScreen.dashboard
  public var confirmQuit = false
  /// The size from which a trade is large (drawn bold), per symbol; others use the tape's 95th
  /// percentile.
  public var largeTrade: [String: Int64] = [:]
  /// Starred symbols, added to the favourites file's.
  public var favourites: [String] = []
  /// The theme in force (a built-in with the config's colours over it).
  public var theme = Theme.dark
  /// The config's `[keys]` table: command name to keys.
  public var keys: [String: [Key]] = [:]
  public var alerts: [AlertRule] = []
  public var positions: [HeldPosition] = []
  public var logFile: String?
  public var logLevel = "info"
  /// `[across.ASSET] instruments = [...]`: the instruments `--across ASSET` follows instead of its
  /// default choice, by asset (`BTC`).
  public var acrossInstruments: [AssetCode: [InstrumentKey]] = [:]
  /// `[across] stablecoins-at-par`: USD, USDT and USDC merged as one quote on the cross-venue
  /// screen (it says so).
  public var stablecoinsAtPar = false
  /// `[fees]`: a venue's taker fee in percent (`binance = 0.10`), for the spread matrix after fees.
  public var takerFeePercent: [Venue: FixedDecimal] = [:]

  public init() {}

  /// The log levels `log-level` takes (swift-log's).
  public static let logLevels = ["trace", "debug", "info", "notice", "warning", "error", "critical"]
  public static let depths = ["25", "full"]
  public static let fpsRange = 1...120
}
