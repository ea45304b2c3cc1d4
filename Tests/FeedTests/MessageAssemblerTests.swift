import Testing

@testable import Feed

/// Frames fed as libcurl would hand them over, split at every possible point.
@Suite struct MessageAssemblerTests {
  /// One frame: its kind, continuation flag and payload.
  struct Frame {
    var kind: WebSocketChunk.Kind
    var continues = false
    var payload: [UInt8]
  }

  @Test func fragmentedTextWithAPingInBetweenInEverySplit() {
    let text = Array("Hello, κόσμε — 😀".utf8)
    for cut in 0...text.count {
      var a = MessageAssembler()
      var messages: [[UInt8]] = []
      var events: [MessageAssembler.Event] = []
      // Split the message itself into two fragments at `cut`, a PING between them.
      let frames = [
        Frame(kind: .text, continues: true, payload: Array(text[..<cut])),
        Frame(kind: .ping, payload: [1, 2, 3]),
        Frame(kind: .text, continues: false, payload: Array(text[cut...])),
      ]
      for f in frames {
        let chunk = WebSocketChunk(kind: f.kind, continues: f.continues, offset: 0, bytesLeft: 0)
        if let e = f.payload.withUnsafeBytes({ a.feed(chunk, $0) }) {
          events.append(e)
          if e == .text { messages.append(a.message) }
        }
      }
      #expect(events == [.ping(payload: [1, 2, 3]), .text], "cut \(cut)")
      #expect(messages == [text], "cut \(cut)")
    }
  }

  @Test func aFrameDeliveredInChunksAtEverySplit() {
    let text = Array(#"{"table":"trade","action":"insert","data":[]}"#.utf8)
    for cut in 0...text.count {
      var a = MessageAssembler()
      var got: [UInt8]?
      // libcurl hands out non-empty chunks (an empty one only for an empty frame).
      let parts = [Array(text[..<cut]), Array(text[cut...])].filter { !$0.isEmpty }
      var offset = 0
      for part in parts {
        let chunk = WebSocketChunk(
          kind: .text, continues: false, offset: offset, bytesLeft: text.count - offset - part.count)
        if let e = part.withUnsafeBytes({ a.feed(chunk, $0) }) {
          #expect(e == .text)
          got = a.message
        }
        offset += part.count
      }
      #expect(got == text, "cut \(cut)")
    }
  }

  @Test func invalidUTF8FailsFastWith1007() {
    var a = MessageAssembler()
    let bad: [UInt8] = Array("ok".utf8) + [0xED, 0xA0, 0x80]
    let chunk = WebSocketChunk(kind: .text, continues: true, offset: 0, bytesLeft: 100)
    let e = bad.withUnsafeBytes { a.feed(chunk, $0) }
    #expect(e == .failure(code: 1007, reason: "text message is not valid UTF-8"))
  }

  @Test func textEndingMidCodePointFails() {
    var a = MessageAssembler()
    let chunk = WebSocketChunk(kind: .text, continues: false, offset: 0, bytesLeft: 0)
    let e = [UInt8]([0x61, 0xE2, 0x82]).withUnsafeBytes { a.feed(chunk, $0) }
    #expect(e == .failure(code: 1007, reason: "text message ends inside a UTF-8 sequence"))
  }

  @Test func binaryIsNotValidated() {
    var a = MessageAssembler()
    let chunk = WebSocketChunk(kind: .binary, continues: false, offset: 0, bytesLeft: 0)
    let e = [UInt8]([0xFF, 0xFE]).withUnsafeBytes { a.feed(chunk, $0) }
    #expect(e == .binary)
    #expect(a.message == [0xFF, 0xFE])
  }

  @Test func oversizedMessageFailsWith1009() {
    var a = MessageAssembler(maxMessageBytes: 10)
    let chunk = WebSocketChunk(kind: .text, continues: true, offset: 0, bytesLeft: 0)
    _ = [UInt8](repeating: 0x61, count: 6).withUnsafeBytes { a.feed(chunk, $0) }
    let e = [UInt8](repeating: 0x61, count: 6).withUnsafeBytes { a.feed(chunk, $0) }
    #expect(e == .failure(code: 1009, reason: "message larger than 10 bytes"))
  }

  static let closeCases: [([UInt8], MessageAssembler.Event)] = [
    ([], .close(code: nil, reason: "")),
    ([0x03], .failure(code: 1002, reason: "close frame of one byte")),
    ([0x03, 0xE8], .close(code: 1000, reason: "")),
    ([0x03, 0xE8] + Array("bye".utf8), .close(code: 1000, reason: "bye")),
    ([0x0B, 0xB8], .close(code: 3000, reason: "")),
    ([0x13, 0x87], .close(code: 4999, reason: "")),
    ([0x03, 0xED], .failure(code: 1002, reason: "invalid close code 1005")),
    ([0x03, 0xEE], .failure(code: 1002, reason: "invalid close code 1006")),
    ([0x03, 0xF7], .failure(code: 1002, reason: "invalid close code 1015")),
    ([0x03, 0xE7], .failure(code: 1002, reason: "invalid close code 999")),
    ([0x07, 0xD0], .failure(code: 1002, reason: "invalid close code 2000")),
    ([0x03, 0xE8, 0xFF], .failure(code: 1007, reason: "close reason is not valid UTF-8")),
  ]

  @Test(arguments: closeCases)
  func closeFrames(payload: [UInt8], expected: MessageAssembler.Event) {
    // Split the close payload at every point: the verdict must not change.
    for cut in 0...payload.count {
      var a = MessageAssembler()
      var event: MessageAssembler.Event?
      var offset = 0
      for part in [Array(payload[..<cut]), Array(payload[cut...])]
      where !(part.isEmpty && offset > 0 && offset == payload.count) {
        let chunk = WebSocketChunk(
          kind: .close, continues: false, offset: offset, bytesLeft: payload.count - offset - part.count)
        if let e = part.withUnsafeBytes({ a.feed(chunk, $0) }) { event = e }
        offset += part.count
        if offset == payload.count { break }
      }
      #expect(event == expected, "cut \(cut)")
    }
  }

  @Test func pingPayloadSplitAcrossChunksIsWhole() {
    let payload: [UInt8] = Array(0..<125)
    for cut in 1..<payload.count {
      var a = MessageAssembler()
      let first = WebSocketChunk(kind: .ping, continues: false, offset: 0, bytesLeft: payload.count - cut)
      let second = WebSocketChunk(kind: .ping, continues: false, offset: cut, bytesLeft: 0)
      #expect(Array(payload[..<cut]).withUnsafeBytes { a.feed(first, $0) } == nil)
      #expect(Array(payload[cut...]).withUnsafeBytes { a.feed(second, $0) } == .ping(payload: payload))
    }
  }

  @Test func newMessageInsideAFragmentedOneIsAProtocolError() {
    var a = MessageAssembler()
    _ = [UInt8](Array("a".utf8)).withUnsafeBytes {
      a.feed(WebSocketChunk(kind: .text, continues: true, offset: 0, bytesLeft: 0), $0)
    }
    let e = [UInt8]([1]).withUnsafeBytes {
      a.feed(WebSocketChunk(kind: .binary, continues: false, offset: 0, bytesLeft: 0), $0)
    }
    #expect(e == .failure(code: 1002, reason: "a new message began inside a fragmented one"))
  }
}
