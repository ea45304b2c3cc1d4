import TestSupport
import Testing
import VenueCore

/// `Symbol`'s order is its text's byte order (a prefix first), compared in words without making
/// text: the markets list sorts 5,000 rows by it at every change.
@Suite struct SymbolOrderTests {
  @Test(arguments: [
    ("XBTUSD", "XBTUSDT", true), ("XBTUSDT", "XBTUSD", false), ("ETHUSD", "XBTUSD", true),
    ("", "A", true), ("A", "", false), ("A", "A", false), ("BTC/USD", "BTC-USD", false),
    ("BTC-USD", "BTC/USD", true), ("ABCDEFGHIJKLMNOPQRSTUVW", "ABCDEFGHIJKLMNOPQRSTUVV", false),
    ("ABCDEFGHIJKLMNOPQRSTUV", "ABCDEFGHIJKLMNOPQRSTUVW", true), ("ABCDEFGH", "ABCDEFGHI", true),
    ("ABCDEFGHIJKLMNOP", "ABCDEFGHIJKLMNOQ", true), ("Z", "a", true), ("é", "z", false),
  ])
  func ordersAsItsText(a: String, b: String, less: Bool) throws {
    let x = try #require(Symbol(a))
    let y = try #require(Symbol(b))
    #expect((x < y) == less, "\(a) < \(b)")
    #expect((x < y) == (a < b), "as String orders \(a) and \(b)")
  }

  /// Seeded random symbols of 0 to 23 bytes from a small alphabet (so prefixes and ties are
  /// common), every pair: the words' order is the bytes' order, and it agrees with `==`.
  @Test func randomSymbolsOrderAsTheirBytes() throws {
    let seed: UInt64 = 0x5EED_5B01
    var random = SimRandom(seed: seed)
    func next() -> UInt64 { random.next() }
    let alphabet = Array("AB-/\u{0}Z".utf8)
    var texts: [[UInt8]] = []
    for _ in 0..<300 {
      let length = Int(next() % 24)
      texts.append((0..<length).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] })
    }
    let symbols = try texts.map { bytes in try #require(bytes.withUnsafeBufferPointer { Symbol(utf8: $0) }) }
    for i in texts.indices {
      for j in texts.indices {
        let bytesLess = texts[i].lexicographicallyPrecedes(texts[j])
        #expect((symbols[i] < symbols[j]) == bytesLess, "seed \(seed): \(texts[i]) < \(texts[j])")
        #expect((symbols[i] == symbols[j]) == (texts[i] == texts[j]), "seed \(seed)")
      }
    }
  }
}
