import WireJSON

/// ISO-8601 UTC timestamps as BitMEX writes them: `2021-07-22T22:36:09.757Z`, with any
/// number of fractional digits (or none), `Z` or a `±hh:mm` offset.
public enum ISOTime {
  /// Milliseconds since the Unix epoch, or nil when the text is not such a timestamp.
  public static func parseMillis(_ text: String) -> Int64? {
    var text = text
    return text.withUTF8 { buf in
      parseMillis(buf.baseAddress!, count: buf.count)
    }
  }

  /// The same over raw bytes (no allocation).
  package static func parseMillis(_ p: UnsafePointer<UInt8>, count n: Int) -> Int64? {
    // BitMEX always writes `YYYY-MM-DDTHH:MM:SS.mmmZ`: read that with three word loads.
    if n == 24, let ms = FixedLayouts.isoMillis(p) { return ms }
    return parseMillisGeneral(p, count: n)
  }

  /// Any accepted layout, a byte at a time (`WireTime`, shared with every venue).
  static func parseMillisGeneral(_ p: UnsafePointer<UInt8>, count n: Int) -> Int64? {
    WireTime.parseMillis(p, count: n)
  }
}
