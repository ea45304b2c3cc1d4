import VenueCore

/// Kraken v2's book checksum: CRC32 (unsigned) over the top 10 asks from low to high, then the
/// top 10 bids from high to low, each level's price then quantity as the decimal text Kraken
/// sent with the `.` removed and leading zeros stripped.
///
/// The book holds each number as an integer at the pair's precision, which is the text sent
/// without its `.`: a float round trip matches 0 of 301 real messages, the text 301 of 301. So
/// the book must be made with the pair's `price_precision` and `qty_precision` as its scales.
public struct KrakenChecksum: BookChecksum {
  /// Levels per side in the checksum.
  public static let levels = 10

  public init() {}

  public func checksum(of book: PriceBook) -> UInt32 {
    var crc = CRC32()
    for side in [BookSide.ask, .bid] {
      let ladder = book[side]
      for rank in 0..<min(Self.levels, ladder.count) {
        let level = ladder.level(fromBest: rank)
        crc.updateDigits(of: UInt64(clamping: level.price))
        crc.updateDigits(of: UInt64(clamping: level.size))
      }
    }
    return crc.value
  }
}
