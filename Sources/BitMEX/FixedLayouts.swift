import MarketModel
import WireJSON

/// Word-at-a-time readers for the fixed-layout strings BitMEX sends on every trade: the
/// `trdMatchID` GUID and the ISO timestamp. Each answers only for the exact usual layout
/// and returns nil otherwise, so the caller falls back to the general reader, which
/// gives the same answer for the usual layout and decides every other input.
enum FixedLayouts {
  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highs: UInt64 = 0x8080_8080_8080_8080
  private static let lowNibbles: UInt64 = 0x0F0F_0F0F_0F0F_0F0F
  private static let zeros: UInt64 = 0x3030_3030_3030_3030

  /// The value of eight ASCII hex digits (either case; the first in the lowest byte, the
  /// most significant), or nil if any byte is not one.
  @inline(__always) static func eightHexDigits(_ w: UInt64) -> UInt64? {
    guard w & highs == 0 else { return nil }
    // With every byte below 0x80, adding a constant below 0x80 never carries out of a
    // lane: the high bit of `b + k` says `b >= 0x80 - k`.
    let digit = (w &+ ones &* 0x50) & ~(w &+ ones &* 0x46) & highs  // '0'…'9'
    let folded = w | (ones &* 0x20)
    let letter = (folded &+ ones &* 0x1F) & ~(folded &+ ones &* 0x19) & highs  // 'a'…'f', 'A'…'F'
    guard digit | letter == highs else { return nil }
    var v = (w & lowNibbles) &+ (letter >> 7) &* 9
    v = ((v << 4) | (v >> 8)) & 0x00FF_00FF_00FF_00FF
    v = ((v << 8) | (v >> 16)) & 0x0000_FFFF_0000_FFFF
    v = ((v << 16) | (v >> 32)) & 0xFFFF_FFFF
    return v
  }

  /// A GUID written `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` (36 bytes at `p`) as 128 bits.
  @inline(__always) static func guid(_ p: UnsafePointer<UInt8>) -> MatchID? {
    guard
      p[8] == UInt8(ascii: "-"), p[13] == UInt8(ascii: "-"), p[18] == UInt8(ascii: "-"),
      p[23] == UInt8(ascii: "-")
    else { return nil }
    let raw = UnsafeRawPointer(p)
    @inline(__always) func half(_ at: Int) -> UInt64 {
      UInt64(raw.loadUnaligned(fromByteOffset: at, as: UInt32.self))
    }
    guard let a = eightHexDigits(raw.loadUnaligned(as: UInt64.self)),
      let b = eightHexDigits(half(9) | half(14) << 32),
      let c = eightHexDigits(half(19) | half(24) << 32),
      let d = eightHexDigits(raw.loadUnaligned(fromByteOffset: 28, as: UInt64.self))
    else { return nil }
    return MatchID(high: a << 32 | b, low: c << 32 | d)
  }

  /// Milliseconds since the epoch of `YYYY-MM-DDTHH:MM:SS.mmmZ` (24 bytes at `p`).
  @inline(__always) static func isoMillis(_ p: UnsafePointer<UInt8>) -> Int64? {
    let raw = UnsafeRawPointer(p)
    let w0 = raw.loadUnaligned(as: UInt64.self)  // YYYY-MM-
    let w1 = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)  // DDTHH:MM
    let w2 = raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self)  // :SS.mmmZ
    // The separators, then the digits (separator lanes read as '0').
    let sep0: UInt64 = 0xFF00_00FF_0000_0000
    let sep1: UInt64 = 0x0000_FF00_00FF_0000
    let sep2: UInt64 = 0xFF00_0000_FF00_00FF
    guard w0 & sep0 == 0x2D00_002D_0000_0000, w1 & sep1 == 0x0000_3A00_0054_0000,
      w2 & sep2 == 0x5A00_0000_2E00_003A
    else { return nil }
    let t0 = (w0 & ~sep0) | (zeros & sep0)
    let t1 = (w1 & ~sep1) | (zeros & sep1)
    let t2 = (w2 & ~sep2) | (zeros & sep2)
    guard JSONScanner.allDigits(t0), JSONScanner.allDigits(t1), JSONScanner.allDigits(t2) else {
      return nil
    }
    let d0 = t0 &- zeros
    let d1 = t1 &- zeros
    let d2 = t2 &- zeros
    @inline(__always) func digit(_ w: UInt64, _ i: Int) -> Int {
      Int(truncatingIfNeeded: (w >> (8 * i)) & 0xFF)
    }
    @inline(__always) func two(_ w: UInt64, _ i: Int) -> Int { digit(w, i) * 10 + digit(w, i + 1) }
    let year = two(d0, 0) * 100 + two(d0, 2)
    let month = two(d0, 5)
    let day = two(d1, 0)
    let hour = two(d1, 3)
    let minute = two(d1, 6)
    let second = two(d2, 1)
    let millis = two(d2, 4) * 10 + digit(d2, 6)
    guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else {
      return nil
    }
    let days = WireTime.daysFromCivil(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
    return Int64(seconds) * 1_000 + Int64(millis)
  }
}
