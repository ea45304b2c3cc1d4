import TestSupport
import Testing

@testable import Feed

/// The incremental validator agrees with the standard library's decoder, whole and split.
@Suite struct UTF8ValidatorTests {
  static let valid: [[UInt8]] = [
    [], Array("hello".utf8), Array("κόσμε".utf8), Array("€ 😀 𝄞 中文".utf8), [0xEF, 0xBF, 0xBF],
    [0xF4, 0x8F, 0xBF, 0xBF],
    [0xED, 0x9F, 0xBF], Array(String(repeating: "abcdefgh", count: 5).utf8) + [0xC3, 0xA9],
  ]
  static let invalid: [[UInt8]] = [
    [0x80], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5],
    [0xFE], [0xFF], [0xC3], [0xE2, 0x82], Array("abc".utf8) + [0xC3, 0x28], [0xF0, 0x9F, 0x98],
    Array(String(repeating: "a", count: 20).utf8) + [0xBF],
  ]

  @Test(arguments: valid)
  func validBytesAreAcceptedInEverySplit(_ bytes: [UInt8]) {
    for cut in 0...bytes.count {
      var v = UTF8Validator()
      #expect(
        v.feed(Array(bytes[..<cut])) && v.feed(Array(bytes[cut...])) && v.isComplete, "\(bytes) cut \(cut)")
    }
  }

  @Test(arguments: invalid)
  func invalidBytesAreRejectedInEverySplit(_ bytes: [UInt8]) {
    for cut in 0...bytes.count {
      var v = UTF8Validator()
      let ok = v.feed(Array(bytes[..<cut])) && v.feed(Array(bytes[cut...])) && v.isComplete
      #expect(!ok, "\(bytes) cut \(cut)")
    }
  }

  @Test(arguments: [UInt64(1), 2, 3])
  func agreesWithTheStandardLibraryOnRandomBytes(seed: UInt64) {
    var rng = SimRandom(seed: seed)
    for _ in 0..<5_000 {
      let n = Int.random(in: 0...12, using: &rng)
      let bytes = (0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) }
      let ours = bytes.withUnsafeBytes { UTF8Validator.isValid($0) }
      let theirs = String(validating: bytes, as: UTF8.self) != nil
      #expect(ours == theirs, "\(bytes), seed \(seed)")
    }
  }
}
