import VenueCore

/// Kraken v2's book checksum: CRC32 (unsigned) over the top 10 asks from low to high, then the
/// top 10 bids from high to low, each level's price then quantity as the decimal text Kraken
/// sent with the `.` removed and leading zeros stripped.
///
/// The book holds each number as an integer at the pair's precision, which is the text sent
/// without its `.`: a float round trip matches 0 of 301 real messages, the text 301 of 301. So
/// the book must be made with the pair's `price_precision` and `qty_precision` as its scales.
///
/// The forty numbers' digits are written into one buffer on the stack and fed to the CRC in one
/// call (eight bytes a step): fed digit by digit, the checksum was half of Kraken's cost per
/// message.
public struct KrakenChecksum: BookChecksum {
  /// Levels per side in the checksum.
  public static let levels = 10

  /// Bytes for the text: two sides, two numbers a level, at most 20 digits a number.
  private static let capacity = 2 * levels * 2 * 20

  public init() {}

  public func checksum(of book: PriceBook) -> UInt32 {
    withUnsafeTemporaryAllocation(byteCount: Self.capacity, alignment: 8) { buffer in
      var end = 0
      for side in [BookSide.ask, .bid] {
        let ladder = book[side]
        for rank in 0..<min(Self.levels, ladder.count) {
          let level = ladder.level(fromBest: rank)
          end = CRC32.writeDigits(of: UInt64(clamping: level.price), into: buffer, at: end)
          end = CRC32.writeDigits(of: UInt64(clamping: level.size), into: buffer, at: end)
        }
      }
      var crc = CRC32()
      crc.update(UnsafeRawBufferPointer(rebasing: buffer[0..<end]))
      return crc.value
    }
  }
}
