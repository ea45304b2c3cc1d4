import BitMEX
import MarketModel
import Session
import Threads

#if canImport(Glibc)
import Glibc
#endif

/// BitMEX's feed.
public typealias MarketFeed = VenueFeed<BitMEXCodec>

extension VenueFeed where Codec == BitMEXCodec {
  /// A BitMEX feed for `options`.
  public convenience init(_ options: FeedOptions) {
    let (url, symbol) = (options.webSocketURL, options.symbol)
    self.init(options, plan: BitMEXWire.plan(book: options.book)) { BitMEXCodec(url: url, symbol: symbol) }
  }

  /// A BitMEX feed for `options` whose frames go to `recorder`, shared with other feeds (the
  /// cross-venue screen's one recording); its owner closes it.
  public convenience init(_ options: FeedOptions, recorder: FrameRecorder?) {
    let (url, symbol) = (options.webSocketURL, options.symbol)
    self.init(options, plan: BitMEXWire.plan(book: options.book), uiWake: WakeSignal(), recorder: recorder) {
      BitMEXCodec(url: url, symbol: symbol)
    }
  }
}

/// The feed thread of any venue: it owns the libcurl connection, runs the `ConnectionMachine`,
/// has the venue's codec decode frames and spell subscriptions, and hands the UI plain values
/// through a mailbox.
///
/// Frames are decoded straight into the mailbox's batch (a lock held for about a
/// microsecond per frame); the UI swaps that batch for its own empty one when it
/// drains, so in steady state nothing is allocated or copied. Commands flow back
/// through the same mailbox; each side wakes the other with a `WakeSignal`.
public final class VenueFeed<Codec: FeedCodec>: Sendable {
  public let options: FeedOptions
  /// What is subscribed.
  public let plan: SubscriptionPlan
  /// Makes the codec on the feed thread (it holds the decoder's state).
  private let makeCodec: @Sendable () -> Codec
  /// The recorder this feed shares with the other connections of its market (`VenueFeedGroup`
  /// opens and closes it); nil: the feed records to `options.recordPath` itself, if given.
  private let sharedRecorder: FrameRecorder?
  /// Signalled when there is something to drain (shared by the feeds of one `VenueFeedGroup`).
  public let uiWake: WakeSignal
  private let feedWake = WakeSignal()
  private let abortSignal = AbortSignal()
  private let mailbox = Locked(Mailbox())
  private let thread = OwnedThread()

  /// What the two threads share.
  struct Mailbox: ~Copyable {
    var batch = Codec.Batch()
    var status: FeedStatus?
    var resetTopics: [Subscription] = []
    var decodeErrors = 0
    var lastDecodeError: String?
    var commands: [FeedCommand] = []
    /// The UI has been woken and not drained since: no need to wake it again.
    var uiSignalled = false
    var recorderError: String?
    /// What `--record` wrote, once the feed has stopped.
    var recordingSummary: String?
    /// Receive times of the frames in `batch`, when `options.recordArrivals` is set.
    var arrivals: [FrameArrival] = []
  }

  /// A feed for `options` subscribing `plan`, its frames read by the codec `makeCodec` makes; it
  /// signals `uiWake` when there is something to drain.
  public convenience init(
    _ options: FeedOptions, plan: SubscriptionPlan, uiWake: WakeSignal = WakeSignal(),
    codec makeCodec: @escaping @Sendable () -> Codec
  ) {
    self.init(options, plan: plan, uiWake: uiWake, recorder: nil, codec: makeCodec)
  }

  /// A feed that records its frames with `recorder`, shared with other feeds, when given.
  public init(
    _ options: FeedOptions, plan: SubscriptionPlan, uiWake: WakeSignal, recorder: FrameRecorder?,
    codec makeCodec: @escaping @Sendable () -> Codec
  ) {
    self.options = options
    self.uiWake = uiWake
    self.plan = plan
    self.makeCodec = makeCodec
    self.sharedRecorder = recorder
  }

  /// What `--record` wrote (path, frames, bytes), once `stop()` has returned; nil when not
  /// recording.
  public var recordingSummary: String? { mailbox.withLock { $0.recordingSummary } }

  /// Starts the feed thread.
  public func start() {
    thread.start { self.run() }
  }

  /// Asks the feed to do something; returns at once.
  public func post(_ command: FeedCommand) {
    mailbox.withLock { $0.commands.append(command) }
    if command == .stop { abortSignal.raise() }
    feedWake.signal()
  }

  /// Stops the feed thread and waits for it (it closes the connection first).
  public func stop() {
    post(.stop)
    thread.join()
  }

  /// Moves what arrived since the last drain into `batch`, which must be empty; the
  /// batch handed back to the feed keeps its storage for the next round. With `clearingWake`
  /// false the wake is left as it is: the owner of a wake several feeds share clears it once,
  /// before it drains them all (clearing it between two drains could swallow the first feed's
  /// signal).
  public func drain(into batch: inout Codec.Batch, clearingWake: Bool = true) -> FeedUpdate {
    if clearingWake { uiWake.clear() }
    return mailbox.withLock { box in
      if !box.arrivals.isEmpty { box.arrivals.removeAll(keepingCapacity: true) }
      return Self.take(&box, into: &batch)
    }
  }

  /// `drain(into:)`, and also the receive time of every frame in the batch (empty unless
  /// `options.recordArrivals` is set). `arrivals` must be empty; its storage goes to the feed.
  public func drain(into batch: inout Codec.Batch, arrivals: inout [FrameArrival]) -> FeedUpdate {
    uiWake.clear()
    return mailbox.withLock { box in
      swap(&box.arrivals, &arrivals)
      return Self.take(&box, into: &batch)
    }
  }

  private static func take(_ box: inout Mailbox, into batch: inout Codec.Batch) -> FeedUpdate {
    swap(&box.batch, &batch)
    let update = FeedUpdate(
      status: box.status, resetTopics: box.resetTopics, decodeErrors: box.decodeErrors,
      lastDecodeError: box.lastDecodeError, recorderError: box.recorderError)
    box.status = nil
    if !box.resetTopics.isEmpty { box.resetTopics.removeAll() }
    box.decodeErrors = 0
    box.lastDecodeError = nil
    box.recorderError = nil
    box.uiSignalled = false
    return update
  }

  // MARK: The feed thread

  private func run() {
    let symbol = options.symbol
    // What this feed's lines are tagged with (a recorder shared by several venues' feeds).
    let venue = options.venue
    var codec = makeCodec()
    let wire = codec.wire
    // The venue's connection lifetime (Binance: 24 h), unless the options say otherwise: the
    // machine replaces a connection before the venue ends it.
    var config = options.config
    if config.connectionLifetime == nil { config.connectionLifetime = wire.limits.connectionLifetime }
    // Replaced make-before-break when the codec can splice the two connections' streams.
    config.replaceBeforeBreak = codec.splicesConnections
    var machine = ConnectionMachine(
      url: options.webSocketURL, symbol: symbol, plan: plan, config: config)
    var connection: WebSocketConnection?
    /// The connection that replaces `connection` before the venue ends it, while it catches up.
    var replacement: WebSocketConnection?
    var inputs: [FeedInput] = []
    inputs.reserveCapacity(16)
    let ownsRecorder = sharedRecorder == nil
    let recorder = sharedRecorder ?? options.recordPath.map { FrameRecorder(path: $0, venue: options.venue) }
    let recordArrivals = options.recordArrivals
    var rates = RateMeter()
    var lastStatus: FeedStatus?
    var pending = machine.start(now: .now())
    var stopping = false
    var recorderFailureReported = false
    if let failure = recorder?.failure {
      // The file could not even be opened: say so now, not after the first poll.
      recorderFailureReported = true
      mailbox.withLock { $0.recorderError = failure }
      uiWake.signal()
    }

    func publish(_ status: FeedStatus, now: MonotonicTime) {
      var status = status
      status.messagesPerSecond = rates.messagesPerSecond(now: now)
      status.bytesPerSecond = rates.bytesPerSecond(now: now)
      status.pingRoundTrip = machine.pingRoundTrip
      for topic in machine.topics {
        if let at = machine.lastData(for: topic) { status.lastMessageAt[topic] = at }
      }
      lastStatus = status
      mailbox.withLock { $0.status = status }
      uiWake.signal()
    }

    func readAvailable(_ c: WebSocketConnection) {
      let bytesBefore = c.bytesReceived
      var delivered = false
      let end = c.read { incoming in
        delivered = true
        let now = MonotonicTime.now()
        switch incoming {
        case .text(let bytes):
          rates.add(bytes: bytes.count, now: now)
          recorder?.record(bytes, as: venue, now: now)
          inputs.removeAll(keepingCapacity: true)
          let wake = mailbox.withLock { box -> Bool in
            let mark = box.batch.eventCount
            do throws(FeedDecodeError) {
              try codec.decode(bytes, now: now, into: &box.batch, inputs: &inputs)
            } catch {
              box.decodeErrors += 1
              box.lastDecodeError = error.description
              inputs.append(.data(nil))
              return false
            }
            if recordArrivals { box.arrivals.append(FrameArrival(firstEvent: mark, at: now)) }
            defer { box.uiSignalled = true }
            return !box.uiSignalled
          }
          if wake { uiWake.signal() }
          for input in inputs {
            switch input {
            case .pong: pending += machine.pong(now: now)
            case .subscribed(let t): pending += machine.subscribed(t, now: now)
            case .snapshot(let t): pending += machine.partialReceived(t, now: now)
            case .data(let t): pending += machine.message(topic: t, now: now)
            case .error(let e): pending += machine.serverError(e, now: now)
            case .shutdownNotice: pending += machine.shutdownNotice(now: now)
            }
          }
        case .binary(let bytes):
          // The venues send text only: count it as a bad frame and go on.
          rates.add(bytes: bytes.count, now: now)
          mailbox.withLock {
            $0.decodeErrors += 1
            $0.lastDecodeError = "binary frame of \(bytes.count) bytes"
          }
          pending += machine.message(now: now)
        case .pong:
          pending += machine.message(now: now)
        }
      }
      // Bytes of a message still arriving (a big partial over a slow link) are life too:
      // without this, the heartbeat would give up on a connection busy delivering.
      if !delivered, c.bytesReceived != bytesBefore { pending += machine.receiving(now: .now()) }
      switch end {
      case .wouldBlock:
        break
      case .closed(let code, let reason):
        connection = nil
        pending += machine.closed(code: code.map(Int.init), reason: reason, now: .now())
      case .failed(let reason):
        connection = nil
        pending += machine.closed(code: nil, reason: reason, now: .now())
      }
    }

    /// Frames of the replacement connection: held by the codec, not shown, until its streams
    /// continue the open connection's; then the machine switches to it.
    func readReplacement(_ c: WebSocketConnection) {
      let end = c.read { incoming in
        guard case .text(let bytes) = incoming else { return }
        let now = MonotonicTime.now()
        rates.add(bytes: bytes.count, now: now)
        do throws(FeedDecodeError) {
          try codec.holdReplacement(bytes, now: now)
        } catch {
          mailbox.withLock {
            $0.decodeErrors += 1
            $0.lastDecodeError = error.description
          }
        }
      }
      switch end {
      case .wouldBlock:
        if codec.replacementCaughtUp { pending += machine.replacementCaughtUp(now: .now()) }
      case .closed(_, let reason), .failed(let reason):
        replacement = nil
        codec.dropReplacement()
        pending += machine.replacementLost(reason: reason, now: .now())
      }
    }

    /// The switch: the replacement's held frames after the open connection's, the open one
    /// closed, the replacement the connection.
    func switchToReplacement() {
      guard let r = replacement else { return }
      let now = MonotonicTime.now()
      inputs.removeAll(keepingCapacity: true)
      let kept = mailbox.withLock { box in
        defer { box.uiSignalled = true }
        return codec.spliceReplacement(into: &box.batch, inputs: &inputs)
      }
      uiWake.signal()
      if let recorder {
        for frame in kept { frame.withUnsafeBytes { recorder.record($0, as: venue, now: now) } }
      }
      _ = connection?.sendClose(code: CloseCode.normal, reason: "replaced")
      connection = r
      replacement = nil
      for input in inputs {
        switch input {
        case .snapshot(let t): pending += machine.partialReceived(t, now: now)
        case .data(let t): pending += machine.message(topic: t, now: now)
        default: break
        }
      }
    }

    /// The REST snapshot of `book`, for a rule that bridges one to the stream: fetched here, on
    /// the feed thread (the stream's frames wait in the socket meanwhile, and the rule buffers
    /// them), and decoded into the batch as a frame. A venue's REST limit (429, 418 and their
    /// `Retry-After`; its weight count near the minute's limit) goes to the machine, which holds
    /// the next ask until it is over and says why. Any other failure is said as a decode error;
    /// the book then waits, and the machine's snapshot timeout reconnects.
    var restClient: RESTClient?
    let venueName = options.venueName ?? options.venue.name
    let limits = wire.limits
    func fetchSnapshot(_ book: Subscription) {
      guard let url = codec.snapshotURL(for: book) else { return }
      let client =
        restClient ?? RESTClient(baseURL: "", userAgent: options.userAgent, abortSignal: abortSignal)
      restClient = client
      let failure: String?
      switch client.get(url, timeout: options.config.connectTimeout) {
      case .success(let response) where response.status == 200:
        let now = MonotonicTime.now()
        rates.add(bytes: response.body.count, now: now)
        // The body is a frame of the recording too (a bare line, as hftbacktest's collector
        // writes it): a replay's book starts from it.
        if let recorder { response.body.withUnsafeBytes { recorder.record($0, as: venue, now: now) } }
        inputs.removeAll(keepingCapacity: true)
        failure = response.body.withUnsafeBytes { body in
          mailbox.withLock { box -> String? in
            do throws(FeedDecodeError) {
              try codec.decodeSnapshot(body, of: book, now: now, into: &box.batch, inputs: &inputs)
              return nil
            } catch {
              return error.description
            }
          }
        }
        for input in inputs {
          if case .snapshot(let t) = input { pending += machine.partialReceived(t, now: now) }
        }
        if let used = RESTWeight.used(response, limits), let limit = limits.restWeightPerMinute,
          RESTWeight.nearLimit(used: used, limit: limit)
        {
          pending += machine.restLimited(
            .weightBudget, retryAfter: RESTWeight.secondsToNextMinute(wallMs: RESTWeight.wallMs()),
            venue: venueName, refused: nil, now: now)
        }
      case .success(let response) where response.status == 429 || response.status == 418:
        pending += machine.restLimited(
          response.status == 418 ? .banned : .rateLimited, retryAfter: response.retryAfter, venue: venueName,
          refused: book, now: .now())
        failure = nil
      case .success(let response):
        failure = "the REST snapshot of \(book): HTTP \(response.status)"
      case .failure(let problem):
        failure = "the REST snapshot of \(book): \(problem.reason)"
      }
      mailbox.withLock { box in
        if let failure {
          box.decodeErrors += 1
          box.lastDecodeError = failure
        }
        box.uiSignalled = true
      }
      uiWake.signal()
    }

    func send(_ frames: [String]) {
      for text in frames {
        guard let c = connection else { return }
        if let error = c.send(text: text) {
          connection = nil
          pending += machine.closed(code: nil, reason: error, now: .now())
        }
      }
    }

    while true {
      // Carry out what the machine asked for; some actions feed it again.
      while !pending.isEmpty {
        let action = pending.removeFirst()
        switch action {
        case .connect(let url):
          connection = nil
          codec.connectionOpened()
          if stopping { break }
          codec.connecting()
          // The attempt may block up to the connect timeout: say CONNECTING before, not after.
          publish(machine.status, now: .now())
          let c = WebSocketConnection(
            maxMessageBytes: options.config.maxMessageBytes, abortSignal: abortSignal)
          if let failure = c.connect(
            url: url, timeout: options.config.connectTimeout, userAgent: options.userAgent)
          {
            pending += machine.upgradeFailed(
              status: failure.status, retryAfter: failure.retryAfter, reason: failure.reason, now: .now())
          } else {
            connection = c
            pending += machine.connected(now: .now())
          }
        case .subscribe(let subscriptions):
          codec.subscribing(subscriptions)
          send(wire.subscribeFrames(subscriptions))
        case .unsubscribe(let subscriptions):
          codec.unsubscribing(subscriptions)
          send(wire.unsubscribeFrames(subscriptions))
        case .ping:
          if case .clientPing(let text, _, _) = wire.heartbeat { send([text]) }
        case .close(let code, let reason):
          _ = connection?.sendClose(code: UInt16(clamping: code), reason: reason)
          connection = nil
        case .resetTables(let topics):
          mailbox.withLock { box in
            for topic in topics where !box.resetTopics.contains(topic) { box.resetTopics.append(topic) }
          }
          uiWake.signal()
        case .fetchSnapshot(let book):
          fetchSnapshot(book)
        case .emit(let status):
          publish(status, now: .now())
        case .connectReplacement(let url):
          if stopping { break }
          let c = WebSocketConnection(
            maxMessageBytes: options.config.maxMessageBytes, abortSignal: abortSignal)
          codec.dropReplacement()
          if let failure = c.connect(
            url: url, timeout: options.config.connectTimeout, userAgent: options.userAgent)
          {
            pending += machine.replacementLost(reason: failure.reason, now: .now())
          } else {
            replacement = c
            pending += machine.replacementConnected(now: .now())
          }
        case .switchToReplacement:
          switchToReplacement()
        case .closeReplacement(let reason):
          _ = replacement?.sendClose(code: CloseCode.normal, reason: reason)
          replacement = nil
          codec.dropReplacement()
        case .scheduleWake:
          break  // `machine.pendingWake` is read below
        }
        // Frames that came with the upgrade are already buffered: read them now.
        if case .connect = action, let c = connection { readAvailable(c) }
        if case .connectReplacement = action, let r = replacement { readReplacement(r) }
      }
      if stopping, case .stopped = machine.state { break }

      // Wait for the socket, a command, the machine's next deadline, or the next
      // rate update (the status line's figures move once a second).
      let now = MonotonicTime.now()
      var timeout = 1.0
      if let wake = machine.pendingWake { timeout = min(timeout, max(0, wake - now)) }
      var fds = [pollfd(fd: feedWake.descriptor, events: Int16(POLLIN), revents: 0)]
      if let c = connection { fds.append(pollfd(fd: c.socket, events: Int16(POLLIN), revents: 0)) }
      if let r = replacement { fds.append(pollfd(fd: r.socket, events: Int16(POLLIN), revents: 0)) }
      _ = poll(&fds, nfds_t(fds.count), Int32((timeout * 1000).rounded(.up)))
      // What the poll saw of each connection, before a command or a read changes them.
      let connectionReady = connection != nil && fds[1].revents != 0
      let replacementReady = replacement != nil && fds[fds.count - 1].revents != 0

      if fds[0].revents != 0 {
        feedWake.clear()
        let commands = mailbox.withLock { box -> [FeedCommand] in
          defer { box.commands.removeAll() }
          return box.commands
        }
        for command in commands {
          let now = MonotonicTime.now()
          switch command {
          case .resync(let topic):
            pending += machine.resync(topic, now: now)
          case .fetchSnapshot(let book):
            pending += machine.snapshotWanted(book, now: now)
          case .switchSymbol(let s):
            pending += machine.switchSymbol(to: s, now: now)
          case .watchTickers(let symbols):
            pending += machine.watchTickers(TickerWatch(symbols), now: now)
          case .reconnectNow:
            if let c = connection {
              _ = c.sendClose(code: CloseCode.normal, reason: "reconnect")
              connection = nil
            }
            pending += machine.reconnectNow(now: now)
          case .stop:
            stopping = true
            pending += machine.stop(now: now)
          }
        }
      }
      // The open connection first: what it delivers is what the replacement must continue.
      if connectionReady, let c = connection { readAvailable(c) }
      if replacementReady, let r = replacement { readReplacement(r) }
      let later = MonotonicTime.now()
      if let wake = machine.pendingWake, later >= wake { pending += machine.tick(now: later) }
      if let last = lastStatus, rates.shouldRefresh(now: later) { publish(last, now: later) }
      recorder?.flushIfDue(now: later)
      if let failure = recorder?.failure, !recorderFailureReported {
        recorderFailureReported = true
        mailbox.withLock { $0.recorderError = failure }
        uiWake.signal()
      }
    }
    if ownsRecorder {
      recorder?.close()
      if let recorder { mailbox.withLock { $0.recordingSummary = recorder.summary } }
    }
    if let failure = recorder?.failure, !recorderFailureReported {
      // The last buffer could not be written: a drain after `stop()` learns it.
      mailbox.withLock { $0.recorderError = failure }
    }
    _ = connection?.sendClose(code: CloseCode.normal, reason: "bye")
    publish(machine.status, now: .now())
  }
}
