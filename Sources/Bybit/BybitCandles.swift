import VenueCore
import WireJSON

/// Bybit's candles → `VenueCandle`s: the body of REST `/v5/market/kline?category=…&symbol=…
/// &interval=…`, `{"retCode":0,"result":{"list":[["startTime", "open", "high", "low", "close",
/// "volume", "turnover"], …]}}`, times in milliseconds as text, newest first (returned oldest
/// first). Volume is in the base asset on spot and linear, in contracts (USD) on inverse.
public enum BybitCandles {
  public static func decode(kline body: WireValue) throws(CandleError) -> [VenueCandle] {
    if let code = body["retCode"]?.text, code != "0" {
      throw CandleError("Bybit retCode \(code): \(body["retMsg"]?.text ?? "")")
    }
    guard let rows = body["result"]?["list"]?.array else { throw CandleError("no result.list") }
    var candles: [VenueCandle] = []
    candles.reserveCapacity(rows.count)
    for (i, row) in rows.enumerated() {
      candles.append(try VenueCandle.parse(row: i, array: row, unit: .milliseconds, volumeIndex: 5))
    }
    return VenueCandle.oldestFirst(candles)
  }
}
