import VenueCore
import WireJSON

/// Coinbase Advanced Trade's instrument facts → `InstrumentSpec`s: an element of the public
/// REST `/api/v3/brokerage/market/products`'s `products`. Spot sizes are in the base asset
/// (`base_increment`, `base_min_size`), prices step by `price_increment` (`quote_increment`
/// when it is absent). Futures (`product_type` FUTURE) count contracts of
/// `future_product_details.contract_size` of `contract_root_unit` each (nano Bitcoin: 0.01 BTC).
public enum CoinbaseInstruments {
  public struct RowError: Error, Sendable, Hashable, CustomStringConvertible {
    public var product: String
    public var reason: String
    public var description: String { "\(product): \(reason)" }
  }

  /// Every element of a products body's `products`, and the rows that could not be read (one bad
  /// row never drops the rest).
  public static func specs(products body: WireValue) -> (specs: [InstrumentSpec], errors: [RowError]) {
    var specs: [InstrumentSpec] = []
    var errors: [RowError] = []
    guard let rows = body["products"]?.array else {
      return ([], [RowError(product: "(body)", reason: body["message"]?.text ?? "no products array")])
    }
    for row in rows {
      switch spec(row: row) {
      case .success(let s): specs.append(s)
      case .failure(let e): errors.append(e)
      }
    }
    return (specs, errors)
  }

  /// One element of `products`.
  public static func spec(row: WireValue) -> Result<InstrumentSpec, RowError> {
    let name = row["product_id"]?.text ?? "?"
    func fail(_ reason: String) -> Result<InstrumentSpec, RowError> {
      .failure(RowError(product: name, reason: reason))
    }
    func positive(_ field: String) -> FixedDecimal? {
      row[field]?.text.flatMap(FixedDecimal.init).flatMap { $0.mantissa > 0 ? $0 : nil }
    }
    guard let symbol = Symbol(name), !symbol.isEmpty else { return fail("no product_id") }
    guard let tick = positive("price_increment") ?? positive("quote_increment") else {
      return fail("no price_increment")
    }
    guard let lot = positive("base_increment") else { return fail("no base_increment") }
    let minSize = row["base_min_size"]?.text.flatMap(FixedDecimal.init)
    guard let quote = row["quote_currency_id"]?.text.flatMap(AssetCode.init) else {
      return fail("no quote_currency_id")
    }
    let key = InstrumentKey(venue: .coinbase, symbol: symbol)
    switch row["product_type"]?.text {
    case "SPOT"?, nil:
      guard let base = row["base_currency_id"]?.text.flatMap(AssetCode.init) else {
        return fail("no base_currency_id")
      }
      return .success(
        InstrumentSpec(
          key: key, kind: .spot, base: base, quote: quote, settle: quote, tickSize: tick, lotSize: lot,
          minSize: minSize, contract: .base))
    case "FUTURE"?:
      guard let details = row["future_product_details"] else {
        return fail("FUTURE without future_product_details")
      }
      guard let size = details["contract_size"]?.text.flatMap(FixedDecimal.init), size.mantissa > 0 else {
        return fail("no contract_size")
      }
      // Futures name their underlying in `contract_root_unit`; `base_currency_id` may be empty.
      let baseText = details["contract_root_unit"]?.text ?? row["base_currency_id"]?.text ?? ""
      guard let base = AssetCode(baseText) else { return fail("no contract_root_unit") }
      let kind: InstrumentKind =
        details["contract_expiry_type"]?.text == "PERPETUAL"
        ? .linearPerpetual
        : .future(
          expiryMs: details["contract_expiry"]?.text.flatMap { text in
            var t = text
            return t.withUTF8 { WireTime.parseMillis($0) }
          })
      return .success(
        InstrumentSpec(
          key: key, kind: kind, base: base, quote: quote, settle: quote, tickSize: tick, lotSize: lot,
          minSize: minSize, contract: .linear(value: size)))
    case let other?:
      return fail("unknown product_type \(other)")
    }
  }
}
