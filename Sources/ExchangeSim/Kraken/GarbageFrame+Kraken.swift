extension GarbageFrame {
  /// The frame a Kraken session gets for this kind: the same bytes where the kind is not about a
  /// message's shape (not JSON, binary, bad UTF-8, empty, deep, oversized); otherwise Kraken's
  /// shapes gone wrong, so that a Kraken client's decoder is what meets them.
  var krakenPayload: (bytes: [UInt8], binary: Bool) {
    switch self {
    case .notJSON, .binary, .invalidUTF8, .empty, .deepNesting, .oversized:
      payload
    case .wrongShape:
      (Array(#"{"channel":"book","type":"sideways","data":{"symbol":"BTC/USD","bids":{}}}"#.utf8), false)
    case .truncated:
      (
        Array(
          #"{"channel":"book","type":"update","data":[{"symbol":"BTC/USD","bids":[{"price":63005.0,"qty":0.1"#
            .utf8),
        false
      )
    case .wrongTypes:
      (
        Array(
          (#"{"channel":"book","type":"update","data":[{"symbol":"BTC/USD","bids":[{"price":"x","qty":["1"]}],"#
            + #""asks":[],"checksum":"7"}]}"#).utf8), false
      )
    case .outOfRange:
      (
        Array(
          (#"{"channel":"book","type":"update","data":[{"symbol":"BTC/USD","bids":[{"price":1e400,"qty":-1}],"#
            + #""asks":[],"checksum":4294967296}]}"#).utf8), false
      )
    case .nulls:
      (Array(#"{"channel":null,"type":null,"data":null}"#.utf8), false)
    case .controlBytes:
      (
        Array(#"{"channel":"trade","type":"update","data":[{"symbol":"BTC"#.utf8) + [0x00, 0x1B]
          + Array(#"/USD","side":"buy","price":1.0,"qty":1.0,"ord_type":"market","trade_id":1}]}"#.utf8),
        false
      )
    case .unknownTable:
      (Array(#"{"channel":"ohlc","type":"update","data":[{"symbol":"BTC/USD","open":1.0}]}"#.utf8), false)
    }
  }
}
