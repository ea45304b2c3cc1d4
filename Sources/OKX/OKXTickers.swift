import VenueCore
import WireJSON

/// OKX v5's REST tickers → `SymbolTicker`s: the body of `/api/v5/market/tickers?instType=…`, its
/// `data` rows (`last`, `open24h`, `vol24h`, `volCcy24h`, best bid and ask). `vol24h` counts as
/// the book does (the base asset on spot, contracts on swaps and futures); `volCcy24h` is the
/// quote currency on spot only (the base currency on derivatives), so it is the quote volume of
/// spot rows alone.
public enum OKXTickers {
  static let names: VenueTicker.RESTNames = [
    ("last", \.last), ("bidPx", \.bid), ("bidSz", \.bidSize), ("askPx", \.ask), ("askSz", \.askSize),
    ("open24h", \.open24h), ("high24h", \.high24h), ("low24h", \.low24h), ("vol24h", \.volume24h),
  ]

  public static func decode(tickers body: WireValue) throws(RESTBodyError) -> VenueRows<SymbolTicker> {
    if let code = body["code"]?.text, code != "0" {
      throw RESTBodyError("OKX code \(code): \(body["msg"]?.text ?? "")")
    }
    guard let rows = body["data"]?.array else { throw RESTBodyError("no data array") }
    return VenueRows<SymbolTicker>(tickers: rows, symbolKey: "instId", names: names) {
      row, t throws(RESTBodyError) in
      let quote = try VenueTicker.decimal(row["volCcy24h"], "volCcy24h")
      if row["instType"]?.text == "SPOT" { t.quoteVolume24h = quote }
      t.timeMs = try VenueTicker.millis(row["ts"], "ts")
    }
  }
}
