/// CRC-32 (IEEE 802.3, the zlib one: reflected polynomial 0xEDB88320), fed a byte or a run of
/// ASCII digits at a time so a checksum over a book's numbers needs no string.
public struct CRC32: Sendable, Hashable {
  private var crc: UInt32 = 0xFFFF_FFFF

  public init() {}

  /// The checksum so far.
  public var value: UInt32 { ~crc }

  @inline(__always) public mutating func update(_ byte: UInt8) {
    crc = Self.table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
  }

  public mutating func update(_ bytes: some Sequence<UInt8>) {
    for b in bytes { update(b) }
  }

  /// The decimal digits of `value` (no sign, no leading zeros; "0" for zero). Written into a
  /// buffer on the stack, most significant last, then fed from the table in one pass (a book's
  /// checksum feeds forty numbers a message: this is its whole cost).
  public mutating func updateDigits(of value: UInt64) {
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    var c = crc
    withUnsafeMutableBytes(of: &digits) { buf in
      var n = 0
      var v = value
      repeat {
        buf[23 &- n] = UInt8(truncatingIfNeeded: v % 10) | 0x30
        v /= 10
        n &+= 1
      } while v > 0
      Self.table.withUnsafeBufferPointer { t in
        for i in (24 &- n)..<24 {
          c = t[Int((c ^ UInt32(buf[i])) & 0xFF)] ^ (c >> 8)
        }
      }
    }
    crc = c
  }

  static let table: [UInt32] = (0..<256).map { i -> UInt32 in
    var c = UInt32(i)
    for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
  }
}
