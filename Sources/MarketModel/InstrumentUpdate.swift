/// The fields of an instrument row that tradeterm uses. Every field but `symbol` is
/// optional: an `update` row carries only what changed.
public struct InstrumentUpdate: Sendable, Hashable {
  public var symbol: Symbol
  public var state: String?
  public var typ: String?
  public var underlying: String?
  public var quoteCurrency: String?
  public var settlCurrency: String?
  public var tickSize: Double?
  public var lotSize: Double?
  public var multiplier: Double?
  public var underlyingToPositionMultiplier: Double?
  public var isInverse: Bool?
  public var lastPrice: Double?
  public var lastTickDirection: TickDirection?
  public var lastChangePcnt: Double?
  public var prevPrice24h: Double?
  public var markPrice: Double?
  public var indicativeSettlePrice: Double?
  public var fundingRate: Double?
  public var indicativeFundingRate: Double?
  public var fundingTimeMs: Int64?
  public var volume24h: Double?
  public var turnover24h: Double?
  public var openInterest: Double?
  public var highPrice: Double?
  public var lowPrice: Double?
  public var bidPrice: Double?
  public var askPrice: Double?
  public var timeMs: Int64?

  public init(symbol: Symbol) {
    self.symbol = symbol
  }
}
