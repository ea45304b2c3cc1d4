import VenueCore
import WireJSON

/// Bybit v5's instrument facts → `InstrumentSpec`s: an element of REST
/// `/v5/market/instruments-info?category=…`'s `result.list`. Tick from `priceFilter.tickSize`;
/// lot from `lotSizeFilter.qtyStep` (spot: `basePrecision`), minimum `minOrderQty`. Spot and
/// linear sizes are in the base asset; inverse sizes are contracts of 1 USD each.
public enum BybitInstruments {
  public struct RowError: Error, Sendable, Hashable, CustomStringConvertible {
    public var symbol: String
    public var reason: String
    public var description: String { "\(symbol): \(reason)" }
  }

  /// Every element of an instruments-info body's `result.list`, and the rows that could not be
  /// read; a refusal (`retCode` not 0) is one error for the body.
  public static func specs(
    instrumentsInfo body: WireValue, category: BybitCategory
  ) -> (specs: [InstrumentSpec], errors: [RowError]) {
    if let code = body["retCode"]?.text, code != "0" {
      return ([], [RowError(symbol: "(body)", reason: "retCode \(code): \(body["retMsg"]?.text ?? "")")])
    }
    guard let rows = body["result"]?["list"]?.array else {
      return ([], [RowError(symbol: "(body)", reason: "no result.list")])
    }
    var specs: [InstrumentSpec] = []
    var errors: [RowError] = []
    for row in rows {
      switch spec(row: row, category: category) {
      case .success(let s): specs.append(s)
      case .failure(let e): errors.append(e)
      }
    }
    return (specs, errors)
  }

  /// One element of `result.list`.
  public static func spec(row: WireValue, category: BybitCategory) -> Result<InstrumentSpec, RowError> {
    let name = row["symbol"]?.text ?? "?"
    func fail(_ reason: String) -> Result<InstrumentSpec, RowError> {
      .failure(RowError(symbol: name, reason: reason))
    }
    func positive(_ value: WireValue?) -> FixedDecimal? {
      value?.text.flatMap(FixedDecimal.init).flatMap { $0.mantissa > 0 ? $0 : nil }
    }
    guard let symbol = Symbol(name), !symbol.isEmpty else { return fail("no symbol") }
    guard let base = row["baseCoin"]?.text.flatMap(AssetCode.init),
      let quote = row["quoteCoin"]?.text.flatMap(AssetCode.init)
    else { return fail("no baseCoin or quoteCoin") }
    guard let tick = positive(row["priceFilter"]?["tickSize"]) else { return fail("no priceFilter.tickSize") }
    let lots = row["lotSizeFilter"]
    let step = category == .spot ? lots?["basePrecision"] : lots?["qtyStep"]
    guard let lot = positive(step) else {
      return fail(category == .spot ? "no lotSizeFilter.basePrecision" : "no lotSizeFilter.qtyStep")
    }
    let minSize = lots?["minOrderQty"]?.text.flatMap(FixedDecimal.init)
    let settle = row["settleCoin"]?.text.flatMap { $0.isEmpty ? nil : AssetCode($0) } ?? quote
    let key = InstrumentKey(venue: category.venue, symbol: symbol)
    if category == .spot {
      return .success(
        InstrumentSpec(
          key: key, kind: .spot, base: base, quote: quote, settle: quote, tickSize: tick, lotSize: lot,
          minSize: minSize, contract: .base))
    }
    let kind: InstrumentKind
    let contract: ContractDescriptor
    switch (category, row["contractType"]?.text) {
    case (.linear, "LinearPerpetual"?):
      (kind, contract) = (.linearPerpetual, .base)
    case (.linear, "LinearFutures"?):
      (kind, contract) = (.future(expiryMs: expiry(row)), .base)
    case (.inverse, "InversePerpetual"?):
      (kind, contract) = (.inversePerpetual, .inverse(value: Self.inverseContractUSD))
    case (.inverse, "InverseFutures"?):
      (kind, contract) = (.future(expiryMs: expiry(row)), .inverse(value: Self.inverseContractUSD))
    case (_, let type):
      return fail("contractType \(type ?? "missing") in category \(category.rawValue)")
    }
    return .success(
      InstrumentSpec(
        key: key, kind: kind, base: base, quote: quote, settle: settle, tickSize: tick, lotSize: lot,
        minSize: minSize, contract: contract))
  }

  /// What one inverse contract is worth: 1 USD (Bybit's instruments-info does not say it; its
  /// contract specifications do).
  public static let inverseContractUSD = FixedDecimal(mantissa: 1, scale: 0)

  /// `deliveryTime` in milliseconds, when it is a plausible one ("0" on perpetuals).
  private static func expiry(_ row: WireValue) -> Int64? {
    guard let text = row["deliveryTime"]?.text, text.utf8.count <= 18,
      text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let ms = Int64(text), ms > 0
    else { return nil }
    return ms
  }
}
