import CrossVenue
import VenueCore

/// Hand-built instruments of every contract kind, with the factors their venues publish (the
/// specs the venues' instrument readers make from their rows; none comes from a symbol table).
enum Instruments {
  static func key(_ text: String) -> InstrumentKey {
    guard case .success(let k) = InstrumentKey.parse(text) else { preconditionFailure(text) }
    return k
  }

  static func spec(
    _ key: String, _ kind: InstrumentKind, base: AssetCode = "BTC", quote: AssetCode,
    settle: AssetCode? = nil,
    tick: String, lot: String, contract: ContractDescriptor
  ) -> InstrumentSpec {
    InstrumentSpec(
      key: Self.key(key), kind: kind, base: base, quote: quote, settle: settle ?? quote, tickSize: dec(tick),
      lotSize: dec(lot), contract: contract)
  }

  /// BitMEX XBTUSD: 1-USD inverse contracts.
  static let xbtusd = spec(
    "bitmex:XBTUSD", .inversePerpetual, quote: "USD", settle: "BTC", tick: "0.5", lot: "100",
    contract: .inverse(value: dec("1")))
  /// BitMEX XBTUSDT: linear, 10^-6 XBT a contract.
  static let xbtusdt = spec(
    "bitmex:XBTUSDT", .linearPerpetual, quote: "USDT", tick: "0.5", lot: "1000",
    contract: .linear(value: dec("0.000001")))
  /// BitMEX ETHUSD: quanto, 100 XBt per USD of price, settled in XBT.
  static let ethusd = spec(
    "bitmex:ETHUSD", .quantoPerpetual, base: "ETH", quote: "USD", settle: "BTC", tick: "0.05", lot: "1",
    contract: .quanto(multiplier: dec("100"), settlePerWhole: dec("100000000")))
  /// OKX BTC-USD-SWAP: inverse, `ctVal` 100 USD.
  static let okxInverse = spec(
    "okx:BTC-USD-SWAP", .inversePerpetual, quote: "USD", settle: "BTC", tick: "0.1", lot: "1",
    contract: .inverse(value: dec("100")))
  /// OKX BTC-USDT-SWAP: linear, `ctVal` 0.01 BTC, lots of 0.01 contract.
  static let okxLinear = spec(
    "okx:BTC-USDT-SWAP", .linearPerpetual, quote: "USDT", tick: "0.1", lot: "0.01",
    contract: .linear(value: dec("0.01")))
  /// Binance spot BTCUSDT: base quantities.
  static let binance = spec(
    "binance:BTCUSDT", .spot, quote: "USDT", tick: "0.01", lot: "0.00001", contract: .base)
  /// Binance USDⓈ-M BTCUSDT: a linear perpetual sized in the base.
  static let binanceUSDM = spec(
    "binance-usdm:BTCUSDT", .linearPerpetual, quote: "USDT", tick: "0.10", lot: "0.001", contract: .base)
  /// Kraken BTC/USD spot.
  static let kraken = spec(
    "kraken:BTC/USD", .spot, quote: "USD", tick: "0.1", lot: "0.00000001", contract: .base)
  /// Coinbase BTC-USDC spot.
  static let coinbaseUSDC = spec(
    "coinbase:BTC-USDC", .spot, quote: "USDC", tick: "0.01", lot: "0.00000001", contract: .base)
  /// Binance spot ETHUSDT (another asset, for BTC's book).
  static let binanceETH = spec(
    "binance:ETHUSDT", .spot, base: "ETH", quote: "USDT", tick: "0.01", lot: "0.0001", contract: .base)
}

func dec(_ text: String) -> FixedDecimal {
  guard let d = FixedDecimal(text) else { preconditionFailure("not a decimal: \(text)") }
  return d
}

/// A book of `spec` holding these levels (price, size as text).
func book(_ spec: InstrumentSpec, bids: [(String, String)] = [], asks: [(String, String)] = []) -> PriceBook {
  var b = spec.makeBook()
  let levels =
    bids.map { LevelChange(side: .bid, price: dec($0.0), size: dec($0.1)) }
    + asks.map { LevelChange(side: .ask, price: dec($0.0), size: dec($0.1)) }
  if let fault = b.replace(with: levels[...]) { preconditionFailure("bad test book: \(fault)") }
  return b
}

/// Seconds as monotonic nanoseconds.
func s(_ seconds: Double) -> Int64 { Int64((seconds * 1e9).rounded()) }

/// The test's clock: every view is judged at this moment.
let now: Int64 = s(1000)

/// A view of `spec` with these levels, live and `age` seconds old unless told otherwise.
func view(
  _ spec: InstrumentSpec, bids: [(String, String)] = [], asks: [(String, String)] = [], age: Double = 0.1,
  sync: BookSyncState = .live, staleAfter: Double = 5, linkUp: Bool = true, heardAge: Double? = nil,
  settleRate: String? = nil, integrity: IntegrityCounts = IntegrityCounts()
) -> VenueView {
  VenueView(
    spec: spec, book: book(spec, bids: bids, asks: asks), sync: sync, lastAppliedAt: now - s(age),
    lastHeardAt: heardAge.map { now - s($0) }, integrity: integrity, staleAfterNs: s(staleAfter),
    linkUp: linkUp,
    settleRate: settleRate.map(dec))
}
