/// Turns the chunks libcurl hands out (`curl_ws_recv`: part of a frame at a time, frames
/// of a fragmented message one after another, control frames in between) into whole
/// messages and control events, enforcing what RFC 6455 asks of a client that libcurl
/// does not: UTF-8 text (fail fast, 1007), a size cap (1009), valid close frames (1002).
///
/// Pure: no I/O. The connection feeds it; tests feed it every possible split.
struct MessageAssembler: Sendable {
  /// What a chunk completed.
  enum Event: Sendable, Equatable {
    /// A whole text message is in `message`.
    case text
    /// A whole binary message is in `message`.
    case binary
    /// A whole PING arrived; answer with a PONG carrying `payload`.
    case ping(payload: [UInt8])
    /// A PONG arrived.
    case pong(payload: [UInt8])
    /// The peer closes: echo `code` (nil when it sent none) and stop.
    case close(code: UInt16?, reason: String)
    /// The peer broke the protocol: close with `code` and stop.
    case failure(code: UInt16, reason: String)
  }

  /// The largest message accepted (16 MiB by default).
  let maxMessageBytes: Int
  /// The message completed by the last `.text`/`.binary` event; valid until the next feed.
  private(set) var message: [UInt8] = []
  private var messageKind: WebSocketChunk.Kind?
  private var delivered = false
  private var validator = UTF8Validator()
  private var control: [UInt8] = []

  init(maxMessageBytes: Int = 16 << 20) {
    self.maxMessageBytes = maxMessageBytes
    message.reserveCapacity(64 << 10)
    control.reserveCapacity(125)
  }

  /// Feeds one chunk; returns the event it completes, if any.
  mutating func feed(_ chunk: WebSocketChunk, _ bytes: UnsafeRawBufferPointer) -> Event? {
    if delivered {
      message.removeAll(keepingCapacity: true)
      delivered = false
    }
    switch chunk.kind {
    case .text, .binary:
      if let kind = messageKind, kind != chunk.kind {
        return fail(CloseCode.protocolError, "a new message began inside a fragmented one")
      }
      messageKind = chunk.kind
      if message.count + bytes.count > maxMessageBytes {
        return fail(CloseCode.messageTooBig, "message larger than \(maxMessageBytes) bytes")
      }
      if chunk.kind == .text, !validator.feed(bytes) {
        return fail(CloseCode.invalidPayload, "text message is not valid UTF-8")
      }
      message.append(contentsOf: bytes)
      guard chunk.bytesLeft == 0, !chunk.continues else { return nil }
      if chunk.kind == .text, !validator.isComplete {
        return fail(CloseCode.invalidPayload, "text message ends inside a UTF-8 sequence")
      }
      messageKind = nil
      validator.reset()
      delivered = true
      return chunk.kind == .text ? .text : .binary
    case .ping, .pong, .close:
      if chunk.offset == 0 { control.removeAll(keepingCapacity: true) }
      if control.count + bytes.count > 125 {
        return fail(CloseCode.protocolError, "control frame longer than 125 bytes")
      }
      control.append(contentsOf: bytes)
      guard chunk.bytesLeft == 0 else { return nil }
      switch chunk.kind {
      case .ping: return .ping(payload: control)
      case .pong: return .pong(payload: control)
      default: return closeEvent()
      }
    }
  }

  private func closeEvent() -> Event {
    if control.isEmpty { return .close(code: nil, reason: "") }
    guard control.count >= 2 else {
      return .failure(code: CloseCode.protocolError, reason: "close frame of one byte")
    }
    let code = UInt16(control[0]) << 8 | UInt16(control[1])
    guard CloseCode.isValidReceived(code) else {
      return .failure(code: CloseCode.protocolError, reason: "invalid close code \(code)")
    }
    let reason = control[2...]
    let valid = reason.withUnsafeBytes { UTF8Validator.isValid($0) }
    guard valid else {
      return .failure(code: CloseCode.invalidPayload, reason: "close reason is not valid UTF-8")
    }
    return .close(code: code, reason: String(decoding: reason, as: UTF8.self))
  }

  private mutating func fail(_ code: UInt16, _ reason: String) -> Event {
    message.removeAll(keepingCapacity: true)
    messageKind = nil
    validator.reset()
    return .failure(code: code, reason: reason)
  }
}
