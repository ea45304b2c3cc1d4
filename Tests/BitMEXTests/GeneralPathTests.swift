import MarketModel
import TestSupport
import Testing

@testable import BitMEX

/// Every recorded frame decodes to the same batch with white space between all its tokens:
/// then no key matches its pattern in place (a pattern ends with the colon), and each goes
/// the general way. (Words go the general way near the end of a message: `SpellingTests`.)
@Suite struct GeneralPathTests {
  /// `json` with a space and a line break after every `{`, `[`, `,` and `:` outside strings,
  /// and a space before every `,` and `:`.
  static func spaced(_ json: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    var inString = false
    var escaped = false
    for byte in json {
      if !inString && (byte == UInt8(ascii: ":") || byte == UInt8(ascii: ",")) {
        out.append(UInt8(ascii: " "))
      }
      out.append(byte)
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
      } else if byte == UInt8(ascii: "\"") {
        inString = true
      } else if Array("{[,:".utf8).contains(byte) {
        out += Array(" \n".utf8)
      }
    }
    return out
  }

  @Test(arguments: Fixture.jsonlNames)
  func framesDecodeAlikeSpaced(_ name: String) throws {
    for (n, line) in Fixture.lines(name).enumerated() where line.count < 100_000 {
      var compact = MarketBatch()
      var spaced = MarketBatch()
      var decoder = BitMEXDecoder()
      try decoder.decode(line, into: &compact)
      decoder = BitMEXDecoder()
      try decoder.decode(Self.spaced(line), into: &spaced)
      #expect(spaced.events == compact.events, "\(name) line \(n + 1)")
      #expect(spaced.bookRows == compact.bookRows, "\(name) line \(n + 1)")
      #expect(spaced.trades == compact.trades, "\(name) line \(n + 1)")
      #expect(spaced.quotes == compact.quotes, "\(name) line \(n + 1)")
      #expect(spaced.instruments == compact.instruments, "\(name) line \(n + 1)")
    }
  }
}
