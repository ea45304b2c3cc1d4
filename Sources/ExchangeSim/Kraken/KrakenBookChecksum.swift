import VenueCore

/// The checksum the simulator puts on every Kraken book message, computed from the very text it
/// sends: CRC32 of the top 10 asks (low to high) then the top 10 bids (high to low), each
/// level's price text then quantity text with the `.` removed and the leading zeros stripped.
/// Written here from Kraken's description, independently of the client's `KrakenChecksum`, so
/// that a test of one against the other means something.
enum KrakenBookChecksum {
  /// Levels per side in the checksum.
  static let levels = 10

  /// The checksum of a book whose best-first sides are `asks` and `bids`, written with `pair`'s
  /// precisions.
  static func of(asks: [SimLevel], bids: [SimLevel], pair: KrakenPair) -> UInt32 {
    var crc = CRC32()
    for side in [asks, bids] {
      for level in side.prefix(levels) {
        feed(&crc, KrakenDecimal.text(level.ticks, precision: pair.pricePrecision))
        feed(&crc, KrakenDecimal.text(level.size, precision: pair.qtyPrecision))
      }
    }
    return crc.value
  }

  /// One number's text, without its point and its leading zeros.
  private static func feed(_ crc: inout CRC32, _ text: [UInt8]) {
    var leading = true
    for byte in text where byte != UInt8(ascii: ".") {
      if leading && byte == UInt8(ascii: "0") { continue }
      leading = false
      crc.update(byte)
    }
  }
}
