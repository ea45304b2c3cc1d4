/// What libcurl says about a chunk of a received WebSocket frame (`struct curl_ws_frame`),
/// in plain values so the assembler that uses it stays free of libcurl.
struct WebSocketChunk: Sendable {
  /// The frame's kind as libcurl reports it.
  enum Kind: Sendable, Equatable {
    case text
    case binary
    case ping
    case pong
    case close
  }

  var kind: Kind
  /// More fragments of this message follow in later frames (`CURLWS_CONT`).
  var continues: Bool
  /// Where this chunk starts within its frame's payload.
  var offset: Int
  /// Payload bytes of this frame still to come after this chunk.
  var bytesLeft: Int
}
