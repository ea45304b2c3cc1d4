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
  /// An empty text frame.
  case empty
  /// JSON nested 100,000 arrays deep (a recursive parser runs out of stack).
  case deepNesting
  /// A text frame of 2 MB that is not JSON.
  case oversized
  /// A book row whose fields have the wrong types (a string size, an array side).
  case wrongTypes
  /// A book row with numbers out of range (1e400, a negative size, an id past 2^64).
  case outOfRange
  /// `null` where the table, action and rows belong.
  case nulls
  /// Raw control bytes (NUL, ESC) inside a JSON string.
  case controlBytes
  /// A well-formed message of a table nobody subscribed (a client ignores it).
  case unknownTable

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
    case .empty:
      ([], false)
    case .deepNesting:
      (Array(repeating: UInt8(ascii: "["), count: 100_000), false)
    case .oversized:
      (Array(repeating: UInt8(ascii: "x"), count: 2 << 20), false)
    case .wrongTypes:
      (
        Array(
          (#"{"table":"orderBookL2_25","action":"update","data":[{"symbol":"XBTUSD","id":"62","side":["Buy"],"#
            + #""size":"lots","price":{}}]}"#).utf8), false
      )
    case .outOfRange:
      (
        Array(
          (#"{"table":"orderBookL2_25","action":"update","data":[{"symbol":"XBTUSD","id":184467440737095516160,"#
            + #""side":"Buy","size":-1e400,"price":1e400}]}"#).utf8), false
      )
    case .nulls:
      (Array(#"{"table":null,"action":null,"data":null}"#.utf8), false)
    case .controlBytes:
      (
        Array(#"{"table":"trade","action":"insert","data":[{"symbol":"XBT"#.utf8) + [0x00, 0x1B]
          + Array(#"USD","side":"Buy","size":1,"price":1}]}"#.utf8), false
      )
    case .unknownTable:
      (
        Array(#"{"table":"liquidation","action":"insert","data":[{"symbol":"XBTUSD","orderID":"x"}]}"#.utf8),
        false
      )
    }
  }
}
