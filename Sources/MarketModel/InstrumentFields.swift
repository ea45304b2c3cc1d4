/// What BitMEX says about an instrument, field by field, each nil until a row carries it.
///
/// An `InstrumentUpdate` (one row) and an `Instrument` (the rows merged) both hold one; they
/// show its fields as their own (`instrument.markPrice`). A field is added here in three
/// lines: its declaration, its entry in `all`, which names its key on the wire, its kind (how
/// the decoder reads it) and whether it is a fixed fact of the contract, and its line in
/// `take` (InstrumentFields+Merge.swift: merging without key paths, which the tests hold to
/// `all`). Decoding goes by `all`.
public struct InstrumentFields: Sendable, Hashable {
  // MARK: The contract

  /// The instrument type code (`FFWCSX` perpetual, `FFCCSX` future, `IFXXXP` spot, `MRCXXX` index…).
  public var typ: String?
  /// The family (`XBT` for Bitcoin's swap and its futures).
  public var rootSymbol: String?
  public var underlying: String?
  public var quoteCurrency: String?
  /// What a position is counted in (`USD` for an inverse BTC/USD swap; empty for quanto contracts).
  public var positionCurrency: String?
  /// What profit and margin are paid in, the code as the venue sends it.
  public var settlCurrency: String?
  /// The same currency with its scale, as the venue's adapter reads the code; nil when the code
  /// is unknown (see `settle(_:)`).
  public var settlement: SettlementCurrency?
  /// When a future expires, milliseconds since the Unix epoch; nil for a perpetual.
  public var expiryMs: Int64?
  /// The price increment; it changes over time, so always take it from the feed.
  public var tickSize: Double?
  /// The size increment, in contracts.
  public var lotSize: Double?
  /// The largest order, in contracts.
  public var maxOrderQty: Double?
  /// Settlement currency units per contract per unit of price (negative for inverse contracts).
  public var multiplier: Double?
  public var underlyingToPositionMultiplier: Double?
  public var underlyingToSettleMultiplier: Double?
  public var quoteToSettleMultiplier: Double?
  /// Whether the contract is inverse (valued in the underlying, priced in the quote currency).
  public var isInverse: Bool?
  /// Whether the contract is quanto (settled in a third currency at a fixed rate).
  public var isQuanto: Bool?
  /// The taker fee, as a fraction of the value traded.
  public var takerFee: Double?
  /// The maker fee, as a fraction of the value traded; negative is a rebate.
  public var makerFee: Double?

  // MARK: The market

  /// `Open`, `Closed`, `Unlisted`, `Settled`…
  public var state: String?
  public var lastPrice: Double?
  public var lastTickDirection: TickDirection?
  /// The 24-hour change as a fraction (0.0123 = +1.23 %), as BitMEX sends it.
  public var lastChangePcnt: Double?
  public var prevPrice24h: Double?
  public var markPrice: Double?
  /// The index (settlement reference) price.
  public var indicativeSettlePrice: Double?
  /// The current funding rate, as a fraction per funding interval.
  public var fundingRate: Double?
  /// The predicted next funding rate, as a fraction per funding interval.
  public var indicativeFundingRate: Double?
  /// When the next funding happens, milliseconds since the Unix epoch.
  public var fundingTimeMs: Int64?
  /// Contracts traded in 24 hours.
  public var volume24h: Double?
  /// Settlement currency units traded in 24 hours.
  public var turnover24h: Double?
  /// The 24-hour volume in the position's home currency (the underlying).
  public var homeNotional24h: Double?
  /// The 24-hour volume in the quote currency.
  public var foreignNotional24h: Double?
  public var openInterest: Double?
  /// The 24-hour high.
  public var highPrice: Double?
  /// The 24-hour low.
  public var lowPrice: Double?
  /// The 24-hour volume-weighted average price.
  public var vwap: Double?
  /// Best bid on BitMEX's 5 s instrument timer; use `quote` for a live BBO.
  public var bidPrice: Double?
  /// Best ask on BitMEX's 5 s instrument timer; use `quote` for a live BBO.
  public var askPrice: Double?
  /// The time of the row (for a merged instrument, of the last row that carried one).
  public var timeMs: Int64?

  /// No field known.
  public init() {}

  /// Sets the settlement currency: its code as sent and its scale together.
  public mutating func settle(_ currency: SettlementCurrency) {
    settlCurrency = currency.code
    settlement = currency
  }

  /// Every field: its key on the wire, where it is kept, and whether it is a fixed fact
  /// of the contract (kept by a new image that lacks it: see `fillStaticFacts(from:)`).
  public static let all: [InstrumentField] = [
    InstrumentField("typ", .text(\.typ), staticFact: true),
    InstrumentField("rootSymbol", .text(\.rootSymbol), staticFact: true),
    InstrumentField("underlying", .text(\.underlying), staticFact: true),
    InstrumentField("quoteCurrency", .text(\.quoteCurrency), staticFact: true),
    InstrumentField("positionCurrency", .text(\.positionCurrency), staticFact: true),
    InstrumentField(
      "settlCurrency", .settlement(code: \.settlCurrency, currency: \.settlement), staticFact: true),
    InstrumentField("expiry", .time(\.expiryMs), staticFact: true),
    InstrumentField("tickSize", .number(\.tickSize), staticFact: true),
    InstrumentField("lotSize", .number(\.lotSize), staticFact: true),
    InstrumentField("maxOrderQty", .number(\.maxOrderQty), staticFact: true),
    InstrumentField("multiplier", .number(\.multiplier), staticFact: true),
    InstrumentField(
      "underlyingToPositionMultiplier", .number(\.underlyingToPositionMultiplier), staticFact: true),
    InstrumentField(
      "underlyingToSettleMultiplier", .number(\.underlyingToSettleMultiplier), staticFact: true),
    InstrumentField("quoteToSettleMultiplier", .number(\.quoteToSettleMultiplier), staticFact: true),
    InstrumentField("isInverse", .flag(\.isInverse), staticFact: true),
    InstrumentField("isQuanto", .flag(\.isQuanto), staticFact: true),
    InstrumentField("takerFee", .number(\.takerFee), staticFact: true),
    InstrumentField("makerFee", .number(\.makerFee), staticFact: true),
    InstrumentField("state", .text(\.state)),
    InstrumentField("lastPrice", .number(\.lastPrice)),
    InstrumentField("lastTickDirection", .tickDirection(\.lastTickDirection)),
    InstrumentField("lastChangePcnt", .number(\.lastChangePcnt)),
    InstrumentField("prevPrice24h", .number(\.prevPrice24h)),
    InstrumentField("markPrice", .number(\.markPrice)),
    InstrumentField("indicativeSettlePrice", .number(\.indicativeSettlePrice)),
    InstrumentField("fundingRate", .number(\.fundingRate)),
    InstrumentField("indicativeFundingRate", .number(\.indicativeFundingRate)),
    InstrumentField("fundingTimestamp", .time(\.fundingTimeMs)),
    InstrumentField("volume24h", .number(\.volume24h)),
    InstrumentField("turnover24h", .number(\.turnover24h)),
    InstrumentField("homeNotional24h", .number(\.homeNotional24h)),
    InstrumentField("foreignNotional24h", .number(\.foreignNotional24h)),
    InstrumentField("openInterest", .number(\.openInterest)),
    InstrumentField("highPrice", .number(\.highPrice)),
    InstrumentField("lowPrice", .number(\.lowPrice)),
    InstrumentField("vwap", .number(\.vwap)),
    InstrumentField("bidPrice", .number(\.bidPrice)),
    InstrumentField("askPrice", .number(\.askPrice)),
    InstrumentField("timestamp", .time(\.timeMs)),
  ]
}
