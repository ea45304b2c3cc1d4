import CCurl

#if canImport(Glibc)
import Glibc
#endif

/// One WebSocket connection through libcurl's WebSocket API: `CURLOPT_CONNECT_ONLY = 2`
/// for the upgrade, then `curl_ws_recv` / `curl_ws_send` on a non-blocking socket that
/// the caller waits on with `poll`.
///
/// libcurl delivers frames in chunks and leaves several RFC 6455 duties to the
/// application; `MessageAssembler` does those (UTF-8, size cap, close validation), and
/// PINGs are answered here once their whole payload has arrived (libcurl 8.14's own
/// auto-pong truncates PINGs split across reads, so it is switched off).
///
/// Not thread-safe: one thread owns a connection (the feed thread), except `abort()`.
public final class WebSocketConnection {
  /// What a read delivered.
  public enum Incoming {
    /// A whole text message; the bytes are valid until the handler returns.
    case text(UnsafeRawBufferPointer)
    /// A whole binary message.
    case binary(UnsafeRawBufferPointer)
    /// A PONG frame.
    case pong
  }

  /// Why reading stopped.
  public enum ReadEnd: Equatable {
    /// Nothing more to read now: wait for the socket.
    case wouldBlock
    /// The peer closed (we answered); `code` nil when it sent none.
    case closed(code: UInt16?, reason: String)
    /// The connection is unusable: a protocol violation (we sent a close) or a
    /// transport error.
    case failed(String)
  }

  private let handle: UnsafeMutableRawPointer
  /// Set from another thread to interrupt a blocking connect (read by libcurl's
  /// progress callback).
  private let abortFlag: UnsafeMutablePointer<Int32>
  private let ownsAbortFlag: Bool
  private let errorBuffer: UnsafeMutablePointer<CChar>
  private let readBuffer: UnsafeMutableRawBufferPointer
  private var assembler: MessageAssembler
  /// The socket to wait on, once connected.
  public private(set) var socket: Int32 = -1
  public private(set) var isOpen = false
  /// Bytes received (payload), for the status line.
  public private(set) var bytesReceived = 0

  /// - Parameter abortFlag: a flag shared with another thread that may `AbortSignal.raise`
  ///   it to interrupt a blocking connect; by default the connection has its own.
  public init(maxMessageBytes: Int = 16 << 20, abortSignal: AbortSignal? = nil) {
    guard let h = tt_easy_init() else { fatalError("curl_easy_init failed: out of memory") }
    handle = h
    if let abortSignal {
      abortFlag = abortSignal.flag
      ownsAbortFlag = false
    } else {
      abortFlag = .allocate(capacity: 1)
      abortFlag.initialize(to: 0)
      ownsAbortFlag = true
    }
    errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    readBuffer = .allocate(byteCount: 256 << 10, alignment: 16)
    assembler = MessageAssembler(maxMessageBytes: maxMessageBytes)
  }

  deinit {
    tt_easy_cleanup(handle)
    if ownsAbortFlag { abortFlag.deallocate() }
    errorBuffer.deallocate()
    readBuffer.deallocate()
  }

  /// Interrupts a `connect` in progress (from any thread).
  public func abort() {
    tt_flag_store(abortFlag, 1)
  }

  /// Connects and upgrades; blocks for at most `timeout` seconds (or until `abort()`).
  public func connect(url: String, timeout: Double, userAgent: String) -> ConnectFailure? {
    errorBuffer[0] = 0
    var rc = tt_easy_setopt_str(handle, CURLOPT_URL, url)
    // Only WebSocket URLs: libcurl would fetch file://, ftp://, http:// … just as readily.
    rc = rc == CURLE_OK ? tt_easy_restrict_protocols(handle, Self.protocols) : rc
    rc = rc == CURLE_OK ? tt_easy_setopt_long(handle, CURLOPT_CONNECT_ONLY, 2) : rc
    // HTTP/1.1: ALPN h2 breaks the WebSocket upgrade on some libcurl builds.
    rc = rc == CURLE_OK ? tt_easy_setopt_long(handle, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_1_1)) : rc
    rc = rc == CURLE_OK ? tt_easy_setopt_str(handle, CURLOPT_USERAGENT, userAgent) : rc
    rc = rc == CURLE_OK ? tt_easy_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Int(timeout * 1000)) : rc
    rc = rc == CURLE_OK ? tt_easy_setopt_long(handle, CURLOPT_TIMEOUT_MS, Int(timeout * 1000)) : rc
    rc = rc == CURLE_OK ? tt_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1) : rc
    rc = rc == CURLE_OK ? tt_easy_setopt_long(handle, CURLOPT_WS_OPTIONS, tt_ws_noautopong()) : rc
    rc = rc == CURLE_OK ? tt_easy_setopt_ptr(handle, CURLOPT_ERRORBUFFER, errorBuffer) : rc
    rc = rc == CURLE_OK ? tt_easy_set_abort_flag(handle, abortFlag) : rc
    guard rc == CURLE_OK else {
      return ConnectFailure(status: nil, retryAfter: nil, reason: Self.describe(rc, nil))
    }

    rc = tt_easy_perform(handle)
    if rc == CURLE_UNSUPPORTED_PROTOCOL {
      return ConnectFailure(
        status: nil, retryAfter: nil, reason: EndpointURL.refused(url, schemes: EndpointURL.webSocketSchemes))
    }
    if rc != CURLE_OK {
      var status = 0
      _ = tt_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
      var retryAfter: curl_off_t = 0
      _ = tt_easy_getinfo_off(handle, CURLINFO_RETRY_AFTER, &retryAfter)
      let reason = tt_flag_load(abortFlag) != 0 ? "cancelled" : Self.describe(rc, errorBuffer)
      return ConnectFailure(
        status: status >= 200 ? status : nil, retryAfter: retryAfter > 0 ? Double(retryAfter) : nil,
        reason: reason)
    }
    var status = 0
    _ = tt_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
    guard status == 101 else {
      return ConnectFailure(
        status: status > 0 ? status : nil, retryAfter: nil, reason: "no WebSocket upgrade")
    }
    var fd = curl_socket_t(-1)
    _ = tt_easy_getinfo_socket(handle, CURLINFO_ACTIVESOCKET, &fd)
    socket = Int32(fd)
    isOpen = true
    // Timeouts were for the upgrade; the connection lives as long as the feed wants it.
    _ = tt_easy_setopt_long(handle, CURLOPT_TIMEOUT_MS, 0)
    return nil
  }

  /// Reads every message available now, handing each to `handler`; replies to PINGs.
  public func read(_ handler: (Incoming) -> Void) -> ReadEnd {
    guard isOpen else { return .failed("not connected") }
    while true {
      var received = 0
      var meta: UnsafePointer<curl_ws_frame>?
      let rc = tt_ws_recv(handle, readBuffer.baseAddress, readBuffer.count, &received, &meta)
      if rc == CURLE_AGAIN { return .wouldBlock }
      guard rc == CURLE_OK, let frame = meta?.pointee else {
        isOpen = false
        return .failed(
          rc == CURLE_GOT_NOTHING ? "connection closed by the server" : Self.describe(rc, errorBuffer))
      }
      bytesReceived += received
      let flags = UInt32(bitPattern: frame.flags)
      let kind: WebSocketChunk.Kind
      if flags & tt_ws_close() != 0 {
        kind = .close
      } else if flags & tt_ws_ping() != 0 {
        kind = .ping
      } else if flags & tt_ws_pong() != 0 {
        kind = .pong
      } else if flags & tt_ws_binary() != 0 {
        kind = .binary
      } else {
        kind = .text
      }
      let chunk = WebSocketChunk(
        kind: kind, continues: flags & tt_ws_cont() != 0, offset: Int(frame.offset),
        bytesLeft: Int(frame.bytesleft))
      let bytes = UnsafeRawBufferPointer(start: readBuffer.baseAddress, count: received)
      guard let event = assembler.feed(chunk, bytes) else { continue }
      switch event {
      case .text:
        assembler.message.withUnsafeBytes { handler(.text($0)) }
      case .binary:
        assembler.message.withUnsafeBytes { handler(.binary($0)) }
      case .ping(let payload):
        if let error = send(payload, flags: tt_ws_pong()) { return fail(error) }
      case .pong:
        handler(.pong)
      case .close(let code, let reason):
        // Echo the peer's code (1000 when it sent none), then we are done.
        _ = sendClose(code: code ?? CloseCode.normal, reason: "")
        isOpen = false
        return .closed(code: code, reason: reason)
      case .failure(let code, let reason):
        _ = sendClose(code: code, reason: reason)
        isOpen = false
        return .failed(reason)
      }
    }
  }

  private func fail(_ reason: String) -> ReadEnd {
    isOpen = false
    return .failed(reason)
  }

  /// Sends a text message. Returns an error in words, or nil.
  public func send(text: String) -> String? {
    var text = text
    return text.withUTF8 { send(UnsafeRawBufferPointer($0), flags: tt_ws_text()) }
  }

  /// Sends a text message given as UTF-8 bytes (the caller vouches for them).
  public func send(textBytes: UnsafeRawBufferPointer) -> String? {
    send(textBytes, flags: tt_ws_text())
  }

  /// Sends a binary message.
  public func send(binary: UnsafeRawBufferPointer) -> String? {
    send(binary, flags: tt_ws_binary())
  }

  /// Sends a close frame with `code` and a short reason (trimmed to fit 123 bytes).
  public func sendClose(code: UInt16, reason: String) -> String? {
    var payload: [UInt8] = [UInt8(code >> 8), UInt8(code & 0xFF)]
    var reasonBytes = Array(reason.utf8.prefix(123))
    // Do not cut a UTF-8 sequence in half.
    while !reasonBytes.isEmpty, !reasonBytes.withUnsafeBytes({ UTF8Validator.isValid($0) }) {
      reasonBytes.removeLast()
    }
    payload += reasonBytes
    let error = send(payload, flags: tt_ws_close())
    isOpen = false
    return error
  }

  private func send(_ bytes: [UInt8], flags: UInt32) -> String? {
    bytes.withUnsafeBytes { send($0, flags: flags) }
  }

  /// `curl_ws_send` may take part of the payload or say `CURLE_AGAIN`: loop until all of
  /// it is out, waiting for the socket to drain (at most 5 s).
  private func send(_ bytes: UnsafeRawBufferPointer, flags: UInt32) -> String? {
    // libcurl refuses a NULL buffer even for an empty payload.
    guard let base = bytes.baseAddress ?? UnsafeRawPointer(readBuffer.baseAddress) else { return "no buffer" }
    var offset = 0
    while true {
      var sent = 0
      let rc = tt_ws_send(handle, base + offset, bytes.count - offset, &sent, 0, flags)
      offset += sent
      if rc == CURLE_OK {
        if offset >= bytes.count { return nil }
        continue
      }
      guard rc == CURLE_AGAIN else { return Self.describe(rc, errorBuffer) }
      var pfd = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
      if poll(&pfd, 1, 5_000) <= 0 { return "send timed out" }
    }
  }

  /// The protocols a connection may use (`tt_easy_restrict_protocols`).
  private static let protocols = EndpointURL.webSocketSchemes.joined(separator: ",")

  /// libcurl's words for a result code, with its error buffer's detail when there is one.
  static func describe(_ rc: CURLcode, _ buffer: UnsafePointer<CChar>?) -> String {
    let detail = buffer.map { String(cString: $0) } ?? ""
    if !detail.isEmpty { return detail }
    return String(cString: tt_easy_strerror(rc))
  }
}
