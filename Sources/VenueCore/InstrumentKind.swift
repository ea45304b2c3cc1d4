/// What kind of market an instrument is, in every venue's terms.
public enum InstrumentKind: Sendable, Hashable, CustomStringConvertible {
  case spot
  /// A perpetual swap valued in its quote currency (Binance USDⓈ-M, Bybit linear, OKX `-USDT-SWAP`,
  /// BitMEX's USDT-settled swaps).
  case linearPerpetual
  /// A perpetual swap valued in its base asset, sized in the quote currency (BitMEX's BTC/USD
  /// swap, Bybit inverse, OKX `-USD-SWAP`).
  case inversePerpetual
  /// A perpetual settled in a third currency at a fixed rate per point of price (BitMEX ETHUSD).
  case quantoPerpetual
  /// A dated future expiring at `expiryMs` (ms since the Unix epoch) when known.
  case future(expiryMs: Int64?)
  /// A published price, not traded (BitMEX `.BXBT`).
  case index
  /// Options and whatever else.
  case other

  /// Whether the market funds (perpetuals).
  public var funds: Bool {
    switch self {
    case .linearPerpetual, .inversePerpetual, .quantoPerpetual: true
    default: false
    }
  }

  public var description: String {
    switch self {
    case .spot: "spot"
    case .linearPerpetual: "linear perpetual"
    case .inversePerpetual: "inverse perpetual"
    case .quantoPerpetual: "quanto perpetual"
    case .future: "future"
    case .index: "index"
    case .other: "other"
    }
  }
}
