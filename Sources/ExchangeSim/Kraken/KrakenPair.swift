/// One Kraken spot pair the simulator lists on its Kraken dialect: the WebSocket v2 symbol, the
/// names REST `AssetPairs` uses for it, its precisions, and the simulator market whose price it
/// follows.
public struct KrakenPair: Sendable, Hashable {
  /// The WebSocket v2 symbol (`BTC/USD`).
  public var symbol: String
  /// The `AssetPairs` key (`XXBTZUSD`), `altname` (`XBTUSD`) and `wsname` (`XBT/USD`).
  public var restKey: String
  public var altname: String
  public var wsname: String
  /// The base and quote as v2 writes them (`BTC`, `USD`) and as REST does (`XXBT`, `ZUSD`).
  public var base: String
  public var quote: String
  public var restBase: String
  public var restQuote: String
  /// Decimals of a price (`price_precision`, REST `pair_decimals`): BTC/USD has 1.
  public var pricePrecision: Int
  /// Decimals of a quantity (`qty_precision`, REST `lot_decimals`): 8 for most pairs.
  public var qtyPrecision: Int
  /// The smallest order (`qty_min`, REST `ordermin`), in units of 10^-qtyPrecision.
  public var minQtyUnits: Int64
  /// The simulator symbol whose price this pair follows (`XBTUSD` for BTC/USD): a listed
  /// instrument gives the pair a book from the start; a universe instrument a reference for its
  /// ticker; anything else (or nil) leaves the pair on a seeded walk of its own.
  public var follows: String?
  /// The pair's price over the followed one (1 for the same quote; about 0.92 for EUR pairs).
  public var ratio: Double
  /// Where its own walk starts (about the followed price × ratio).
  public var startPrice: Double
  /// Typical 24 h volume in the quote currency: sizes levels, trades and the ticker's volume.
  public var quoteVolume24h: Double

  /// A price's units (10^-pricePrecision) per 1.
  var priceUnitsPerOne: Double { pow10(pricePrecision) }

  /// A quantity's units (10^-qtyPrecision) per 1.
  var qtyUnitsPerOne: Double { pow10(qtyPrecision) }

  private func pow10(_ n: Int) -> Double {
    var p = 1.0
    for _ in 0..<max(0, n) { p *= 10 }
    return p
  }
}
