import FoundationEssentials
import NIOCore
import NIOWebSocket

#if canImport(Glibc)
import Glibc
#endif

/// One WebSocket session at `/realtime`: the welcome, the `subscribe`/`unsubscribe` ops with
/// their acks and errors, partials after the configured delay, the world's deltas, text
/// `ping` → `pong`, protocol PING → PONG, the closing handshake, replay, and the
/// per-session faults.
///
/// Lives on the world's event loop, like the world, which calls `receives` and `send` for
/// every delta it publishes.
final class SimWebSocketHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = WebSocketFrame
  typealias OutboundOut = WebSocketFrame

  private let world: SimWorld
  /// The upgrade request's URI (for `?subscribe=`).
  private let uri: String
  private var context: ChannelHandlerContext?
  /// Subscriptions waiting for their partial, with the timer that will send it.
  private var pending: [SimTopic: Scheduled<Void>?] = [:]
  /// Subscriptions whose partial has gone out: deltas flow.
  private var live: Set<SimTopic> = []
  /// A fragmented message being reassembled.
  private var fragments: [UInt8]?
  private var needsFlush = false
  private var stalled = false
  /// The pongs-only fault is on: nothing but `pong` goes out.
  private var pongsOnly = false
  /// Set once a close frame went out, either way.
  private(set) var isClosing = false
  private var sentByTable: [SimTable: Int] = [:]
  private var timers: [Scheduled<Void>] = []
  private var garbageCount = 0
  // Replay: the next frame, when it started, and whether a wake-up is already on its way.
  private var replayIndex: Int?
  private var replayStart = NIODeadline.now()
  private var replayWakeUp: Scheduled<Void>?
  private var replayYielding = false
  private var replayFinished = false

  init(world: SimWorld, uri: String) {
    self.world = world
    self.uri = uri
  }

  // MARK: Life cycle

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
    world.register(self)
    write(ByteBuffer(bytes: FrameEncoder.welcome(timeMs: world.nowMs())), kind: "welcome")
    flushIfNeeded()
    let faults = world.faults.current
    if let t = faults.dropAfter { after(t) { $0.drop() } }
    if let t = faults.stallAfter { after(t) { $0.stall() } }
    if let t = faults.pongsOnlyAfter { after(t) { $0.pongsOnly = true } }
    if let t = faults.garbageEvery, !faults.garbageKinds.isEmpty {
      scheduleGarbage(every: t, kinds: faults.garbageKinds)
    }
    if let topics = Self.urlTopics(uri), !topics.isEmpty {
      var w = JSONWriter()
      w.beginObject()
      w.key("op")
      w.string("subscribe")
      w.key("args")
      w.beginArray()
      for topic in topics {
        w.item()
        w.string(topic)
      }
      w.endArray()
      w.endObject()
      subscribe(topics, request: w.bytes)
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
    for case let timer? in pending.values { timer.cancel() }
    pending.removeAll()
    live.removeAll()
    replayWakeUp?.cancel()
    world.unregister(self)
    context = nil
  }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    if context.channel.isWritable {
      world.scheduleBursts()
      if replayWakeUp == nil && !replayYielding { pumpReplay() }
    }
    context.fireChannelWritabilityChanged()
  }

  func errorCaught(context: ChannelHandlerContext, error: Error) {
    // A reset by the peer or a protocol error: the session is over either way.
    context.close(promise: nil)
  }

  // MARK: Reading

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let frame = unwrapInboundIn(data)
    // A stalled server answers nothing at all.
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
      let pong = WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)
      context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
    case .connectionClose:
      receivedClose(frame)
    default:
      break
    }
  }

  private func message(_ bytes: [UInt8]) {
    guard !isClosing else { return }
    world.stats.withLock { $0.framesReceived += 1 }
    if bytes == Array("ping".utf8) {
      world.stats.withLock { $0.textPings += 1 }
      write(ByteBuffer(string: "pong"), kind: "pong")
    } else if bytes == Array("help".utf8) {
      write(ByteBuffer(bytes: FrameEncoder.websocketHelp()), kind: "help")
    } else {
      request(bytes)
    }
    flushIfNeeded()
  }

  /// A JSON op from the client.
  private func request(_ bytes: [UInt8]) {
    guard let request = try? JSONDecoder().decode(ClientRequest.self, from: Data(bytes)) else {
      let first = String(decoding: bytes.prefix(1), as: UTF8.self)
      let message =
        "Failed to decode incoming data: Unexpected token \(first.isEmpty ? "end" : first) in JSON at "
        + "position 0. Please see the documentation at https://www.bitmex.com/app/wsAPI."
      write(ByteBuffer(bytes: FrameEncoder.error(status: 400, message: message, request: nil)), kind: "error")
      return
    }
    let args = request.args
    let op = request.op
    switch op {
    case "subscribe":
      world.stats.withLock { $0.subscribeRequests += 1 }
      subscribe(args ?? [], request: bytes)
    case "unsubscribe":
      world.stats.withLock { $0.unsubscribeRequests += 1 }
      unsubscribe(args ?? [], request: bytes)
    default:
      error(400, "Unknown or unsupported op: \(op)", request: bytes)
    }
  }

  // MARK: Subscriptions

  private func subscribe(_ args: [String], request: [UInt8]) {
    let hostile = world.faults.current
    if let words = hostile.subscribeError {
      error(400, words, request: request)
      flushIfNeeded()
      return
    }
    if let reason = hostile.closeReason {
      close(code: .policyViolation, reason: reason)
      return
    }
    if args.isEmpty { error(400, "Missing args", request: request) }
    for arg in args {
      let name = arg.split(separator: ":", maxSplits: 1).first.map(String.init) ?? arg
      if let words = hostile.refusedTables[name] {
        error(400, words, request: request)
        continue
      }
      let topic: SimTopic
      switch SimTopic.parse(arg) {
      case .failure(.unknownTable(let name)):
        error(400, "Unknown table: \(name)", request: request)
        continue
      case .success(let t):
        topic = t
      }
      if let symbol = topic.symbol, world.replay == nil, !world.admits(symbol, in: topic.table) {
        error(400, "Unknown or expired symbol.", request: request)
        continue
      }
      if live.contains(topic) || pending[topic] != nil {
        error(400, "You are already subscribed to this topic: \(topic)", request: request)
        continue
      }
      write(
        ByteBuffer(bytes: FrameEncoder.ack(op: "subscribe", topic: topic.description, request: request)),
        kind: "ack")
      if world.replay != nil {
        // A replay sends what was recorded, whatever the subscriptions.
        live.insert(topic)
        continue
      }
      let faults = world.faults.current
      if faults.withheldPartials.contains(topic.table.rawValue) {
        // Subscribed (a second request is a duplicate), but nothing of it ever comes.
        pending[topic] = .some(nil)
        continue
      }
      if faults.updateBeforePartial, topic.table.isBook, let symbol = topic.symbol,
        let early = world.earlyUpdate(topic.table, symbol)
      {
        write(ByteBuffer(bytes: early), table: topic.table)
      }
      let delay = world.config.partialDelay
      if delay > 0 {
        pending[topic] = context?.eventLoop.assumeIsolated().scheduleTask(in: .interval(delay)) { [self] in
          sendPartial(topic)
        }
      } else {
        pending[topic] = .some(nil)
        sendPartial(topic)
      }
    }
    flushIfNeeded()
    if world.replay != nil && !args.isEmpty { startReplay() }
  }

  private func unsubscribe(_ args: [String], request: [UInt8]) {
    for arg in args {
      guard case .success(let topic) = SimTopic.parse(arg) else {
        error(
          400, "Unknown table: \(arg.split(separator: ":").first.map(String.init) ?? arg)", request: request)
        continue
      }
      if let timer = pending.removeValue(forKey: topic) { timer?.cancel() }
      live.remove(topic)
      // Unsubscribing from a topic one does not have is acknowledged all the same.
      write(
        ByteBuffer(bytes: FrameEncoder.ack(op: "unsubscribe", topic: topic.description, request: request)),
        kind: "ack")
    }
  }

  private func sendPartial(_ topic: SimTopic) {
    guard pending.removeValue(forKey: topic) != nil, context != nil, !isClosing else { return }
    write(ByteBuffer(bytes: world.partial(for: topic)), table: topic.table)
    live.insert(topic)
    flushIfNeeded()
    guard topic.table.isBook, let symbol = topic.symbol else { return }
    if let t = world.faults.current.unknownLevelAfter {
      after(t) { session in
        guard session.live.contains(topic), let frame = session.world.unknownLevelUpdate(topic.table, symbol)
        else {
          return
        }
        session.write(ByteBuffer(bytes: frame), table: topic.table)
        session.flushIfNeeded()
      }
    }
    world.startBurst(self, topic)
  }

  /// Whether a delta of `table` for `symbol` goes to this session.
  func receives(_ table: SimTable, _ symbol: String) -> Bool {
    guard !stalled, !pongsOnly, !isClosing, !live.isEmpty else { return false }
    if !world.silencedTables.isEmpty, world.silencedTables.contains(table) { return false }
    return live.contains(SimTopic(table: table, symbol: symbol))
      || live.contains(SimTopic(table: table, symbol: nil))
  }

  // MARK: Writing

  /// Sends a table frame (flushed by `flushIfNeeded`).
  func send(_ buffer: ByteBuffer, kind: String) {
    if let table = SimTable(rawValue: kind) {
      write(buffer, table: table)
    } else {
      write(buffer, kind: kind)
    }
  }

  private func write(_ buffer: ByteBuffer, table: SimTable) {
    guard write(buffer, kind: table.rawValue) else { return }
    sentByTable[table, default: 0] += 1
  }

  @discardableResult
  private func write(_ buffer: ByteBuffer, kind: String, opcode: WebSocketOpcode = .text) -> Bool {
    guard let context, !stalled, !isClosing, !pongsOnly || kind == "pong" else { return false }
    context.write(wrapOutboundOut(WebSocketFrame(fin: true, opcode: opcode, data: buffer)), promise: nil)
    needsFlush = true
    world.stats.withLock {
      $0.framesSent[kind, default: 0] += 1
      $0.bytesSent += buffer.readableBytes
    }
    return true
  }

  private func error(_ status: Int, _ message: String, request: [UInt8]?) {
    write(
      ByteBuffer(bytes: FrameEncoder.error(status: status, message: message, request: request)), kind: "error"
    )
  }

  func flushIfNeeded() {
    guard needsFlush, let context else { return }
    needsFlush = false
    context.flush()
  }

  /// Frames of `table` sent so far.
  func sentCount(_ table: SimTable) -> Int { sentByTable[table] ?? 0 }

  var isWritable: Bool { context?.channel.isWritable ?? false }

  // MARK: Closing

  private func receivedClose(_ frame: WebSocketFrame) {
    guard let context else { return }
    if isClosing {
      // The peer's answer to our close: the handshake is complete.
      context.close(promise: nil)
      return
    }
    isClosing = true
    var data = frame.unmaskedData
    // RFC 6455 §5.5.1: answer with a close frame echoing the status code.
    let code = data.readSlice(length: 2) ?? ByteBuffer()
    let answer = WebSocketFrame(fin: true, opcode: .connectionClose, data: code)
    context.writeAndFlush(wrapOutboundOut(answer)).assumeIsolated().whenComplete { _ in
      context.close(promise: nil)
    }
  }

  /// Starts the closing handshake (with `reason`, which may be any text: a fault can make it
  /// hostile); closes the TCP connection when the peer answers, or after two seconds if it
  /// does not.
  private func close(code: WebSocketErrorCode, reason: String = "") {
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

  // MARK: Replay

  private func startReplay() {
    guard world.replay != nil, replayIndex == nil else { return }
    replayIndex = 0
    replayStart = .now()
    pumpReplay()
  }

  /// Sends the replay frames that are due, as long as the channel takes them; arranges to
  /// be called again for the rest.
  private func pumpReplay() {
    guard let file = world.replay, var i = replayIndex, let context, !isClosing, !stalled else { return }
    let speed = world.config.replay?.speed ?? 0
    var sent = 0
    while i < file.frames.count {
      let frame = file.frames[i]
      if let wait = ReplayPacing.nanoseconds(offset: frame.offset, speed: speed) {
        let due = replayStart + .nanoseconds(wait)
        if due > .now() {
          replayIndex = i
          flushIfNeeded()
          replayWakeUp = context.eventLoop.assumeIsolated().scheduleTask(deadline: due) { [self] in
            replayWakeUp = nil
            pumpReplay()
          }
          return
        }
      }
      // Not writable: `channelWritabilityChanged` resumes.
      guard context.channel.isWritable else {
        replayIndex = i
        flushIfNeeded()
        return
      }
      if sent == 512 {
        // Let the loop serve others between chunks.
        replayIndex = i
        flushIfNeeded()
        replayYielding = true
        context.eventLoop.assumeIsolated().execute { [self] in
          replayYielding = false
          pumpReplay()
        }
        return
      }
      write(frame.buffer, kind: "replay")
      i += 1
      sent += 1
    }
    replayIndex = i
    flushIfNeeded()
    guard !replayFinished else { return }
    replayFinished = true
    world.stats.withLock { $0.replaysFinished += 1 }
    close(code: .normalClosure)
  }

  // MARK: Faults

  /// Runs `body` after `seconds`, unless the session has ended.
  private func after(_ seconds: Double, _ body: @escaping (SimWebSocketHandler) -> Void) {
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

  /// Goes silent for good: no data, no pongs, no answers; with the trickle fault, the rest of
  /// a frame under way stays unsent too (a stall in the middle of a partial).
  func stall() {
    guard !stalled, let context else { return }
    flushIfNeeded()
    stalled = true
    (try? context.pipeline.syncOperations.handler(type: TrickleHandler.self))?.freeze()
    world.stats.withLock { $0.sessionsStalled += 1 }
  }

  func sendGarbage(_ kind: GarbageFrame) {
    let (bytes, binary) = kind.payload
    garbageCount += 1
    write(ByteBuffer(bytes: bytes), kind: "garbage", opcode: binary ? .binary : .text)
    flushIfNeeded()
  }

  /// Sends an update for a non-existent level on every live book subscription (of `symbol`).
  func sendUnknownLevel(symbol: String?) {
    for topic in live where topic.table.isBook {
      guard let s = topic.symbol, symbol == nil || symbol == s,
        let frame = world.unknownLevelUpdate(topic.table, s)
      else { continue }
      write(ByteBuffer(bytes: frame), table: topic.table)
    }
    flushIfNeeded()
  }

  /// The topics of `?subscribe=a,b` in the request URI.
  static func urlTopics(_ uri: String) -> [String]? {
    guard let query = uri.split(separator: "?", maxSplits: 1).dropFirst().first else { return nil }
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      guard parts.count == 2, parts[0] == "subscribe" else { continue }
      let value = RESTRouter.percentDecoded(String(parts[1]))
      return value.split(separator: ",").map(String.init)
    }
    return nil
  }
}

/// A client's JSON op: `{"op": "subscribe", "args": ["trade:XBTUSD", …]}`. As BitMEX does,
/// `args` may be one string; arguments that are not strings are skipped, and a missing `op`
/// is the empty (unsupported) op.
struct ClientRequest: Decodable {
  var op: String
  var args: [String]?

  private enum Key: String, CodingKey { case op, args }

  /// A list element that is kept only when it is a string.
  private struct MaybeString: Decodable {
    var value: String?
    init(from decoder: any Decoder) throws {
      value = try? decoder.singleValueContainer().decode(String.self)
    }
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    op = (try? container.decode(String.self, forKey: .op)) ?? ""
    if let list = try? container.decode([MaybeString].self, forKey: .args) {
      args = list.compactMap(\.value)
    } else {
      args = (try? container.decode(String.self, forKey: .args)).map { [$0] }
    }
  }
}
