import NIOCore
import NIOHTTP1

/// Plain HTTP on a connection: the REST API, and the answer to a `/realtime` request that
/// was not upgraded (a refusal by the upgrade faults, or no upgrade asked for).
///
/// Removed from the pipeline when the connection upgrades to a WebSocket.
final class SimHTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  /// The name the handler is added under, to find it for removal at the upgrade.
  static let name = "tradeterm-sim-http"

  private let world: SimWorld
  /// Set by the upgrader when the upgrade faults refused this connection's upgrade.
  private let refusal: NIOLoopBoundBox<UpgradeDecision?>
  private var head: HTTPRequestHead?

  init(world: SimWorld, refusal: NIOLoopBoundBox<UpgradeDecision?>) {
    self.world = world
    self.refusal = refusal
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let head):
      self.head = head
    case .body:
      break
    case .end:
      guard let head else { return }
      self.head = nil
      respond(context, head)
    }
  }

  private func respond(_ context: ChannelHandlerContext, _ head: HTTPRequestHead) {
    let path = head.uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? head.uri
    if case .reject(let status, let retryAfter) = refusal.value {
      refusal.value = nil
      var headers: [(String, String)] = []
      let body: [UInt8]
      if let retryAfter {
        headers.append(("Retry-After", String(retryAfter)))
      }
      if status == 429 {
        let wait = retryAfter ?? 1
        headers += [("X-RateLimit-Limit", "60"), ("X-RateLimit-Remaining", "0")]
        // BitMEX's upgrade refusal carries the older, bare-string error shape.
        var w = JSONWriter()
        w.beginObject()
        w.key("error")
        w.string("Rate limit exceeded, retry in \(wait) seconds.")
        w.endObject()
        body = w.bytes
      } else {
        body = FrameEncoder.restError(status == 503 ? "Service unavailable" : "Upgrade refused")
      }
      write(
        context, status: HTTPResponseStatus(statusCode: status), headers: headers, body: body, close: true)
      return
    }
    if let answer = world.binance.respond(method: head.method, uri: head.uri, world: world) {
      world.stats.withLock { $0.restRequests += 1 }
      let status = HTTPResponseStatus(statusCode: answer.status)
      write(context, status: status, headers: answer.headers, body: answer.body, close: !head.isKeepAlive)
      return
    }
    if path.hasPrefix("/kraken/") {
      world.stats.withLock { $0.restRequests += 1 }
      let response = KrakenREST(world: world).respond(method: head.method, uri: head.uri)
      write(context, status: response.status, headers: [], body: response.body, close: !head.isKeepAlive)
      return
    }
    if let response = FollowerREST(world: world).respond(method: head.method, path: path, uri: head.uri) {
      world.stats.withLock { $0.restRequests += 1 }
      write(context, status: response.status, headers: [], body: response.body, close: !head.isKeepAlive)
      return
    }
    if path == "/realtime" {
      let body = FrameEncoder.restError("Expected a WebSocket upgrade request.")
      write(context, status: .badRequest, headers: [], body: body, close: !head.isKeepAlive)
      return
    }
    if path.hasPrefix("/api/v1/instrument/active"), let fault = world.faults.current.instrumentActive {
      world.stats.withLock { $0.restRequests += 1 }
      answer(context, head, fault)
      return
    }
    world.stats.withLock { $0.restRequests += 1 }
    let response = RESTRouter(world: world).respond(method: head.method, uri: head.uri)
    let reset = String(world.nowMs() / 1000 + 60)
    let headers = [
      ("X-RateLimit-Limit", "120"), ("X-RateLimit-Remaining", "119"), ("X-RateLimit-Reset", reset),
    ]
    write(context, status: response.status, headers: headers, body: response.body, close: !head.isKeepAlive)
  }

  /// The symbol list's fault instead of the list (see `SimFaults.RESTFault`).
  private func answer(_ context: ChannelHandlerContext, _ head: HTTPRequestHead, _ fault: SimFaults.RESTFault)
  {
    let close = !head.isKeepAlive
    switch fault {
    case .status(let status):
      let body = FrameEncoder.restError(status >= 500 ? "Internal error" : "Bad request")
      write(context, status: HTTPResponseStatus(statusCode: status), headers: [], body: body, close: close)
    case .html:
      let body = Array("<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1>nginx</body></html>".utf8)
      write(context, status: .ok, headers: [("Content-Type", "text/html")], body: body, close: close)
    case .gzip:
      let list = RESTRouter(world: world).respond(method: head.method, uri: head.uri).body
      write(
        context, status: .ok, headers: [("Content-Encoding", "gzip")], body: Gzip.stored(list), close: close)
    case .noAnswer:
      break
    }
  }

  private func write(
    _ context: ChannelHandlerContext, status: HTTPResponseStatus, headers extra: [(String, String)],
    body: [UInt8], close: Bool
  ) {
    var headers = HTTPHeaders(extra)
    if !headers.contains(name: "Content-Type") {
      headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
    }
    headers.add(name: "Content-Length", value: String(body.count))
    if close { headers.add(name: "Connection", value: "close") }
    let head = HTTPResponseHead(version: .http1_1, status: status, headers: headers)
    context.write(wrapOutboundOut(.head(head)), promise: nil)
    context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
    let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
    if close {
      done.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }
  }
}
