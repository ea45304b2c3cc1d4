import VenueCore
import WireJSON

/// OKX's instrument facts → `InstrumentSpec`s: an element of `/api/v5/public/instruments`'s
/// `data`. Spot sizes are in the base asset; swap and futures sizes are contracts of `ctVal`
/// `ctValCcy` each: linear contracts count the base asset (`BTC-USDT-SWAP`: 0.01 BTC), inverse
/// ones the quote currency (`UNI-USD-SWAP`: 10 USD).
public enum OKXInstruments {
  public struct RowError: Error, Sendable, Hashable, CustomStringConvertible {
    public var instrument: String
    public var reason: String
    public var description: String { "\(instrument): \(reason)" }
  }

  /// One instrument row.
  public static func spec(row: WireValue) -> Result<InstrumentSpec, RowError> {
    let name = row["instId"]?.text ?? "?"
    func fail(_ reason: String) -> Result<InstrumentSpec, RowError> {
      .failure(RowError(instrument: name, reason: reason))
    }
    guard let symbol = Symbol(name), !symbol.isEmpty else { return fail("no instId") }
    // Spot rows name their currencies; derivatives name their underlying (`UNI-USD`).
    var baseText = row["baseCcy"]?.text ?? ""
    var quoteText = row["quoteCcy"]?.text ?? ""
    if baseText.isEmpty || quoteText.isEmpty {
      let parts = (row["uly"]?.text ?? name).split(separator: "-")
      guard parts.count >= 2 else { return fail("no currencies") }
      baseText = String(parts[0])
      quoteText = String(parts[1])
    }
    guard let base = AssetCode(baseText), let quote = AssetCode(quoteText) else {
      return fail("bad currencies")
    }
    guard let tick = row["tickSz"]?.text.flatMap(FixedDecimal.init), tick.mantissa > 0 else {
      return fail("no tickSz")
    }
    guard let lot = row["lotSz"]?.text.flatMap(FixedDecimal.init), lot.mantissa > 0 else {
      return fail("no lotSz")
    }
    let minSize = row["minSz"]?.text.flatMap(FixedDecimal.init)
    let settle = row["settleCcy"]?.text.flatMap { $0.isEmpty ? nil : AssetCode($0) } ?? quote
    let type = row["instType"]?.text ?? ""
    var kind: InstrumentKind
    var contract = ContractDescriptor.base
    if type == "SPOT" || type == "MARGIN" {
      kind = .spot
    } else {
      guard let value = row["ctVal"]?.text.flatMap(FixedDecimal.init), value.mantissa > 0 else {
        return fail("no ctVal")
      }
      // ctMult multiplies the contract's value (1 on every row seen).
      let mult = row["ctMult"]?.text.flatMap(FixedDecimal.init) ?? FixedDecimal(mantissa: 1, scale: 0)
      guard mult.mantissa > 0, let factor = value.multiplied(by: mult) else { return fail("bad ctMult") }
      switch row["ctType"]?.text {
      case "inverse"?:
        contract = .inverse(value: factor)
        kind = .inversePerpetual
      case "linear"?:
        contract = .linear(value: factor)
        kind = .linearPerpetual
      default: return fail("unknown ctType")
      }
      if type == "FUTURES" {
        kind = .future(expiryMs: row["expTime"]?.text.flatMap { Int64($0) })
      } else if type != "SWAP" {
        kind = .other
      }
    }
    return .success(
      InstrumentSpec(
        key: InstrumentKey(venue: .okx, symbol: symbol), kind: kind, base: base, quote: quote, settle: settle,
        tickSize: tick, lotSize: lot, minSize: minSize, contract: contract))
  }
}
