/// One Binance symbol the simulator lists: its own tick, step and wire precision, and the world
/// instrument whose market it follows (BTCUSDT follows XBTUSD's generator), with a fixed basis
/// and a fixed amount of the base asset per lot of the source.
///
/// Prices are held as whole ticks of this symbol and written with `priceDecimals` digits;
/// quantities as whole units of 10^-`qtyDecimals` (a multiple of the step).
struct BinanceListing: Sendable, Hashable {
  var market: BinanceSimMarket
  var symbol: String
  /// The world instrument followed.
  var source: String
  var baseAsset: String
  var quoteAsset: String
  /// The tick in units of 10^-`priceDecimals`.
  var tickUnits: Int64
  /// Digits of every price on the wire (spot always 8; USDⓈ-M the symbol's `pricePrecision`).
  var priceDecimals: Int
  /// The step in units of 10^-`qtyDecimals`.
  var stepUnits: Int64
  var qtyDecimals: Int
  /// The price's fixed distance from the source's, in basis points.
  var basisBps: Double
  /// Base asset per lot of the source (a lot of XBTUSD is 100 USD ≈ 0.001 BTC).
  var basePerLot: Double

  /// The listing of `market`: BTC, ETH, XRP and DOGE against USDT, following XBTUSD, ETHUSD,
  /// XRPUSDT and DOGEUSDT. Spot sits a basis point and a half under the source, the perpetual
  /// as much over it.
  static func defaults(_ market: BinanceSimMarket) -> [BinanceListing] {
    switch market {
    case .spot:
      return [
        BinanceListing(
          market: .spot, symbol: "BTCUSDT", source: "XBTUSD", baseAsset: "BTC", quoteAsset: "USDT",
          tickUnits: 1_000_000, priceDecimals: 8, stepUnits: 1_000, qtyDecimals: 8, basisBps: -1.5,
          basePerLot: 0.00102),
        BinanceListing(
          market: .spot, symbol: "ETHUSDT", source: "ETHUSD", baseAsset: "ETH", quoteAsset: "USDT",
          tickUnits: 1_000_000, priceDecimals: 8, stepUnits: 10_000, qtyDecimals: 8, basisBps: -1.5,
          basePerLot: 0.01),
        BinanceListing(
          market: .spot, symbol: "XRPUSDT", source: "XRPUSDT", baseAsset: "XRP", quoteAsset: "USDT",
          tickUnits: 10_000, priceDecimals: 8, stepUnits: 10_000_000, qtyDecimals: 8, basisBps: -1.5,
          basePerLot: 10),
        BinanceListing(
          market: .spot, symbol: "DOGEUSDT", source: "DOGEUSDT", baseAsset: "DOGE", quoteAsset: "USDT",
          tickUnits: 1_000, priceDecimals: 8, stepUnits: 100_000_000, qtyDecimals: 8, basisBps: -1.5,
          basePerLot: 100),
      ]
    case .usdm:
      return [
        BinanceListing(
          market: .usdm, symbol: "BTCUSDT", source: "XBTUSD", baseAsset: "BTC", quoteAsset: "USDT",
          tickUnits: 10, priceDecimals: 2, stepUnits: 1, qtyDecimals: 3, basisBps: 1.5, basePerLot: 0.01),
        BinanceListing(
          market: .usdm, symbol: "ETHUSDT", source: "ETHUSD", baseAsset: "ETH", quoteAsset: "USDT",
          tickUnits: 1, priceDecimals: 2, stepUnits: 1, qtyDecimals: 3, basisBps: 1.5, basePerLot: 0.05),
        BinanceListing(
          market: .usdm, symbol: "XRPUSDT", source: "XRPUSDT", baseAsset: "XRP", quoteAsset: "USDT",
          tickUnits: 1, priceDecimals: 4, stepUnits: 1, qtyDecimals: 1, basisBps: 1.5, basePerLot: 20),
        BinanceListing(
          market: .usdm, symbol: "DOGEUSDT", source: "DOGEUSDT", baseAsset: "DOGE", quoteAsset: "USDT",
          tickUnits: 10, priceDecimals: 6, stepUnits: 1, qtyDecimals: 0, basisBps: 1.5, basePerLot: 200),
      ]
    }
  }

  /// 10^n.
  static func power(_ n: Int) -> Int64 {
    var p: Int64 = 1
    for _ in 0..<max(0, n) { p *= 10 }
    return p
  }

  /// The tick as a decimal number (for exchangeInfo's filters).
  var tickSize: Double { Double(tickUnits) / Double(Self.power(priceDecimals)) }

  /// The step as a decimal number.
  var stepSize: Double { Double(stepUnits) / Double(Self.power(qtyDecimals)) }
}
