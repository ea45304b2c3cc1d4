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

  init(_ trickle: SimFaults.Trickle) {
    bytesPerChunk = max(1, trickle.bytes)
    interval = .interval(trickle.interval)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    queue.append((unwrapOutboundIn(data), promise))
  }

  func flush(context: ChannelHandlerContext) {
    guard timer == nil else { return }
    drip(context)
  }

  /// Sends one chunk and schedules the next.
  private func drip(_ context: ChannelHandlerContext) {
    timer = nil
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
