/// WebSocket close status codes (RFC 6455 §7.4) that tradeterm sends or checks.
enum CloseCode {
  static let normal: UInt16 = 1000
  static let goingAway: UInt16 = 1001
  static let protocolError: UInt16 = 1002
  static let unsupportedData: UInt16 = 1003
  /// Received in place of a code when the peer sent none; never sent.
  static let noStatus: UInt16 = 1005
  static let invalidPayload: UInt16 = 1007
  static let policyViolation: UInt16 = 1008
  static let messageTooBig: UInt16 = 1009
  static let internalError: UInt16 = 1011

  /// Whether a peer may send `code` in a close frame: the defined codes that are not
  /// reserved for local use, and the 3000–4999 ranges for libraries and applications.
  static func isValidReceived(_ code: UInt16) -> Bool {
    switch code {
    case 1000...1003, 1007...1011: true
    case 3000...4999: true
    default: false
    }
  }
}
