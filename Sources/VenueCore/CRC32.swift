/// CRC-32 (IEEE 802.3, the zlib one: reflected polynomial 0xEDB88320), fed a byte, a buffer or
/// a run of ASCII digits at a time so a checksum over a book's numbers needs no string.
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

  /// Feeds `bytes` eight at a time ("slicing by 8": eight tables, one lookup per byte but no
  /// byte waiting on the one before), then the rest one at a time. A book's checksum text is
  /// a few hundred bytes a message; byte by byte, each step waits on the last one's lookup.
  public mutating func update(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress else { return }
    var c = crc
    var i = 0
    let n = bytes.count
    Self.slices.withUnsafeBufferPointer { t in
      while n &- i >= 8 {
        let one = base.loadUnaligned(fromByteOffset: i, as: UInt32.self).littleEndian ^ c
        let two = base.loadUnaligned(fromByteOffset: i &+ 4, as: UInt32.self).littleEndian
        c =
          t[7 &* 256 &+ Int(one & 0xFF)] ^ t[6 &* 256 &+ Int((one >> 8) & 0xFF)]
          ^ t[5 &* 256 &+ Int((one >> 16) & 0xFF)] ^ t[4 &* 256 &+ Int(one >> 24)]
          ^ t[3 &* 256 &+ Int(two & 0xFF)] ^ t[2 &* 256 &+ Int((two >> 8) & 0xFF)]
          ^ t[256 &+ Int((two >> 16) & 0xFF)] ^ t[Int(two >> 24)]
        i &+= 8
      }
      while i < n {
        c = t[Int((c ^ UInt32(base.load(fromByteOffset: i, as: UInt8.self))) & 0xFF)] ^ (c >> 8)
        i &+= 1
      }
    }
    crc = c
  }

  /// The decimal digits of `value` (no sign, no leading zeros; "0" for zero). Written into a
  /// buffer on the stack, most significant last, then fed from the table in one pass.
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

  /// Writes the decimal digits of `value` (no sign, no leading zeros; "0" for zero) at `offset`
  /// in `buffer` and returns the offset after them. The buffer must have 20 bytes free there.
  /// Two digits a division (a book's checksum writes forty numbers a message, and each division
  /// waits on the one before): the count first, from powers of ten, then from the end backwards.
  @inlinable @inline(__always)
  public static func writeDigits(
    of value: UInt64, into buffer: UnsafeMutableRawBufferPointer, at offset: Int
  )
    -> Int
  {
    var count = 1
    var power: UInt64 = 10
    while count < 20 && value >= power {
      count &+= 1
      power = power &* 10
    }
    let end = offset &+ count
    var at = end
    var v = value
    while v >= 100 {
      let q = v / 100
      let r = UInt32(truncatingIfNeeded: v &- q &* 100)
      let tens = r / 10
      at &-= 2
      buffer[at] = UInt8(truncatingIfNeeded: tens) | 0x30
      buffer[at &+ 1] = UInt8(truncatingIfNeeded: r &- tens &* 10) | 0x30
      v = q
    }
    if v >= 10 {
      let r = UInt32(truncatingIfNeeded: v)
      let tens = r / 10
      buffer[offset] = UInt8(truncatingIfNeeded: tens) | 0x30
      buffer[offset &+ 1] = UInt8(truncatingIfNeeded: r &- tens &* 10) | 0x30
    } else {
      buffer[offset] = UInt8(truncatingIfNeeded: v) | 0x30
    }
    return end
  }

  static let table: [UInt32] = (0..<256).map { i -> UInt32 in
    var c = UInt32(i)
    for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
  }

  /// Eight tables of 256 one after another: the first is `table`; each next one is the one
  /// before advanced by one zero byte, so table k gives a byte's effect k bytes further on.
  static let slices: [UInt32] = {
    var t = [UInt32](repeating: 0, count: 8 * 256)
    for i in 0..<256 { t[i] = table[i] }
    for k in 1..<8 {
      for i in 0..<256 {
        let previous = t[(k - 1) * 256 + i]
        t[k * 256 + i] = (previous >> 8) ^ table[Int(previous & 0xFF)]
      }
    }
    return t
  }()
}
