import NIOCore
import NIOWebSocket

/// One WebSocket connection to a follower venue (Coinbase, Bybit, OKX): messages in, its
/// dialect's frames out, protocol PING → PONG, the closing handshake, the OKX idle close, and
/// the faults the BitMEX sessions have (drop, stall, garbage at the times `SimFaults` says).
///
/// Lives on the world's event loop, like the world.
final class FollowerSession: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = WebSocketFrame
  typealias OutboundOut = WebSocketFrame

  let venue: FollowerVenue
  let world: SimWorld
  let dialect: FollowerDialect
  private var context: ChannelHandlerContext?
  private var fragments: [UInt8]?
  private var needsFlush = false
  private(set) var stalled = false
  private(set) var isClosing = false
  private var timers: [Scheduled<Void>] = []
  private var idleTimer: Scheduled<Void>?
  private var garbageCount = 0

  init(venue: FollowerVenue, world: SimWorld) {
    self.venue = venue
    self.world = world
    switch venue {
    case .coinbase: dialect = CoinbaseSimDialect(world: world.followers)
    case .bybitSpot, .bybitLinear, .bybitInverse:
      dialect = BybitSimDialect(venue: venue, world: world.followers)
    case .okx: dialect = OKXSimDialect(world: world.followers)
    }
  }

  /// A connection id, as the venues put in their answers.
  var connectionID: String {
    let n = UInt64(UInt(bitPattern: ObjectIdentifier(self).hashValue))
    return String(n & 0xFFFF_FFFF, radix: 16)
  }

  // MARK: Life cycle

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
    world.followers.register(self)
    let faults = world.faults.current
    if let t = faults.dropAfter { after(t) { $0.drop() } }
    if let t = faults.stallAfter { after(t) { $0.stall() } }
    if let t = faults.garbageEvery, !faults.garbageKinds.isEmpty {
      scheduleGarbage(every: t, kinds: faults.garbageKinds)
    }
    if let t = faults.followers.gapAfter { after(t) { $0.dialect.loseNextSequenced() } }
    armIdleClose()
  }

  func handlerRemoved(context: ChannelHandlerContext) { tearDown() }

  func channelInactive(context: ChannelHandlerContext) {
    tearDown()
    context.fireChannelInactive()
  }

  private func tearDown() {
    guard context != nil else { return }
    for timer in timers { timer.cancel() }
    timers.removeAll()
    idleTimer?.cancel()
    world.followers.unregister(self)
    context = nil
  }

  func errorCaught(context: ChannelHandlerContext, error: Error) {
    context.close(promise: nil)
  }

  /// OKX closes a connection on which nothing has passed for 30 s — no push of the server's and
  /// no message of the client's (a `ping` is answered with a `pong`, so a client pings when the
  /// server has been quiet, as OKX's docs ask). A busy subscription keeps it open (it did not:
  /// only the client's messages counted, so a live book was closed every 30 s). One timer checks
  /// the last activity when it fires and waits out the rest, rather than one timer per frame.
  private func armIdleClose() {
    guard venue == .okx, let context else { return }
    idleTimer?.cancel()
    let limit = TimeAmount.interval(world.faults.current.followers.okxIdleClose)
    let wait = max(.nanoseconds(1), lastActivity + limit - NIODeadline.now())
    idleTimer = context.eventLoop.assumeIsolated().scheduleTask(in: wait) { [self] in
      guard !stalled, context != nil else { return }
      if NIODeadline.now() - lastActivity >= limit {
        close(code: .normalClosure)
      } else {
        armIdleClose()
      }
    }
  }

  /// When a frame last passed either way (OKX's idle close).
  private var lastActivity = NIODeadline.now()

  // MARK: Reading

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let frame = unwrapInboundIn(data)
    guard !stalled else { return }
    switch frame.opcode {
    case .text, .binary:
      var payload = frame.unmaskedData
      let bytes = payload.readBytes(length: payload.readableBytes) ?? []
      if frame.fin {
        fragments = nil
        message(bytes)
      } else {
        fragments = bytes
      }
    case .continuation:
      var payload = frame.unmaskedData
      guard fragments != nil else { return }
      fragments! += payload.readBytes(length: payload.readableBytes) ?? []
      if frame.fin, let whole = fragments {
        fragments = nil
        message(whole)
      }
    case .ping:
      world.stats.withLock { $0.protocolPings += 1 }
      guard !isClosing else { return }
      context.writeAndFlush(
        wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)), promise: nil)
    case .connectionClose:
      receivedClose(frame)
    default:
      break
    }
  }

  private func message(_ bytes: [UInt8]) {
    guard !isClosing else { return }
    world.stats.withLock { $0.framesReceived += 1 }
    lastActivity = .now()
    dialect.received(bytes, session: self)
    flushIfNeeded()
  }

  func published(_ tick: FollowerTick) {
    guard !stalled, !isClosing, context != nil else { return }
    dialect.published(tick, session: self)
  }

  // MARK: Writing

  /// Sends a text frame (flushed by `flushIfNeeded`); false when nothing may go out.
  @discardableResult
  func send(_ bytes: [UInt8], kind: String, opcode: WebSocketOpcode = .text) -> Bool {
    guard let context, !stalled, !isClosing else { return false }
    let buffer = context.channel.allocator.buffer(bytes: bytes)
    context.write(wrapOutboundOut(WebSocketFrame(fin: true, opcode: opcode, data: buffer)), promise: nil)
    needsFlush = true
    if venue == .okx { lastActivity = .now() }
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
  /// two seconds.
  func close(code: WebSocketErrorCode) {
    guard let context, !isClosing else { return }
    flushIfNeeded()
    isClosing = true
    var buffer = context.channel.allocator.buffer(capacity: 2)
    buffer.write(webSocketErrorCode: code)
    context.writeAndFlush(
      wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: buffer)), promise: nil)
    after(2) { $0.context?.close(promise: nil) }
  }

  // MARK: Faults

  private func after(_ seconds: Double, _ body: @escaping (FollowerSession) -> Void) {
    guard let context else { return }
    timers.append(
      context.eventLoop.assumeIsolated().scheduleTask(in: .interval(seconds)) { [self] in
        guard self.context != nil else { return }
        body(self)
      })
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

  /// Goes silent for good: no data, no pongs, no answers.
  func stall() {
    guard !stalled, context != nil else { return }
    flushIfNeeded()
    stalled = true
    world.stats.withLock { $0.sessionsStalled += 1 }
  }

  func sendGarbage(_ kind: GarbageFrame) {
    let (bytes, binary) = kind.payload
    garbageCount += 1
    send(bytes, kind: "garbage", opcode: binary ? .binary : .text)
    flushIfNeeded()
  }
}
