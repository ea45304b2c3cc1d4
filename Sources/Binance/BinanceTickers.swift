import VenueCore
import WireJSON

/// Binance's REST tickers → `SymbolTicker`s: the body of spot `/api/v3/ticker/24hr` or USDⓈ-M
/// `/fapi/v1/ticker/24hr` without a symbol, an array of every symbol's rolling 24 h statistics
/// (`lastPrice`, `openPrice`, `priceChangePercent` in percent, `volume` in the base asset,
/// `quoteVolume`; the best bid and ask on spot only).
public enum BinanceTickers {
  static let names: VenueTicker.RESTNames = [
    ("lastPrice", \.last), ("bidPrice", \.bid), ("bidQty", \.bidSize), ("askPrice", \.ask),
    ("askQty", \.askSize), ("openPrice", \.open24h), ("highPrice", \.high24h), ("lowPrice", \.low24h),
    ("volume", \.volume24h), ("quoteVolume", \.quoteVolume24h), ("weightedAvgPrice", \.vwap24h),
    ("priceChange", \.change24h),
  ]

  public static func decode(ticker24h body: WireValue) throws(RESTBodyError) -> VenueRows<SymbolTicker> {
    guard let rows = body.array else {
      if let code = body["code"]?.text {
        throw RESTBodyError("Binance error \(code): \(body["msg"]?.text ?? "")")
      }
      throw RESTBodyError("not an array of tickers")
    }
    return VenueRows<SymbolTicker>(tickers: rows, names: names) { row, t throws(RESTBodyError) in
      t.changeFraction24h = try VenueTicker.decimal(row["priceChangePercent"], "priceChangePercent").map(
        VenueTicker.fraction(percent:))
      t.timeMs = try VenueTicker.millis(row["closeTime"], "closeTime")
    }
  }
}
