import VenueCore
import WireJSON

/// Binance's candles → `VenueCandle`s: the body of REST klines, spot `/api/v3/klines` and
/// USDⓈ-M `/fapi/v1/klines` alike, `[[openTime, "open", "high", "low", "close", "volume",
/// closeTime, "quoteVolume", trades, …], …]`, times in milliseconds, oldest first; volume in the
/// base asset on both markets.
public enum BinanceCandles {
  public static func decode(klines body: WireValue) throws(CandleError) -> [VenueCandle] {
    guard let rows = body.array else {
      // An error answers `{"code":-1121,"msg":"Invalid symbol."}`.
      if let code = body["code"]?.text {
        throw CandleError("Binance error \(code): \(body["msg"]?.text ?? "")")
      }
      throw CandleError("not an array of klines")
    }
    var candles: [VenueCandle] = []
    candles.reserveCapacity(rows.count)
    for (i, row) in rows.enumerated() {
      candles.append(try VenueCandle.parse(row: i, array: row, unit: .milliseconds, volumeIndex: 5))
    }
    return VenueCandle.oldestFirst(candles)
  }
}
