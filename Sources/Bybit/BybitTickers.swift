import VenueCore
import WireJSON

/// Bybit v5's REST tickers → `SymbolTicker`s: the body of `/v5/market/tickers?category=…`, every
/// symbol of the category in `result.list` (`lastPrice`, `prevPrice24h`, `price24hPcnt` as a
/// fraction, `volume24h`, `turnover24h`; on derivatives mark, index, funding, open interest).
/// Spot and linear count `volume24h` in the base asset and `turnover24h` in the quote; inverse
/// counts `volume24h` in contracts of 1 USD (the quote volume) and `turnover24h` in the base.
public enum BybitTickers {
  static let names: VenueTicker.RESTNames = [
    ("lastPrice", \.last), ("bid1Price", \.bid), ("bid1Size", \.bidSize), ("ask1Price", \.ask),
    ("ask1Size", \.askSize), ("prevPrice24h", \.open24h), ("highPrice24h", \.high24h),
    ("lowPrice24h", \.low24h), ("volume24h", \.volume24h), ("price24hPcnt", \.changeFraction24h),
    ("markPrice", \.markPrice), ("indexPrice", \.indexPrice), ("fundingRate", \.fundingRate),
    ("openInterest", \.openInterest),
  ]

  public static func decode(
    tickers body: WireValue, category: BybitCategory
  ) throws(RESTBodyError) -> VenueRows<
    SymbolTicker
  > {
    if let code = body["retCode"]?.text, code != "0" {
      throw RESTBodyError("Bybit retCode \(code): \(body["retMsg"]?.text ?? "")")
    }
    guard let rows = body["result"]?["list"]?.array else { throw RESTBodyError("no result.list") }
    return VenueRows<SymbolTicker>(tickers: rows, names: names) { row, t throws(RESTBodyError) in
      let turnover = try VenueTicker.decimal(row["turnover24h"], "turnover24h")
      t.quoteVolume24h = category == .inverse ? t.volume24h : turnover
      t.nextFundingTimeMs = try VenueTicker.millis(row["nextFundingTime"], "nextFundingTime").flatMap {
        $0 > 0 ? $0 : nil
      }
    }
  }
}
