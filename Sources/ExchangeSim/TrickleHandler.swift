import NIOCore

/// The slow-trickle fault: sits next to the socket and lets a session's bytes out
/// `bytesPerChunk` at a time, one chunk per `interval`, so a client sees frames arrive in
/// pieces over many reads.
final class TrickleHandler: ChannelOutboundHandler, RemovableChannelHandler {
  typealias OutboundIn = ByteBuffer
  typealias OutboundOut = ByteBuffer

  private let bytesPerChunk: Int
  private let interval: TimeAmount
  private var queue: [(buffer: ByteBuffer, promise: EventLoopPromise<Void>?)] = []
  private var head = 0
  private var timer: Scheduled<Void>?
  private let stats: SimLock<SimStats>?
  /// Set by the stall fault: nothing more goes out, even the rest of a frame under way.
  private var frozen = false

  init(_ trickle: SimFaults.Trickle, stats: SimLock<SimStats>? = nil) {
    bytesPerChunk = max(1, trickle.bytes)
    interval = .interval(trickle.interval)
    self.stats = stats
  }

  /// Stops the drip for good, in the middle of a frame if one is under way (a stall).
  func freeze() {
    frozen = true
    timer?.cancel()
    timer = nil
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    queue.append((unwrapOutboundIn(data), promise))
  }

  func flush(context: ChannelHandlerContext) {
    guard timer == nil, !frozen else { return }
    drip(context)
  }

  /// Sends one chunk and schedules the next.
  private func drip(_ context: ChannelHandlerContext) {
    timer = nil
    guard !frozen else { return }
    var budget = bytesPerChunk
    while budget > 0 && head < queue.count {
      let n = min(budget, queue[head].buffer.readableBytes)
      let slice = queue[head].buffer.readSlice(length: n)!
      budget -= n
      if queue[head].buffer.readableBytes == 0 {
        context.write(wrapOutboundOut(slice), promise: queue[head].promise)
        head += 1
      } else {
        context.write(wrapOutboundOut(slice), promise: nil)
      }
    }
    context.flush()
    let sent = bytesPerChunk - budget
    stats?.withLock { $0.bytesTrickled += sent }
    if head == queue.count {
      queue.removeAll(keepingCapacity: true)
      head = 0
      return
    }
    timer = context.eventLoop.assumeIsolated().scheduleTask(in: interval) { [self] in
      drip(context)
    }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    timer?.cancel()
    timer = nil
    for entry in queue[head...] { entry.promise?.fail(ChannelError.ioOnClosedChannel) }
    queue.removeAll()
    head = 0
  }
}
