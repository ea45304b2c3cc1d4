/// A malformed frame the simulator can send to test a client's robustness.
public enum GarbageFrame: String, Sendable, Hashable, CaseIterable {
  /// A text frame that is not JSON.
  case notJSON
  /// A binary frame (BitMEX only sends text).
  case binary
  /// Valid JSON of the wrong shape (`data` an object, an unknown action).
  case wrongShape
  /// A text frame whose bytes are not valid UTF-8.
  case invalidUTF8
  /// JSON cut off in the middle.
  case truncated

  /// The payload, and whether it goes in a binary frame.
  var payload: (bytes: [UInt8], binary: Bool) {
    switch self {
    case .notJSON:
      (Array("this is not json <html>".utf8), false)
    case .binary:
      ([0x00, 0x01, 0x02, 0xFF, 0xFE, 0x7B, 0x22], true)
    case .wrongShape:
      (
        Array(#"{"table":"orderBookL2_25","action":"sideways","data":{"symbol":"XBTUSD","id":"x"}}"#.utf8),
        false
      )
    case .invalidUTF8:
      (
        Array(#"{"table":"trade","action":"insert","data":[{"symbol":"XBT"#.utf8) + [0xC3, 0x28, 0xFF]
          + Array(#""}]}"#.utf8), false
      )
    case .truncated:
      (Array(#"{"table":"orderBookL2_25","action":"update","data":[{"symbol":"XBTUSD","id":62"#.utf8), false)
    }
  }
}
