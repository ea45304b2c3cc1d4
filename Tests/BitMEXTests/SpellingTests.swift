import MarketModel
import Testing

@testable import BitMEX

/// Every key and word reads the same by pattern in place and the general way.
@Suite struct SpellingTests {
  /// `read` on `text` followed by 32 spaces (room for a word compare) and on `text` alone
  /// (too short for one: the general way).
  private func bothWays<T>(
    _ text: String, _ read: (inout JSONScanner) throws(DecodeError) -> T
  ) throws -> (inPlace: T, general: T) {
    func run(_ bytes: [UInt8]) throws -> T {
      try bytes.withUnsafeBufferPointer { b throws in
        var s = JSONScanner(b.baseAddress!, count: b.count)
        return try read(&s)
      }
    }
    return (try run(Array((text + String(repeating: " ", count: 32)).utf8)), try run(Array(text.utf8)))
  }

  private static let keys = Wire.all.map { String(describing: $0.1) }.filter {
    $0.hasPrefix("\"") && $0.hasSuffix(":")
  }
  // Words are quoted; the one-pass readers' runs (`,"tickDirection"`) are not words.
  private static let words = Wire.all.map { String(describing: $0.1) }.filter {
    $0.hasPrefix("\"") && $0.hasSuffix("\"")
  }

  @Test(arguments: keys)
  func keysReadAlike(text: String) throws {
    let envelope = try bothWays(text + "1") { (s: inout JSONScanner) throws(DecodeError) in
      try s.readKey(BitMEXDecoder.EnvelopeKey.spelled)
    }
    #expect(envelope.inPlace == envelope.general)
    let book = try bothWays(text + "1") { (s: inout JSONScanner) throws(DecodeError) in
      try s.readKey(BitMEXDecoder.BookKey.spelled)
    }
    #expect(book.inPlace == book.general)
    let trade = try bothWays(text + "1") { (s: inout JSONScanner) throws(DecodeError) in
      try s.readKey(BitMEXDecoder.TradeKey.spelled)
    }
    #expect(trade.inPlace == trade.general)
    let liquidation = try bothWays(text + "1") { (s: inout JSONScanner) throws(DecodeError) in
      try s.readKey(BitMEXDecoder.LiquidationKey.spelled)
    }
    #expect(liquidation.inPlace == liquidation.general)
    #expect(
      envelope.inPlace != nil || book.inPlace != nil || trade.inPlace != nil || liquidation.inPlace != nil,
      "a key no list knows")
  }

  @Test(arguments: words)
  func wordsReadAlike(text: String) throws {
    let table = try bothWays(text) { (s: inout JSONScanner) throws(DecodeError) in
      try s.readWord(TableKind.spelled).word
    }
    #expect(table.inPlace == table.general)
    let action = try bothWays(text) { (s: inout JSONScanner) throws(DecodeError) in
      try s.readWord(TableAction.spelled).word
    }
    #expect(action.inPlace == action.general)
    let side = try bothWays(text) { (s: inout JSONScanner) throws(DecodeError) in
      try s.readWord(Side.spelled).word
    }
    #expect(side.inPlace == side.general)
    let tick = try bothWays(text) { (s: inout JSONScanner) throws(DecodeError) in
      try s.readWord(TickDirection.spelled).word
    }
    #expect(tick.inPlace == tick.general)
    #expect(table.inPlace != nil || action.inPlace != nil || side.inPlace != nil || tick.inPlace != nil)
  }

  /// Unknown, escaped and too-long spellings match nothing either way; `orderBookL2_100`,
  /// too long for a pattern, is known by name.
  @Test func otherSpellings() throws {
    for text in [#""sid\u0065":"#, #""Side":"#, #""sid":"#, #""sides":"#, #""transactTimes":"#] {
      let key = try bothWays(text + "1") { (s: inout JSONScanner) throws(DecodeError) in
        try s.readKey(BitMEXDecoder.BookKey.spelled)
      }
      #expect(key.inPlace == nil && key.general == nil, "\(text)")
    }
    for text in [#""B\u0075y""#, #""buy""#, #""Buyer""#, #""""#] {
      let side = try bothWays(text) { (s: inout JSONScanner) throws(DecodeError) in
        try s.readWord(Side.spelled).word
      }
      #expect(side.inPlace == nil && side.general == nil, "\(text)")
    }
    let long = try bothWays(#""orderBookL2_100""#) { (s: inout JSONScanner) throws(DecodeError) in
      let (word, raw) = try s.readWord(TableKind.spelled)
      return word ?? raw.map { TableKind.named($0, in: s) }
    }
    #expect(long.inPlace == .book(.top100) && long.general == .book(.top100))
  }
}
