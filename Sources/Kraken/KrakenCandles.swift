import VenueCore
import WireJSON

/// Kraken's candles → `VenueCandle`s: the body of REST `/0/public/OHLC?pair=…&interval=…`,
/// `{"error":[],"result":{"XXBTZUSD":[[time, open, high, low, close, vwap, volume, count], …],
/// "last":…}}`, times in whole seconds, oldest first (the last bar is still forming).
public enum KrakenCandles {
  public static func decode(ohlc body: WireValue) throws(CandleError) -> [VenueCandle] {
    if let errors = body["error"]?.array, !errors.isEmpty {
      throw CandleError(errors.compactMap(\.text).joined(separator: "; "))
    }
    // The pair's member is named as REST names it (`XXBTZUSD`), beside `last`.
    guard let members = body["result"]?.members,
      let rows = members.first(where: { $0.key != "last" && $0.value.array != nil })?.value.array
    else { throw CandleError("no result with a pair's rows") }
    var candles: [VenueCandle] = []
    candles.reserveCapacity(rows.count)
    for (i, row) in rows.enumerated() {
      candles.append(try VenueCandle.parse(row: i, array: row, unit: .seconds, volumeIndex: 6))
    }
    return VenueCandle.oldestFirst(candles)
  }
}
