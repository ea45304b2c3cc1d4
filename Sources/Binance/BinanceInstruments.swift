import VenueCore
import WireJSON

/// Binance's instrument facts → `InstrumentSpec`s: an element of `exchangeInfo.symbols` (spot
/// `/api/v3/exchangeInfo`, USDⓈ-M `/fapi/v1/exchangeInfo`): tick from `PRICE_FILTER`, lot and
/// minimum from `LOT_SIZE`, the kind from `contractType`. Sizes are in the base asset on both
/// markets.
public enum BinanceInstruments {
  public struct RowError: Error, Sendable, Hashable, CustomStringConvertible {
    public var symbol: String
    public var reason: String
    public var description: String { "\(symbol): \(reason)" }
  }

  /// Every element of an `exchangeInfo` body's `symbols`, and the rows that could not be read.
  public static func specs(
    exchangeInfo: WireValue, market: BinanceMarket
  ) -> (
    specs: [InstrumentSpec], errors: [RowError]
  ) {
    var specs: [InstrumentSpec] = []
    var errors: [RowError] = []
    for row in exchangeInfo["symbols"]?.array ?? [] {
      switch spec(row: row, market: market) {
      case .success(let s): specs.append(s)
      case .failure(let e): errors.append(e)
      }
    }
    return (specs, errors)
  }

  /// One element of `symbols`.
  public static func spec(row: WireValue, market: BinanceMarket) -> Result<InstrumentSpec, RowError> {
    let name = row["symbol"]?.text ?? "?"
    func fail(_ reason: String) -> Result<InstrumentSpec, RowError> {
      .failure(RowError(symbol: name, reason: reason))
    }
    guard let symbol = Symbol(name), !symbol.isEmpty else { return fail("no symbol") }
    guard let b = row["baseAsset"]?.text, let base = AssetCode(b), let q = row["quoteAsset"]?.text,
      let quote = AssetCode(q)
    else { return fail("no baseAsset or quoteAsset") }
    let filters = row["filters"]?.array ?? []
    func filter(_ type: String, _ field: String) -> FixedDecimal? {
      filters.first { $0["filterType"]?.text == type }?[field]?.text.flatMap(FixedDecimal.init)
    }
    guard let tick = filter("PRICE_FILTER", "tickSize"), tick.mantissa > 0 else {
      return fail("no PRICE_FILTER tickSize")
    }
    guard let lot = filter("LOT_SIZE", "stepSize"), lot.mantissa > 0 else {
      return fail("no LOT_SIZE stepSize")
    }
    let kind: InstrumentKind
    var settle = quote
    switch market {
    case .spot:
      kind = .spot
    case .usdm:
      if let m = row["marginAsset"]?.text, let margin = AssetCode(m) { settle = margin }
      switch row["contractType"]?.text {
      case "PERPETUAL"?: kind = .linearPerpetual
      case let t? where !t.isEmpty:
        kind = .future(expiryMs: row["deliveryDate"]?.text.flatMap { Int64($0) })
      default: kind = .linearPerpetual
      }
    }
    let venue: Venue = market == .spot ? .binance : .binanceUSDM
    return .success(
      InstrumentSpec(
        key: InstrumentKey(venue: venue, symbol: symbol), kind: kind, base: base, quote: quote,
        settle: settle,
        tickSize: tick, lotSize: lot, minSize: filter("LOT_SIZE", "minQty"), contract: .base))
  }
}
