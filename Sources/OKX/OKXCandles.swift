import VenueCore
import WireJSON

/// OKX's candles → `VenueCandle`s: the body of REST `/api/v5/market/candles?instId=…&bar=…`,
/// `{"code":"0","msg":"","data":[["ts", "o", "h", "l", "c", "vol", "volCcy", "volCcyQuote",
/// "confirm"], …]}`, times in milliseconds as text, newest first (returned oldest first; a bar
/// with `confirm` "0" is still forming). Volume is `vol`: contracts on swaps and futures, the
/// base asset on spot, as the book counts.
public enum OKXCandles {
  public static func decode(candles body: WireValue) throws(CandleError) -> [VenueCandle] {
    if let code = body["code"]?.text, code != "0" {
      throw CandleError("OKX code \(code): \(body["msg"]?.text ?? "")")
    }
    guard let rows = body["data"]?.array else { throw CandleError("no data array") }
    var candles: [VenueCandle] = []
    candles.reserveCapacity(rows.count)
    for (i, row) in rows.enumerated() {
      candles.append(try VenueCandle.parse(row: i, array: row, unit: .milliseconds, volumeIndex: 5))
    }
    return VenueCandle.oldestFirst(candles)
  }
}
