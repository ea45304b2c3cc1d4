import Trading

/// The notional of a tape's trades in the quote currency, from the instrument's contract facts
/// (`ContractSpec`), never from a table of symbols: size × price for linear contracts and spot
/// (over the contract's multiplier); for an inverse contract the contracts' face value (an
/// inverse BTC/USD swap: one USD a contract, whatever the price).
public struct TapeNotional: Sendable, Hashable {
  /// The instrument's contract maths.
  public var spec: ContractSpec
  /// Decimals of the tape's size units (0 for whole contracts).
  public var sizeScale: UInt8

  public init(spec: ContractSpec, sizeScale: UInt8 = 0) {
    self.spec = spec
    self.sizeScale = sizeScale
  }

  /// The quote currency's name (`USD`, `USDT`).
  public var currency: String { spec.quoteCurrency }

  /// The notional of `size` tape units at `price`; nil when the maths cannot say (a price
  /// that is not positive, a missing factor).
  public func value(size: Int64, price: Double) -> Double? {
    var contracts = Double(size)
    for _ in 0..<min(sizeScale, 18) { contracts /= 10 }
    guard let v = spec.quoteNotional(contracts: contracts, price: price), v.isFinite else { return nil }
    return abs(v)
  }
}
