/// What tradeterm needs to know of an instrument, from the venue's metadata: its key and kind, its
/// assets in canonical codes, its price and size steps, and what a unit of size is worth.
public struct InstrumentSpec: Sendable, Hashable {
  public var key: InstrumentKey
  public var kind: InstrumentKind
  public var base: AssetCode
  public var quote: AssetCode
  /// What profit is paid in (the quote for spot and linear, the base for inverse).
  public var settle: AssetCode
  /// The price step.
  public var tickSize: FixedDecimal
  /// The size step (in the venue's size unit).
  public var lotSize: FixedDecimal
  /// The smallest order, when the venue says (in the venue's size unit).
  public var minSize: FixedDecimal?
  public var contract: ContractDescriptor

  public init(
    key: InstrumentKey, kind: InstrumentKind, base: AssetCode, quote: AssetCode, settle: AssetCode,
    tickSize: FixedDecimal, lotSize: FixedDecimal, minSize: FixedDecimal? = nil, contract: ContractDescriptor
  ) {
    self.key = key
    self.kind = kind
    self.base = base
    self.quote = quote
    self.settle = settle
    self.tickSize = tickSize
    self.lotSize = lotSize
    self.minSize = minSize
    self.contract = contract
  }

  /// Decimals a book of this instrument keeps for prices: the tick's.
  public var priceScale: UInt8 { tickSize.normalized.scale }
  /// Decimals a book of this instrument keeps for sizes: the lot's.
  public var sizeScale: UInt8 { lotSize.normalized.scale }

  /// An empty book at this instrument's precision.
  public func makeBook() -> PriceBook { PriceBook(priceScale: priceScale, sizeScale: sizeScale) }

  /// `size` (venue units) at `price` in the base asset.
  public func baseQuantity(size: FixedDecimal, price: FixedDecimal, settleRate: Double? = nil) -> Double? {
    contract.baseQuantity(size: size.doubleValue, price: price.doubleValue, settleRate: settleRate)
  }

  /// `size` (venue units) at `price` in the quote currency.
  public func quoteNotional(size: FixedDecimal, price: FixedDecimal, settleRate: Double? = nil) -> Double? {
    contract.quoteNotional(size: size.doubleValue, price: price.doubleValue, settleRate: settleRate)
  }
}
