import MarketModel

/// The envelope fields of acknowledgements and errors: `filter`, `subscribe`, `error`,
/// `meta` and `request`.
extension BitMEXDecoder {
  func readTopic(_ s: inout JSONScanner) throws(DecodeError) -> String? {
    if s.consumeNull() { return nil }
    return try s.readString()
  }

  mutating func readFilterSymbol(_ s: inout JSONScanner) throws(DecodeError) -> Symbol? {
    if s.consumeNull() { return nil }
    try s.beginObject()
    var symbol: Symbol?
    var first = true
    while let key = try s.nextKey(first: &first) {
      if s.equals(key, "symbol") {
        symbol = try readSymbol(&s)
      } else {
        try s.skipValue()
      }
    }
    return symbol
  }

  /// `error` is a string on WebSocket frames and `{"message":…,"name":…}` in REST bodies.
  func readErrorText(_ s: inout JSONScanner) throws(DecodeError) -> String? {
    if s.consumeNull() { return nil }
    s.skipSpace()
    if s.peek() == UInt8(ascii: "{") {
      try s.beginObject()
      var message: String?
      var first = true
      while let key = try s.nextKey(first: &first) {
        if s.equals(key, "message"), !s.consumeNull() {
          message = try s.readString()
        } else {
          try s.skipValue()
        }
      }
      return message ?? "unknown error"
    }
    return try s.readString()
  }

  func readRetryAfter(_ s: inout JSONScanner) throws(DecodeError) -> Double? {
    if s.consumeNull() { return nil }
    try s.beginObject()
    var value: Double?
    var first = true
    while let key = try s.nextKey(first: &first) {
      if s.equals(key, "retryAfter"), !s.consumeNull() {
        value = try s.readDouble()
      } else {
        try s.skipValue()
      }
    }
    return value
  }

  /// `request.args` may be one string or an array of them.
  func readRequestArgs(_ s: inout JSONScanner) throws(DecodeError) -> [String] {
    if s.consumeNull() { return [] }
    try s.beginObject()
    var args: [String] = []
    var first = true
    while let key = try s.nextKey(first: &first) {
      guard s.equals(key, "args") else {
        try s.skipValue()
        continue
      }
      s.skipSpace()
      switch s.peek() {
      case UInt8(ascii: "\""):
        args = [try s.readString()]
      case UInt8(ascii: "["):
        try s.beginArray()
        var firstElement = true
        while try s.nextElement(first: &firstElement) {
          if s.peek() == UInt8(ascii: "\"") { args.append(try s.readString()) } else { try s.skipValue() }
        }
      default:
        try s.skipValue()
      }
    }
    return args
  }
}
