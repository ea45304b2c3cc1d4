import VenueCore

/// How one instrument's sizes become units of its base asset at `baseScale` decimals (10^-8 BTC
/// at the default 8), exactly: `units = size × numerator / (denominator × price)` (the price only
/// for inverse contracts), in 128-bit integers, rounded to the nearest unit once. Every factor
/// comes from the instrument's `ContractDescriptor` and the scales of the numbers converted,
/// never from a table of symbols:
/// - base: `size`;
/// - linear: `size × value` (OKX `ctVal` 0.01 BTC, BitMEX's BTC/USDT swap's 10^-6 BTC);
/// - inverse: `size × value / price` (BitMEX's BTC/USD swap's 1 USD, OKX `-USD-SWAP`'s 100 USD);
/// - quanto: `size × multiplier × settleRate / settlePerWhole` (BitMEX ETHUSD: 100 satoshis per
///   USD of price, so a contract is `100 × price` satoshis, worth `100 × price × rate / 10^8` USD, which is
///   `100 × rate / 10^8` of the base at any price).
public struct BaseConversion: Sendable, Hashable {
  /// Decimals of the base units produced.
  public let baseScale: UInt8
  let numerator: Int64
  let denominator: Int64
  /// Whether the price divides too (inverse contracts).
  let perPrice: Bool

  /// The conversion of sizes held at `sizeScale` decimals (and, for inverse contracts, prices
  /// at `priceScale`), or why there is none: a quanto contract without `settleRate` (quote per
  /// whole settlement asset), or a factor that is not positive or does not fit.
  public static func make(
    contract: ContractDescriptor, settle: AssetCode, sizeScale: UInt8, priceScale: UInt8,
    settleRate: FixedDecimal?, baseScale: UInt8
  ) -> Result<BaseConversion, Exclusion> {
    var numerator: Int64 = 1
    var denominator: Int64 = 1
    // The power of ten still to apply: positive multiplies the numerator, negative the divisor.
    var exponent = Int(baseScale) - Int(sizeScale)
    var perPrice = false
    switch contract {
    case .base: break
    case .linear(let value):
      guard value.mantissa > 0 else { return .failure(.outOfRange) }
      numerator = value.mantissa
      exponent -= Int(value.scale)
    case .inverse(let value):
      guard value.mantissa > 0 else { return .failure(.outOfRange) }
      numerator = value.mantissa
      exponent += Int(priceScale) - Int(value.scale)
      perPrice = true
    case let .quanto(multiplier, perWhole):
      guard let rate = settleRate, rate.mantissa > 0 else { return .failure(.noSettleRate(settle)) }
      guard multiplier.mantissa > 0, perWhole.mantissa > 0,
        let product = WideMath.times(multiplier.mantissa, rate.mantissa)
      else { return .failure(.outOfRange) }
      numerator = product
      denominator = perWhole.mantissa
      exponent += Int(perWhole.scale) - Int(multiplier.scale) - Int(rate.scale)
    }
    if exponent >= 0 {
      guard let n = WideMath.scaled(numerator, by: exponent) else { return .failure(.outOfRange) }
      numerator = n
    } else {
      guard let d = WideMath.scaled(denominator, by: -exponent) else { return .failure(.outOfRange) }
      denominator = d
    }
    return .success(
      BaseConversion(baseScale: baseScale, numerator: numerator, denominator: denominator, perPrice: perPrice)
    )
  }

  /// The conversion for `spec`'s book (sizes and prices at `book`'s scales).
  public static func make(
    spec: InstrumentSpec, book: PriceBook, settleRate: FixedDecimal?, baseScale: UInt8
  )
    -> Result<BaseConversion, Exclusion>
  {
    make(
      contract: spec.contract, settle: spec.settle, sizeScale: book.sizeScale, priceScale: book.priceScale,
      settleRate: settleRate, baseScale: baseScale)
  }

  /// `size` units (at the conversion's size scale) at `price` ticks in base units, rounded to the
  /// nearest; nil when negative, not positive in price (inverse), or out of range.
  @inline(__always) public func units(size: Int64, priceTicks: Int64) -> Int64? {
    if denominator == 1, !perPrice {
      // The usual base and linear case: a whole factor, no division.
      guard size >= 0 else { return nil }
      return WideMath.times(size, numerator)
    }
    var divisor = denominator
    if perPrice {
      guard priceTicks > 0, let d = WideMath.times(denominator, priceTicks) else { return nil }
      divisor = d
    }
    return WideMath.mulDivRounded(size, numerator, divisor)
  }

  /// Whether every level of `ladder` and their sum convert without overflow: the sum's size at
  /// the side's lowest price is the largest any of them can give.
  func fits(_ ladder: PriceLadder) -> Bool {
    guard let first = ladder.levels.first, let last = ladder.levels.last else { return true }
    let low = min(first.price, last.price)
    let high = max(first.price, last.price)
    if perPrice, WideMath.times(denominator, high) == nil { return false }
    return units(size: ladder.totalSize, priceTicks: low) != nil
  }

  /// A trade's (or any one) size at its price in base units, from the numbers' own scales.
  public static func units(
    size: FixedDecimal, price: FixedDecimal, contract: ContractDescriptor, settle: AssetCode,
    settleRate: FixedDecimal?, baseScale: UInt8
  ) -> Int64? {
    guard
      case .success(let c) = make(
        contract: contract, settle: settle, sizeScale: size.scale, priceScale: price.scale,
        settleRate: settleRate, baseScale: baseScale)
    else { return nil }
    return c.units(size: size.mantissa, priceTicks: price.mantissa)
  }
}
