/// A gzip member (RFC 1952) of stored, uncompressed deflate blocks (RFC 1951 §3.2.4): a real
/// gzip body, which any gzip reader inflates, for the fault that sends one unasked.
enum Gzip {
  /// `bytes` as a gzip member.
  static func stored(_ bytes: [UInt8]) -> [UInt8] {
    // Magic, deflate, no flags, no time, no extra flags, OS unknown.
    var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 255]
    var start = 0
    repeat {
      let end = min(bytes.count, start + 65_535)
      let length = UInt16(end - start)
      out.append(end == bytes.count ? 1 : 0)  // BFINAL on the last block; BTYPE 00 (stored)
      out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
      out += bytes[start..<end]
      start = end
    } while start < bytes.count
    out += littleEndian(crc32(bytes)) + littleEndian(UInt32(truncatingIfNeeded: bytes.count))
    return out
  }

  /// The CRC-32 of gzip (and zip, PNG): reflected polynomial 0xEDB88320.
  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  private static func littleEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
  }
}
