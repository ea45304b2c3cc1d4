import CCurl

#if canImport(Glibc)
import Glibc
#endif

/// A response from the REST API.
public struct RESTResponse: Sendable {
  public var status: Int
  public var body: [UInt8]
  /// `Retry-After` seconds (429/503), when sent.
  public var retryAfter: Double?
  /// The response's header lines as sent (`Name: value`), the last response's of a redirect.
  public var headerLines: [String] = []

  /// The value of header `name` (any case), trimmed; nil when not sent.
  public func header(_ name: String) -> String? {
    let wanted = name.lowercased()
    for line in headerLines.reversed() {
      guard let colon = line.firstIndex(of: ":"), line[..<colon].lowercased() == wanted else { continue }
      var value = line[line.index(after: colon)...]
      while value.first == " " || value.first == "\t" { value = value.dropFirst() }
      while value.last == " " || value.last == "\t" { value = value.dropLast() }
      return String(value)
    }
    return nil
  }
}

/// Blocking HTTP GETs through a libcurl easy handle, for the feed's REST needs
/// (`/instrument`, `/instrument/active`, `/trade/bucketed`). Use it off the UI thread.
/// One thread owns a client.
public final class RESTClient {
  public let baseURL: String
  private let userAgent: String
  private let handle: UnsafeMutableRawPointer
  private let errorBuffer: UnsafeMutablePointer<CChar>
  private let abortSignal: AbortSignal?

  /// Collects a response body (libcurl's write callback appends to it).
  private final class Sink {
    var bytes: [UInt8] = []
    let limit = 32 << 20
    /// The header lines, each without its CR LF; a status line starts a new response's.
    var headerLines: [String] = []
  }

  /// The protocols a request may use (`tt_easy_restrict_protocols`).
  private static let protocols = EndpointURL.restSchemes.joined(separator: ",")

  public init(baseURL: String, userAgent: String, abortSignal: AbortSignal? = nil) {
    guard let h = tt_easy_init() else { fatalError("curl_easy_init failed: out of memory") }
    handle = h
    self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
    self.userAgent = userAgent
    self.abortSignal = abortSignal
    errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
  }

  deinit {
    tt_easy_cleanup(handle)
    errorBuffer.deallocate()
  }

  /// GETs `path` (e.g. `/instrument?symbol=ETHUSD`) within `timeout` seconds.
  public func get(_ path: String, timeout: Double = 10) -> Result<RESTResponse, ConnectFailure> {
    let sink = Sink()
    let box = Unmanaged.passRetained(sink)
    defer { box.release() }
    errorBuffer[0] = 0
    let write: tt_write_cb = { ptr, size, count, userdata in
      let sink = Unmanaged<Sink>.fromOpaque(userdata!).takeUnretainedValue()
      let n = size * count
      guard sink.bytes.count + n <= sink.limit else { return 0 }
      if let ptr { sink.bytes.append(contentsOf: UnsafeRawBufferPointer(start: ptr, count: n)) }
      return n
    }
    let header: tt_write_cb = { ptr, size, count, userdata in
      let sink = Unmanaged<Sink>.fromOpaque(userdata!).takeUnretainedValue()
      let n = size * count
      guard let ptr, sink.headerLines.count < 200 else { return n }
      let line = String(decoding: UnsafeRawBufferPointer(start: ptr, count: n), as: UTF8.self)
      if line.hasPrefix("HTTP/") { sink.headerLines.removeAll() }
      sink.headerLines.append(String(line.prefix { !$0.isNewline }))
      return n
    }
    var rc = tt_easy_setopt_str(handle, CURLOPT_URL, baseURL + path)
    // Only HTTP(S), redirects included: libcurl would read file:// or ftp:// just as readily.
    rc = rc == CURLE_OK ? tt_easy_restrict_protocols(handle, Self.protocols) : rc
    rc = rc == CURLE_OK ? tt_easy_setopt_long(handle, CURLOPT_HTTPGET, 1) : rc
    rc = rc == CURLE_OK ? tt_easy_setopt_str(handle, CURLOPT_USERAGENT, userAgent) : rc
    rc = rc == CURLE_OK ? tt_easy_setopt_long(handle, CURLOPT_TIMEOUT_MS, Int(timeout * 1000)) : rc
    rc = rc == CURLE_OK ? tt_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1) : rc
    rc = rc == CURLE_OK ? tt_easy_setopt_write_cb(handle, CURLOPT_WRITEFUNCTION, write) : rc
    rc = rc == CURLE_OK ? tt_easy_setopt_ptr(handle, CURLOPT_WRITEDATA, box.toOpaque()) : rc
    rc = rc == CURLE_OK ? tt_easy_setopt_write_cb(handle, CURLOPT_HEADERFUNCTION, header) : rc
    rc = rc == CURLE_OK ? tt_easy_setopt_ptr(handle, CURLOPT_HEADERDATA, box.toOpaque()) : rc
    rc = rc == CURLE_OK ? tt_easy_setopt_ptr(handle, CURLOPT_ERRORBUFFER, errorBuffer) : rc
    if rc == CURLE_OK, let abortSignal { rc = tt_easy_set_abort_flag(handle, abortSignal.flag) }
    guard rc == CURLE_OK else {
      return .failure(
        ConnectFailure(status: nil, retryAfter: nil, reason: WebSocketConnection.describe(rc, nil)))
    }
    rc = tt_easy_perform(handle)
    if rc == CURLE_OPERATION_TIMEDOUT {
      // libcurl's words ("Operation timed out after 10001 milliseconds with 0 bytes received")
      // say less than these.
      let seconds = timeout == timeout.rounded() ? String(Int(timeout)) : String(timeout)
      return .failure(ConnectFailure(status: nil, retryAfter: nil, reason: "no answer within \(seconds) s"))
    }
    if rc == CURLE_UNSUPPORTED_PROTOCOL {
      return .failure(
        ConnectFailure(
          status: nil, retryAfter: nil,
          reason: EndpointURL.refused(baseURL + path, schemes: EndpointURL.restSchemes)))
    }
    guard rc == CURLE_OK else {
      return .failure(
        ConnectFailure(status: nil, retryAfter: nil, reason: WebSocketConnection.describe(rc, errorBuffer)))
    }
    var status = 0
    _ = tt_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
    var retryAfter: curl_off_t = 0
    _ = tt_easy_getinfo_off(handle, CURLINFO_RETRY_AFTER, &retryAfter)
    return .success(
      RESTResponse(
        status: status, body: sink.bytes, retryAfter: retryAfter > 0 ? Double(retryAfter) : nil,
        headerLines: sink.headerLines))
  }
}
