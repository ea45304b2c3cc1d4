import MarketModel

/// BitMEX's REST paths (after `BitMEXEndpoints.rest`) for what tradeterm asks of it: one
/// instrument's row, every active instrument, and a page of complete candles.
public enum BitMEXRESTPaths {
  /// The row of `symbol`.
  public static func instrument(_ symbol: String) -> String { "/instrument?symbol=\(escape(symbol))" }

  /// Every active instrument's row.
  public static let activeInstruments = "/instrument/active"

  /// Up to `count` complete `interval` candles of `symbol`, newest first, ending at `endMs` when
  /// given. Complete bins only: the one in progress is built from live trades (the overlap rule
  /// of `CandleSeries`). One page: BitMEX serves at most 1000 rows a call.
  public static func candles(symbol: String, interval: CandleInterval, count: Int, endMs: Int64?) -> String {
    "/trade/bucketed?binSize=\(interval.label)&partial=false&reverse=true&count=\(min(max(count, 1), 1_000))"
      + "&symbol=\(escape(symbol))" + (endMs.map { "&endTime=\(UTCTime.iso(ms: $0))" } ?? "")
  }

  /// Symbols are letters, digits and a few marks; anything else is percent-encoded.
  static func escape(_ s: String) -> String {
    var out = ""
    for b in s.utf8 {
      if (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2E
        || b == 0x5F
        || b == 0x2D
      {
        out.append(Character(Unicode.Scalar(b)))
      } else {
        let hex = String(b, radix: 16, uppercase: true)
        out += "%" + (hex.count < 2 ? "0" + hex : hex)
      }
    }
    return out
  }
}
