import VenueCore
import WireJSON

/// Coinbase Advanced Trade's candles → `VenueCandle`s: the body of the public REST
/// `/api/v3/brokerage/market/products/{product_id}/candles?start=…&end=…&granularity=ONE_MINUTE`,
/// `{"candles":[{"start":"1639508050","low":…,"high":…,"open":…,"close":…,"volume":…}, …]}`,
/// `start` in whole seconds as text, newest first (returned oldest first).
public enum CoinbaseCandles {
  public static func decode(candles body: WireValue) throws(CandleError) -> [VenueCandle] {
    guard let rows = body["candles"]?.array else {
      // An error answers `{"error":"NOT_FOUND","message":"…"}`.
      if let error = body["error"]?.text {
        throw CandleError("Coinbase error \(error): \(body["message"]?.text ?? "")")
      }
      throw CandleError("no candles array")
    }
    var candles: [VenueCandle] = []
    candles.reserveCapacity(rows.count)
    for (i, row) in rows.enumerated() {
      guard row.members != nil else { throw CandleError(row: i, "not an object") }
      candles.append(
        try VenueCandle.parse(
          row: i, openTime: row["start"]?.text, unit: .seconds, open: row["open"]?.text,
          high: row["high"]?.text,
          low: row["low"]?.text, close: row["close"]?.text, volume: row["volume"]?.text))
    }
    return VenueCandle.oldestFirst(candles)
  }
}
