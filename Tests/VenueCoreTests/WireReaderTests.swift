import Testing
import WireJSON

@Suite struct WireReaderTests {
  /// Strings of every length up to 40, with an escape, a control or the closing quote at every
  /// position: the span read is the same whether the bytes went eight at a time or one.
  @Test func stringsAreReadWholeAtEveryLengthAndPosition() throws {
    for length in 0...40 {
      let body = String(repeating: "a", count: length)
      for (text, expected) in [("\"\(body)\"", body), ("\"\(body)\\n\(body)\" ", "\(body)\\n\(body)")] {
        let bytes = Array(text.utf8)
        let span = try bytes.withUnsafeBufferPointer { buf throws(WireError) -> String in
          var r = WireReader(buf)
          return String(decoding: try r.readStringSpan(), as: UTF8.self)
        }
        #expect(span == expected, "length \(length)")
      }
      for cut in 0..<length {
        var bytes = Array("\"\(body)\"".utf8)
        bytes[1 + cut] = 0x01
        let refused = bytes.withUnsafeBufferPointer { buf -> Bool in
          var r = WireReader(buf)
          do throws(WireError) {
            _ = try r.readStringSpan()
            return false
          } catch {
            return error.offset == 1 + cut
          }
        }
        #expect(refused, "a control at \(cut) of \(length)")
      }
    }
  }

  @Test func anUnterminatedStringIsRefused() {
    for length in 0...20 {
      let bytes = Array(("\"" + String(repeating: "b", count: length)).utf8)
      let refused = bytes.withUnsafeBufferPointer { buf -> Bool in
        var r = WireReader(buf)
        return (try? r.readStringSpan()) == nil
      }
      #expect(refused, "length \(length)")
    }
  }

  /// Seeded strings of bytes next to the special ones (`#` and `!` beside the quote, `]` and `[`
  /// beside the backslash, 0x1F and 0x20, UTF-8 bytes over 0x80), each ended at a random place:
  /// the span ends at the first closing quote, as a byte-at-a-time reading finds it.
  @Test func theFirstQuoteIsFoundAmongItsNeighbours() throws {
    let seed: UInt64 = 0x57A1_D00D
    var state = seed
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    let alphabet: [UInt8] = [0x21, 0x23, 0x5B, 0x5D, 0x20, 0x7F, 0x80, 0xA2, 0xDC, 0xC3, 0x61]
    for round in 0..<2_000 {
      let length = Int(next() % 40)
      var body = (0..<length).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] }
      if !body.isEmpty, next() % 3 == 0 {
        // An escaped quote somewhere inside: it does not end the string.
        let at = Int(next() % UInt64(body.count))
        body.replaceSubrange(at..<at, with: [0x5C, 0x22])
      }
      let bytes = [0x22] + body + [0x22] + Array(#", "x":1}"#.utf8)
      let span = try bytes.withUnsafeBufferPointer { buf throws(WireError) -> [UInt8] in
        var r = WireReader(buf)
        return Array(try r.readStringSpan())
      }
      #expect(span == body, "seed \(seed), round \(round): \(body)")
      if span != body { return }
    }
  }
}
