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
}
