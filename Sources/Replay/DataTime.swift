import BitMEX

#if canImport(Glibc)
import Glibc
#endif

/// A frame's time taken from its data, for a recording that carries no receive times (a bare
/// JSONL file without a `.recv-times.txt` beside it): the first `"timestamp":"…"` of its rows
/// (BitMEX's trades, quotes, instruments and, since 2022, book rows carry one; the welcome frame
/// too). A partial's rows are a snapshot of older data (its trades can be minutes old), so a
/// partial gives no time; neither does a frame without a timestamp (2021's book updates): the
/// player carries the last time known forward to them.
///
/// Only the first `window` bytes are looked at, so a frame of any size costs at most that.
public enum DataTime {
  /// How much of a frame is searched for its timestamp.
  public static let window = 1_024

  private static let key = Array(#""timestamp":""#.utf8)
  private static let partial = Array(#""action":"partial""#.utf8)

  /// The Unix time in seconds of `frame`'s first row timestamp, or nil.
  public static func seconds(in frame: UnsafeRawBufferPointer) -> Double? {
    guard let base = frame.baseAddress, !frame.isEmpty else { return nil }
    let n = min(frame.count, window)
    // The action is near the front of every table frame.
    if find(partial, in: base, count: min(n, 64)) != nil { return nil }
    guard let at = find(key, in: base, count: n) else { return nil }
    let start = at + key.count
    var end = start
    while end < frame.count, end - start < 40, frame[end] != UInt8(ascii: "\"") { end += 1 }
    guard end < frame.count, frame[end] == UInt8(ascii: "\"") else { return nil }
    // Read in place (no String: one would be allocated per frame).
    let bytes = base.assumingMemoryBound(to: UInt8.self) + start
    return ISOTime.parseMillis(bytes, count: end - start).map { Double($0) / 1_000 }
  }

  /// Where `needle` starts in the `count` bytes at `base`: each candidate found by `memchr` on
  /// its first byte, then compared whole.
  private static func find(_ needle: [UInt8], in base: UnsafeRawPointer, count: Int) -> Int? {
    needle.withUnsafeBytes { key -> Int? in
      var from = 0
      while from + key.count <= count {
        guard let hit = memchr(base + from, Int32(key[0]), count - from - key.count + 1) else { return nil }
        let at = base.distance(to: UnsafeRawPointer(hit))
        if memcmp(base + at, key.baseAddress!, key.count) == 0 { return at }
        from = at + 1
      }
      return nil
    }
  }
}
