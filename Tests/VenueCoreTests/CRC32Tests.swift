import Testing
import VenueCore

@Suite struct CRC32Tests {
  @Test func matchesTheStandardCheckValue() {
    var crc = CRC32()
    crc.update(Array("123456789".utf8))
    #expect(crc.value == 0xCBF4_3926)
  }

  @Test(arguments: [0, 7, 10, 630_033, 1_661_321, UInt64.max])
  func digitsAreTheirDecimalText(value: UInt64) {
    var a = CRC32()
    a.updateDigits(of: value)
    var b = CRC32()
    b.update(Array(String(value).utf8))
    #expect(a.value == b.value)
  }
}
