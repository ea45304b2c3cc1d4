import Testing
import VenueCore

@Suite struct CRC32Tests {
  @Test func matchesTheStandardCheckValue() {
    var crc = CRC32()
    crc.update(Array("123456789".utf8))
    #expect(crc.value == 0xCBF4_3926)
    var sliced = CRC32()
    Array("123456789".utf8).withUnsafeBytes { sliced.update($0) }
    #expect(sliced.value == 0xCBF4_3926)
  }

  @Test(arguments: [
    0, 7, 9, 10, 99, 100, 101, 999, 1000, 630_033, 1_661_321, 9_999_999_999_999_999_999,
    10_000_000_000_000_000_000, UInt64.max,
  ])
  func digitsAreTheirDecimalText(value: UInt64) {
    var a = CRC32()
    a.updateDigits(of: value)
    var b = CRC32()
    b.update(Array(String(value).utf8))
    #expect(a.value == b.value)
    var text = [UInt8](repeating: 0xFF, count: 24)
    let end = text.withUnsafeMutableBytes { CRC32.writeDigits(of: value, into: $0, at: 2) }
    #expect(Array(text[2..<end]) == Array(String(value).utf8))
    #expect(text[end] == 0xFF && text[1] == 0xFF)
  }

  /// The buffer form (eight bytes a step) against the byte form, every length from 0 to 300
  /// from every start offset up to 8 (alignment), on seeded random bytes.
  @Test func theBufferFormAgreesWithTheByteFormAtEveryLengthAndOffset() {
    let seed: UInt64 = 0x5EED_C2C3
    var state = seed
    let bytes = (0..<310).map { _ -> UInt8 in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 33)
    }
    for offset in 0..<8 {
      for length in 0...300 {
        var byteWise = CRC32()
        byteWise.update(bytes[offset..<(offset + length)])
        var sliced = CRC32()
        bytes.withUnsafeBytes {
          sliced.update(UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + length)]))
        }
        #expect(sliced.value == byteWise.value, "seed \(seed), offset \(offset), length \(length)")
        if sliced.value != byteWise.value { return }
      }
    }
  }
}
