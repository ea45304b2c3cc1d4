import FoundationEssentials
import NIOCore
import NIOWebSocket

/// One Binance combined-stream connection (`…/stream?streams=a/b/c`): the streams named in the
/// URL, each in the `{"stream":…,"data":…}` envelope; the server's PING every
/// `pingInterval` seconds, and the connection closed when its PONG (with the same payload) has
/// not come within `pongTimeout`; closed when its lifetime is up; PONG to the client's PINGs;
/// the closing handshake; and the session faults of `SimFaults` (drop, stall, garbage).
///
/// A stream the endpoint does not route (a USDⓈ-M `/market` stream asked of `/public`), of an
/// unknown symbol, or not known at all is accepted and sends nothing, as Binance does.
final class BinanceStreamHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = WebSocketFrame
  typealias OutboundOut = WebSocketFrame

  private let world: SimWorld
  let route: BinanceRoute
  /// The streams served, with the names the client asked for them by.
  let streams: [BinanceStream: [String]]
  private var context: ChannelHandlerContext?
  private var needsFlush = false
  private var stalled = false
  private(set) var isClosing = false
  private var timers: [Scheduled<Void>] = []
  /// The payloads of the PINGs whose PONG has not come, oldest first (a PONG answers its PING
  /// and every one before it).
  private var awaitedPongs: [[UInt8]] = []
  private var fragments: [UInt8]?
  private var garbageCount = 0

  init(world: SimWorld, route: BinanceRoute, uri: String) {
    self.world = world
    self.route = route
    var streams: [BinanceStream: [String]] = [:]
    for name in Self.streamNames(uri) {
      guard let stream = BinanceStream(name, market: route.market), route.serves(stream.kind) else {
        continue
      }
      if let symbol = stream.symbol, !world.binance.lists(route.market, symbol) { continue }
      streams[stream, default: []].append(name)
    }
    self.streams = streams
  }

  /// The names of `?streams=a/b/c`, percent-decoded.
  static func streamNames(_ uri: String) -> [String] {
    guard let query = uri.split(separator: "?", maxSplits: 1).dropFirst().first else { return [] }
    return RESTRouter.query(String(query))["streams"].map { $0.split(separator: "/").map(String.init) } ?? []
  }

  // MARK: Life cycle

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
    world.binance.register(self)
    // A venue paused (`venue-pause`) stalls each connection that opens meanwhile.
    if world.pausedVenues.contains(route.venueName) { stall() }
    world.stats.withLock {
      $0.upgradesAccepted += 1
      $0.openSessions += 1
    }
    let rules = world.config.binance
    // A rule of zero (or less) is off: no PINGs, no end of life.
    if rules.pingInterval > 0, rules.pingInterval.isFinite {
      schedulePing(every: rules.pingInterval, timeout: max(0, rules.pongTimeout))
    }
    if rules.connectionLifetime > 0, rules.connectionLifetime.isFinite {
      after(rules.connectionLifetime) { $0.close(code: .goingAway, reason: "connection lifetime") }
      if rules.shutdownNotice > 0, rules.shutdownNotice.isFinite {
        after(max(0, rules.connectionLifetime - rules.shutdownNotice)) { $0.sendShutdownNotice() }
      }
    }
    let faults = world.faults.current
    if let t = faults.dropAfter { after(t) { $0.drop() } }
    if let t = faults.stallAfter { after(t) { $0.stall() } }
    if let t = faults.garbageEvery, !faults.garbageKinds.isEmpty {
      scheduleGarbage(every: t, kinds: faults.garbageKinds)
    }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    tearDown()
  }

  func channelInactive(context: ChannelHandlerContext) {
    tearDown()
    context.fireChannelInactive()
  }

  private func tearDown() {
    guard context != nil else { return }
    for timer in timers { timer.cancel() }
    timers.removeAll()
    world.binance.unregister(self)
    world.stats.withLock { $0.openSessions -= 1 }
    context = nil
  }

  func errorCaught(context: ChannelHandlerContext, error: Error) {
    context.close(promise: nil)
  }

  // MARK: Reading

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let frame = unwrapInboundIn(data)
    guard !stalled else { return }
    switch frame.opcode {
    case .ping:
      world.stats.withLock { $0.protocolPings += 1 }
      guard !isClosing else { return }
      context.writeAndFlush(
        wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)), promise: nil)
    case .pong:
      var data = frame.unmaskedData
      let payload = data.readBytes(length: data.readableBytes) ?? []
      if let i = awaitedPongs.firstIndex(of: payload) { awaitedPongs.removeFirst(i + 1) }
    case .text, .binary:
      var data = frame.unmaskedData
      let bytes = data.readBytes(length: data.readableBytes) ?? []
      if frame.fin {
        fragments = nil
        message(bytes)
      } else {
        fragments = bytes
      }
    case .continuation:
      var data = frame.unmaskedData
      guard fragments != nil else { return }
      fragments! += data.readBytes(length: data.readableBytes) ?? []
      if frame.fin, let whole = fragments {
        fragments = nil
        message(whole)
      }
    case .connectionClose:
      receivedClose(frame)
    default:
      break
    }
  }

  /// A client message. The simulator takes streams in the URL only (as tradeterm asks for
  /// them): a `SUBSCRIBE` or any other request is answered with Binance's error for a request
  /// it does not serve.
  private func message(_ bytes: [UInt8]) {
    guard !isClosing else { return }
    world.stats.withLock { $0.framesReceived += 1 }
    write(BinanceEncoder.requestError(bytes), kind: "binance:error")
    flushIfNeeded()
  }

  // MARK: Writing

  /// Sends a payload of `stream`, in the envelope, under every name the client asked it by.
  func send(_ data: [UInt8], _ stream: BinanceStream) {
    guard let names = streams[stream] else { return }
    for name in names {
      write(BinanceEncoder.envelope(stream: name, data: data), kind: "binance:\(stream.kind)")
    }
  }

  @discardableResult
  private func write(_ bytes: [UInt8], kind: String, opcode: WebSocketOpcode = .text) -> Bool {
    guard let context, !stalled, !isClosing else { return false }
    context.write(
      wrapOutboundOut(WebSocketFrame(fin: true, opcode: opcode, data: ByteBuffer(bytes: bytes))), promise: nil
    )
    needsFlush = true
    world.stats.withLock {
      $0.framesSent[kind, default: 0] += 1
      $0.bytesSent += bytes.count
    }
    return true
  }

  func flushIfNeeded() {
    guard needsFlush, let context else { return }
    needsFlush = false
    context.flush()
  }

  // MARK: Liveness

  /// A PING every `interval` seconds; if its PONG has not come `timeout` seconds later, the
  /// connection is closed.
  private func schedulePing(every interval: Double, timeout: Double) {
    after(interval) { session in
      session.schedulePing(every: interval, timeout: timeout)
      guard !session.stalled, !session.isClosing else { return }
      // Unique per connection: the monotonic clock in nanoseconds.
      let payload = Array(String(NIODeadline.now().uptimeNanoseconds).utf8)
      session.awaitedPongs.append(payload)
      session.write(payload, kind: "binance:ping", opcode: .ping)
      session.flushIfNeeded()
      session.after(timeout) { session in
        guard session.awaitedPongs.contains(payload) else { return }
        session.close(code: .policyViolation, reason: "pong timeout")
      }
    }
  }

  // MARK: Closing

  private func receivedClose(_ frame: WebSocketFrame) {
    guard let context else { return }
    if isClosing {
      context.close(promise: nil)
      return
    }
    isClosing = true
    var data = frame.unmaskedData
    let code = data.readSlice(length: 2) ?? ByteBuffer()
    context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: code)))
      .assumeIsolated().whenComplete { _ in context.close(promise: nil) }
  }

  /// Starts the closing handshake; closes the TCP connection when the peer answers, or after
  /// two seconds if it does not.
  private func close(code: WebSocketErrorCode, reason: String) {
    guard let context, !isClosing else { return }
    flushIfNeeded()
    isClosing = true
    var buffer = context.channel.allocator.buffer(capacity: 2 + reason.utf8.count)
    buffer.write(webSocketErrorCode: code)
    buffer.writeString(reason)
    context.writeAndFlush(
      wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: buffer)), promise: nil)
    after(2) { $0.context?.close(promise: nil) }
  }

  // MARK: Faults

  /// Runs `body` after `seconds`, unless the session has ended.
  private func after(_ seconds: Double, _ body: @escaping (BinanceStreamHandler) -> Void) {
    guard let context else { return }
    let timer = context.eventLoop.assumeIsolated().scheduleTask(in: .interval(seconds)) { [self] in
      guard self.context != nil else { return }
      body(self)
    }
    timers.append(timer)
  }

  private func scheduleGarbage(every seconds: Double, kinds: [GarbageFrame]) {
    after(seconds) { session in
      session.sendGarbage(kinds[session.garbageCount % kinds.count])
      session.scheduleGarbage(every: seconds, kinds: kinds)
    }
  }

  /// Closes the TCP connection without a close frame.
  func drop() {
    guard let context else { return }
    world.stats.withLock { $0.sessionsDropped += 1 }
    context.close(promise: nil)
  }

  /// Goes silent for good: no data, no PINGs, no PONGs; the connection stays open.
  func stall() {
    guard !stalled, let context else { return }
    flushIfNeeded()
    stalled = true
    (try? context.pipeline.syncOperations.handler(type: TrickleHandler.self))?.freeze()
    world.stats.withLock { $0.sessionsStalled += 1 }
  }

  /// Says the server will close the connection soon (`serverShutdown`); the connection stays
  /// open until its lifetime or the client ends it.
  func sendShutdownNotice() {
    write(BinanceEncoder.serverShutdown(timeMs: world.nowMs()), kind: "binance:serverShutdown")
    flushIfNeeded()
  }

  func sendGarbage(_ kind: GarbageFrame) {
    let (bytes, binary) = kind.payload
    garbageCount += 1
    write(bytes, kind: "garbage", opcode: binary ? .binary : .text)
    flushIfNeeded()
  }
}
