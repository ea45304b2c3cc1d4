import FoundationEssentials
import NIOCore
import NIOWebSocket

/// One WebSocket session of the Kraken v2 dialect at `/kraken/v2`: `status` on connect, the
/// `subscribe` / `unsubscribe` methods with one ack (or refusal) per symbol, each snapshot after
/// its ack, the pairs' updates, the 1 Hz `heartbeat` once subscribed to anything,
/// `{"method":"ping"}` → `pong`, protocol PING → PONG, the closing handshake, and the faults
/// (the shared ones and `KrakenFaults`).
///
/// Lives on the world's event loop, like the world, whose `KrakenVenue` calls `follows`,
/// `bookDepth` and `send` for every update it publishes.
final class KrakenSession: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = WebSocketFrame
  typealias OutboundOut = WebSocketFrame

  /// The WebSocket path of the dialect.
  static let path = "/kraken/v2"

  private let world: SimWorld
  private var context: ChannelHandlerContext?
  /// Books followed: symbol → depth.
  private var books: [String: Int] = [:]
  private var trades: Set<String> = []
  private var tickers: Set<String> = []
  private var instrument = false
  private var beating = false
  private var fragments: [UInt8]?
  private var needsFlush = false
  private var stalled = false
  private var isClosing = false
  /// The next book update gets a wrong checksum.
  private var checksumFault = false
  private var timers: [Scheduled<Void>] = []
  private var repeating: [String: Scheduled<Void>] = [:]
  private var garbageCount = 0
  /// When the client's recent messages came (for the message-rate limit), oldest first.
  private var recentMessages: [NIODeadline] = []

  init(world: SimWorld) {
    self.world = world
  }

  private var venue: KrakenVenue { world.kraken }

  // MARK: Life cycle

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
    venue.register(self)
    write(KrakenFrames.status(connectionID: venue.nextConnectionID()), kind: "kraken-status")
    flushIfNeeded()
    let faults = world.faults.current
    if let t = faults.dropAfter { after(t) { $0.drop() } }
    if let t = faults.stallAfter { after(t) { $0.stall() } }
    if let t = faults.garbageEvery, !faults.garbageKinds.isEmpty {
      scheduleGarbage(every: t, kinds: faults.garbageKinds)
    }
    if let t = faults.kraken.rateLimitAfter { after(t) { $0.rateLimit() } }
    if let t = faults.kraken.badChecksumAfter { after(t) { $0.armChecksumFault() } }
    if let t = faults.kraken.pushOutEvery { schedulePushOut(every: t) }
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
    for timer in repeating.values { timer.cancel() }
    timers.removeAll()
    repeating.removeAll()
    books.removeAll()
    trades.removeAll()
    tickers.removeAll()
    venue.unregister(self)
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
    if let limit = world.faults.current.kraken.maxMessagesPerSecond, overRate(limit) {
      rateLimit()
      return
    }
    let now = world.nowMs()
    guard let request = try? JSONDecoder().decode(KrakenRequest.self, from: Data(bytes)) else {
      error("Malformed request", method: nil, reqID: nil)
      flushIfNeeded()
      return
    }
    switch request.method {
    case "ping"?:
      write(KrakenFrames.pong(reqID: request.reqID, timeMs: now), kind: "kraken-pong")
    case "subscribe"?:
      world.stats.withLock { $0.subscribeRequests += 1 }
      subscribe(request)
    case "unsubscribe"?:
      world.stats.withLock { $0.unsubscribeRequests += 1 }
      unsubscribe(request)
    case let method?:
      error("Method not found", method: method, reqID: request.reqID)
    case nil:
      error("Missing field: method", method: nil, reqID: request.reqID)
    }
    flushIfNeeded()
  }

  // MARK: Subscriptions

  /// The channel a request names, or the refusal already sent.
  private func channel(of request: KrakenRequest, _ method: String) -> KrakenChannel? {
    guard let name = request.channel else {
      error("Missing field: params.channel", method: method, reqID: request.reqID)
      return nil
    }
    guard let channel = KrakenChannel(rawValue: name) else {
      error("Channel \(name) not supported", method: method, reqID: request.reqID)
      return nil
    }
    return channel
  }

  private func subscribe(_ request: KrakenRequest) {
    guard let channel = channel(of: request, "subscribe") else { return }
    switch channel {
    case .heartbeat:
      ack("subscribe", request) { w in
        w.key("channel")
        w.string("heartbeat")
      }
      startHeartbeat()
    case .instrument:
      let snapshot = request.snapshot ?? true
      ack("subscribe", request) { w in
        w.key("channel")
        w.string("instrument")
        w.key("snapshot")
        w.bool(snapshot)
      }
      instrument = true
      if snapshot { write(venue.instrumentSnapshot(), kind: channel.kind) }
      startHeartbeat()
    case .book, .trade, .ticker:
      var depth: Int?
      if channel == .book {
        guard !request.depthGiven || request.depth.map(KrakenVenue.depths.contains) == true else {
          error("Invalid depth", method: "subscribe", reqID: request.reqID)
          return
        }
        depth = request.depth ?? KrakenVenue.defaultDepth
      }
      guard let symbols = request.symbols, !symbols.isEmpty else {
        error("Missing field: params.symbol", method: "subscribe", reqID: request.reqID)
        return
      }
      // Kraken's defaults: a snapshot for books and tickers, none for trades.
      let snapshot = request.snapshot ?? (channel != .trade)
      for symbol in symbols {
        guard let i = venue.index(symbol) else {
          error(
            "Currency pair not supported \(symbol)", method: "subscribe", symbol: symbol, reqID: request.reqID
          )
          continue
        }
        guard !follows(channel, symbol) else {
          error("Already subscribed", method: "subscribe", symbol: symbol, reqID: request.reqID)
          continue
        }
        ack("subscribe", request) { w in
          w.key("channel")
          w.string(channel.rawValue)
          if let depth {
            w.key("depth")
            w.int(depth)
          }
          w.key("snapshot")
          w.bool(snapshot)
          w.key("symbol")
          w.string(symbol)
        }
        // The ack is not the snapshot: it follows, and updates after it.
        switch channel {
        case .book:
          books[symbol] = depth
          if snapshot { write(venue.bookSnapshot(i, depth: depth!), kind: channel.kind) }
        case .trade:
          trades.insert(symbol)
          if snapshot { write(venue.tradeSnapshot(i), kind: channel.kind) } else { venue.ensureMarket(i) }
        default:
          tickers.insert(symbol)
          if snapshot { write(venue.tickerSnapshot(i), kind: channel.kind) }
        }
      }
      startHeartbeat()
    }
  }

  private func unsubscribe(_ request: KrakenRequest) {
    guard let channel = channel(of: request, "unsubscribe") else { return }
    switch channel {
    case .heartbeat, .instrument:
      if channel == .instrument { instrument = false }
      ack("unsubscribe", request) { w in
        w.key("channel")
        w.string(channel.rawValue)
      }
    case .book, .trade, .ticker:
      guard let symbols = request.symbols, !symbols.isEmpty else {
        error("Missing field: params.symbol", method: "unsubscribe", reqID: request.reqID)
        return
      }
      for symbol in symbols {
        guard follows(channel, symbol) else {
          error("Subscription Not Found", method: "unsubscribe", symbol: symbol, reqID: request.reqID)
          continue
        }
        let depth = books[symbol]
        switch channel {
        case .book: books[symbol] = nil
        case .trade: trades.remove(symbol)
        default: tickers.remove(symbol)
        }
        ack("unsubscribe", request) { w in
          w.key("channel")
          w.string(channel.rawValue)
          if channel == .book, let depth {
            w.key("depth")
            w.int(depth)
          }
          w.key("symbol")
          w.string(symbol)
        }
      }
    }
  }

  /// Whether this session follows `channel` for `symbol` (a stalled session still does: it
  /// just sends nothing).
  func follows(_ channel: KrakenChannel, _ symbol: String) -> Bool {
    switch channel {
    case .book: books[symbol] != nil
    case .trade: trades.contains(symbol)
    case .ticker: tickers.contains(symbol)
    case .instrument: instrument
    case .heartbeat: beating
    }
  }

  /// The depth this session follows `symbol`'s book at, if it does.
  func bookDepth(_ symbol: String) -> Int? { books[symbol] }

  /// Whether this session follows a book (of `symbol`, or any).
  func followsBook(_ symbol: String?) -> Bool {
    symbol.map { books[$0] != nil } ?? !books.isEmpty
  }

  // MARK: Heartbeat

  /// The 1 Hz heartbeat, from the first subscription on.
  private func startHeartbeat() {
    guard !beating else { return }
    beating = true
    beat()
  }

  private func beat() {
    after(1, every: "heartbeat") { session in
      session.write(KrakenFrames.heartbeat, kind: KrakenChannel.heartbeat.kind)
      session.flushIfNeeded()
      session.beat()
    }
  }

  // MARK: Writing

  /// Sends an update frame (flushed by `flushIfNeeded`).
  func send(_ buffer: ByteBuffer, kind: String) {
    write(buffer, kind: kind)
  }

  private func write(_ bytes: [UInt8], kind: String) {
    write(ByteBuffer(bytes: bytes), kind: kind)
  }

  private func write(_ buffer: ByteBuffer, kind: String, opcode: WebSocketOpcode = .text) {
    guard let context, !stalled, !isClosing else { return }
    context.write(wrapOutboundOut(WebSocketFrame(fin: true, opcode: opcode, data: buffer)), promise: nil)
    needsFlush = true
    world.stats.withLock {
      $0.framesSent[kind, default: 0] += 1
      $0.bytesSent += buffer.readableBytes
    }
  }

  private func ack(_ method: String, _ request: KrakenRequest, result: (inout JSONWriter) -> Void) {
    write(
      KrakenFrames.ack(method, reqID: request.reqID, timeMs: world.nowMs(), result: result),
      kind: "kraken-ack")
  }

  private func error(_ message: String, method: String?, symbol: String? = nil, reqID: Int64?) {
    write(
      KrakenFrames.error(message, method: method, symbol: symbol, reqID: reqID, timeMs: world.nowMs()),
      kind: "kraken-error")
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
    // RFC 6455 §5.5.1: answer with a close frame echoing the status code.
    let code = data.readSlice(length: 2) ?? ByteBuffer()
    context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: code)))
      .assumeIsolated().whenComplete { _ in context.close(promise: nil) }
  }

  // MARK: Faults

  /// Runs `body` after `seconds`, unless the session has ended. A repeating timer (`every`: the
  /// heartbeat, the repeating faults) replaces its previous, fired one; the others are kept to be
  /// cancelled at the end.
  private func after(_ seconds: Double, every name: String? = nil, _ body: @escaping (KrakenSession) -> Void)
  {
    guard let context else { return }
    let timer = context.eventLoop.assumeIsolated().scheduleTask(in: .interval(seconds)) { [self] in
      guard self.context != nil else { return }
      body(self)
    }
    if let name { repeating[name] = timer } else { timers.append(timer) }
  }

  private func scheduleGarbage(every seconds: Double, kinds: [GarbageFrame]) {
    after(seconds, every: "garbage") { session in
      session.sendGarbage(kinds[session.garbageCount % kinds.count])
      session.scheduleGarbage(every: seconds, kinds: kinds)
    }
  }

  private func schedulePushOut(every seconds: Double) {
    after(seconds, every: "push-out") { session in
      if !session.books.isEmpty { session.venue.pushOut(symbols: Array(session.books.keys)) }
      session.schedulePushOut(every: seconds)
    }
  }

  /// Closes the TCP connection without a close frame.
  func drop() {
    guard let context else { return }
    world.stats.withLock { $0.sessionsDropped += 1 }
    context.close(promise: nil)
  }

  /// Goes silent for good: no data, no heartbeat, no pong, no answer; the connection stays open.
  func stall() {
    guard !stalled, context != nil else { return }
    flushIfNeeded()
    stalled = true
    world.stats.withLock { $0.sessionsStalled += 1 }
  }

  func sendGarbage(_ kind: GarbageFrame) {
    let (bytes, binary) = kind.krakenPayload
    garbageCount += 1
    write(ByteBuffer(bytes: bytes), kind: "garbage", opcode: binary ? .binary : .text)
    flushIfNeeded()
  }

  /// Kraken's message-rate limit: the error, then the connection closed with no close frame
  /// (Cloudflare's 1006).
  func rateLimit() {
    guard let context, !stalled, !isClosing else { return }
    flushIfNeeded()
    let bytes = KrakenFrames.error(
      "Exceeded msg rate", method: "subscribe", reqID: nil, timeMs: world.nowMs())
    // Nothing more goes out; the connection closes once the message is on the wire.
    isClosing = true
    world.stats.withLock {
      $0.framesSent["kraken-error", default: 0] += 1
      $0.bytesSent += bytes.count
      $0.sessionsDropped += 1
    }
    let frame = WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(bytes: bytes))
    context.writeAndFlush(wrapOutboundOut(frame)).assumeIsolated().whenComplete { _ in
      context.close(promise: nil)
    }
  }

  /// Whether this message makes more than `limit` within the last second.
  private func overRate(_ limit: Int) -> Bool {
    let now = NIODeadline.now()
    recentMessages.removeAll { $0 <= now - .seconds(1) }
    recentMessages.append(now)
    return recentMessages.count > limit
  }

  /// The next book update this session gets carries a wrong checksum.
  func armChecksumFault() { checksumFault = true }

  /// Whether this book update must carry the wrong checksum (the fault is then spent).
  func takeChecksumFault() -> Bool {
    guard checksumFault, !stalled, !isClosing, context != nil else { return false }
    checksumFault = false
    return true
  }
}
