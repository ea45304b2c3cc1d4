/// What one unit of an instrument's size is worth: the part of an instrument spec that turns a
/// venue's sizes into the base asset and the quote currency. Books and tapes keep venue units;
/// only the cross-venue views and the ticket convert, and every factor comes from the venue's
/// instrument metadata, never from a table of symbols.
public enum ContractDescriptor: Sendable, Hashable {
  /// Sizes count the base asset (spot everywhere, Binance USDⓈ-M, Bybit linear, Kraken).
  case base
  /// Each contract is `value` of the base asset (OKX `-USDT-SWAP`: `ctVal` 0.01 BTC; BitMEX's
  /// BTC/USDT swap: 10^-6 BTC, its `underlyingToPositionMultiplier` inverted).
  case linear(value: FixedDecimal)
  /// Each contract is `value` of the quote currency, its base quantity that over the price
  /// (BitMEX's BTC/USD swap: 1 USD; OKX `-USD-SWAP`: `ctVal` 100 USD; Bybit inverse: 1 USD).
  case inverse(value: FixedDecimal)
  /// Each contract is worth `multiplier × price` of the settlement asset (BitMEX ETHUSD: 100
  /// satoshis per USD of price, `settlePerWhole` 10^8): its base quantity needs the settlement
  /// asset's price in the quote currency.
  case quanto(multiplier: FixedDecimal, settlePerWhole: FixedDecimal)

  /// The base-asset quantity of `size` at `price`; nil when the maths needs a rate not given
  /// (`settleRate`: quote per whole settlement asset, for quanto) or the price is not positive.
  public func baseQuantity(size: Double, price: Double, settleRate: Double? = nil) -> Double? {
    switch self {
    case .base: return size
    case .linear(let value): return size * value.doubleValue
    case .inverse(let value):
      guard price > 0 else { return nil }
      return size * value.doubleValue / price
    case .quanto:
      guard price > 0, let notional = quoteNotional(size: size, price: price, settleRate: settleRate) else {
        return nil
      }
      return notional / price
    }
  }

  /// The quote-currency notional of `size` at `price` (nil as for `baseQuantity`).
  public func quoteNotional(size: Double, price: Double, settleRate: Double? = nil) -> Double? {
    switch self {
    case .base: return size * price
    case .linear(let value): return size * value.doubleValue * price
    case .inverse(let value): return size * value.doubleValue
    case let .quanto(multiplier, perWhole):
      guard let rate = settleRate, perWhole.doubleValue > 0 else { return nil }
      return size * multiplier.doubleValue * price / perWhole.doubleValue * rate
    }
  }
}
