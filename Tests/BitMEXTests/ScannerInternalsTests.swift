import MarketModel
import Testing

@testable import BitMEX

/// The decoder's word-at-a-time tricks agree with the plain definitions.
@Suite struct ScannerInternalsTests {
  @Test func wirePatternsMatchTheirText() {
    for (pattern, text) in Wire.all {
      #expect(pattern == BytePattern(text), "\(text)")
    }
  }

  @Test(arguments: ["00000000", "12345678", "99999999", "87963239", "62400580"])
  func eightDigits(text: String) {
    let word = Array(text.utf8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    #expect(JSONScanner.allDigits(word))
    #expect(JSONScanner.eightDigits(word) == UInt64(text))
  }

  @Test(arguments: ["1234567a", "1234567/", "1234567:", "-1234567", "1234 567", "12345.78"])
  func notEightDigits(text: String) {
    let word = Array(text.utf8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    #expect(!JSONScanner.allDigits(word))
  }

  @Test func specialBytesFindTheFirstQuoteBackslashOrControl() {
    for (text, index) in [
      ("abcdefgh", nil), ("abc\"efgh", 3), ("\\bcdefgh", 0), ("abcdefg\u{1}", 7), ("a\"\"defgh", 1),
    ] {
      let word = Array(text.utf8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
      let mask = JSONScanner.specialBytes(word)
      #expect((mask == 0 ? nil : mask.trailingZeroBitCount >> 3) == index, "\(text)")
    }
  }

  @Test func symbolsAreInlineAndExact() throws {
    let s: Symbol = "XBTUSD"
    #expect(s.description == "XBTUSD")
    #expect(s.count == 6)
    #expect(s == Symbol("XBTUSD"))
    #expect(s != Symbol("XBTUSDT"))
    #expect(Symbol(String(repeating: "A", count: 23))?.count == 23)
    #expect(Symbol(String(repeating: "A", count: 24)) == nil)
    #expect(Symbol.empty.isEmpty)
    #expect(Symbol(String(".BXBT30M"))?.description == ".BXBT30M")
  }

  @Test func overlongSymbolIsADecodeError() {
    let long = String(repeating: "X", count: 30)
    #expect(throws: DecodeError.self) {
      try decodeOne(
        #"{"table":"orderBookL2","action":"delete","data":[{"symbol":"\#(long)","id":1,"side":"Buy"}]}"#)
    }
  }

  @Test func symbolCacheFollowsChangingSymbols() throws {
    var decoder = BitMEXDecoder()
    var batch = MarketBatch()
    for symbol in ["XBTUSD", "ETHUSD", "XBTUSD", "SOLUSDT", "A"] {
      try decoder.decode(
        #"{"table":"orderBookL2","action":"delete","data":[{"symbol":"\#(symbol)","id":1,"side":"Buy"}]}"#,
        into: &batch)
    }
    #expect(batch.bookRows.map(\.symbol.description) == ["XBTUSD", "ETHUSD", "XBTUSD", "SOLUSDT", "A"])
  }
}
