/// One instrument the simulator lists and trades: its reference data (served by REST
/// `/instrument` and the `instrument` table) and the numbers that shape its market.
public struct SimInstrument: Sendable, Hashable {
  /// How a contract's size relates to money, which decides the trade notionals.
  public enum Kind: String, Sendable, Hashable {
    /// Size in quote currency, settled in the underlying (XBTUSD: 1 contract = 1 USD).
    case inverse
    /// Size in units of `1 / underlyingToPositionMultiplier` of the underlying (SOLUSDT).
    case linear
    /// A fixed multiplier in the settlement currency per price point (ETHUSD).
    case quanto
  }

  public var symbol: String
  public var rootSymbol: String
  public var kind: Kind
  /// BitMEX's instrument type code: `FFWCSX` for a perpetual swap.
  public var typ: String
  public var underlying: String
  public var quoteCurrency: String
  public var positionCurrency: String
  /// Settlement currency as BitMEX spells it (`XBt`, `USDt`).
  public var settlCurrency: String
  public var referenceSymbol: String
  public var tickSize: Double
  /// Sizes are multiples of this (contracts).
  public var lotSize: Int64
  public var multiplier: Double
  public var underlyingToPositionMultiplier: Double?
  /// Where the market starts.
  public var startPrice: Double
  /// The median resting size of a level, in lots.
  public var levelLots: Double
  /// The median trade size, in lots.
  public var tradeLots: Double
  /// Standard deviation of the fair price per market step, as a fraction of the price.
  public var volatility: Double
  /// When a dated future expires (ms since the Unix epoch); nil for perpetuals and spot.
  public var expiryMs: Int64? = nil
  /// Typical 24-hour volume in USD (used by the universe's ticker-only instruments).
  public var usdVolume24h: Double = 0

  public init(
    symbol: String, rootSymbol: String, kind: Kind, typ: String = "FFWCSX", underlying: String,
    quoteCurrency: String, positionCurrency: String, settlCurrency: String, referenceSymbol: String,
    tickSize: Double, lotSize: Int64, multiplier: Double, underlyingToPositionMultiplier: Double? = nil,
    startPrice: Double, levelLots: Double = 30, tradeLots: Double = 4, volatility: Double = 1.2e-5
  ) {
    self.symbol = symbol
    self.rootSymbol = rootSymbol
    self.kind = kind
    self.typ = typ
    self.underlying = underlying
    self.quoteCurrency = quoteCurrency
    self.positionCurrency = positionCurrency
    self.settlCurrency = settlCurrency
    self.referenceSymbol = referenceSymbol
    self.tickSize = tickSize
    self.lotSize = lotSize
    self.multiplier = multiplier
    self.underlyingToPositionMultiplier = underlyingToPositionMultiplier
    self.startPrice = startPrice
    self.levelLots = levelLots
    self.tradeLots = tradeLots
    self.volatility = volatility
  }

  /// Whether settlement is in a Bitcoin unit (prices notionals in satoshis).
  var settlesInBitcoin: Bool { settlCurrency == "XBt" }

  /// Whether the instrument is a perpetual swap (`FFWCSX`), the only kind that funds.
  public var isPerpetual: Bool { typ == "FFWCSX" }

  /// Whether the instrument is spot (`IFXXXP`): no mark, funding or open interest.
  public var isSpot: Bool { typ == "IFXXXP" }

  /// Whether the instrument is an index (`MR…`): a published price, not traded.
  public var isIndex: Bool { typ.hasPrefix("MR") }

  // MARK: The default listing

  public static let xbtusd = SimInstrument(
    symbol: "XBTUSD", rootSymbol: "XBT", kind: .inverse, underlying: "XBT", quoteCurrency: "USD",
    positionCurrency: "USD", settlCurrency: "XBt", referenceSymbol: ".BXBT", tickSize: 0.1, lotSize: 100,
    multiplier: -100_000_000, startPrice: 98_000)

  public static let ethusd = SimInstrument(
    symbol: "ETHUSD", rootSymbol: "ETH", kind: .quanto, underlying: "ETH", quoteCurrency: "USD",
    positionCurrency: "", settlCurrency: "XBt", referenceSymbol: ".BETH", tickSize: 0.05, lotSize: 1,
    multiplier: 100, startPrice: 3_500, levelLots: 40, tradeLots: 8)

  public static let solusdt = SimInstrument(
    symbol: "SOLUSDT", rootSymbol: "SOL", kind: .linear, underlying: "SOL", quoteCurrency: "USDT",
    positionCurrency: "SOL", settlCurrency: "USDt", referenceSymbol: ".BSOLT", tickSize: 0.001,
    lotSize: 1_000, multiplier: 100, underlyingToPositionMultiplier: 10_000, startPrice: 150)

  public static let xbtusdt = SimInstrument(
    symbol: "XBTUSDT", rootSymbol: "XBT", kind: .linear, underlying: "XBT", quoteCurrency: "USDT",
    positionCurrency: "XBT", settlCurrency: "USDt", referenceSymbol: ".BXBTT", tickSize: 0.5, lotSize: 1_000,
    multiplier: 1, underlyingToPositionMultiplier: 1_000_000, startPrice: 98_010)

  public static let ethusdt = SimInstrument(
    symbol: "ETHUSDT", rootSymbol: "ETH", kind: .linear, underlying: "ETH", quoteCurrency: "USDT",
    positionCurrency: "ETH", settlCurrency: "USDt", referenceSymbol: ".BETHT", tickSize: 0.05,
    lotSize: 1_000, multiplier: 1, underlyingToPositionMultiplier: 1_000_000, startPrice: 3_501)

  public static let xrpusdt = SimInstrument(
    symbol: "XRPUSDT", rootSymbol: "XRP", kind: .linear, underlying: "XRP", quoteCurrency: "USDT",
    positionCurrency: "XRP", settlCurrency: "USDt", referenceSymbol: ".BXRPT", tickSize: 0.0001,
    lotSize: 1_000, multiplier: 10_000, underlyingToPositionMultiplier: 100, startPrice: 2.3)

  public static let dogeusdt = SimInstrument(
    symbol: "DOGEUSDT", rootSymbol: "DOGE", kind: .linear, underlying: "DOGE", quoteCurrency: "USDT",
    positionCurrency: "DOGE", settlCurrency: "USDt", referenceSymbol: ".BDOGET", tickSize: 0.00001,
    lotSize: 1_000, multiplier: 10_000, underlyingToPositionMultiplier: 100, startPrice: 0.35)

  public static let linkusdt = SimInstrument(
    symbol: "LINKUSDT", rootSymbol: "LINK", kind: .linear, underlying: "LINK", quoteCurrency: "USDT",
    positionCurrency: "LINK", settlCurrency: "USDt", referenceSymbol: ".BLINKT", tickSize: 0.001,
    lotSize: 1_000, multiplier: 1_000, underlyingToPositionMultiplier: 1_000, startPrice: 22)

  /// XBTUSD, ETHUSD, SOLUSDT, XBTUSDT, ETHUSDT, XRPUSDT, DOGEUSDT, LINKUSDT.
  public static let defaults: [SimInstrument] = [
    xbtusd, ethusd, solusdt, xbtusdt, ethusdt, xrpusdt, dogeusdt, linkusdt,
  ]
}
