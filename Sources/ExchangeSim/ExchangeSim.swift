import FoundationEssentials
import MarketModel
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

#if canImport(Glibc)
import Glibc
#endif

/// A BitMEX-compatible exchange on loopback: the realtime WebSocket at `/realtime` and the
/// REST API under `/api/v1`, serving a seeded simulated market (or a recorded session) with
/// faults on demand. Used by tests, `tradeterm --demo`/`--replay` and benchmarks. The same
/// server speaks Binance spot and USDⓈ-M under `/binance` and `/binance-usdm`, from the same
/// price process (`binanceHost(_:)`, `Binance/`), and Kraken WebSocket v2 at `/kraken/v2` and Kraken's REST under `/kraken/0/public`
/// (`ExchangeSim+Kraken.swift`), its pairs following the same simulated prices; and Coinbase Advanced Trade, Bybit v5 and OKX v5 at their own
/// paths, their books following the same prices (`ExchangeSim+Followers.swift`).
///
/// ```swift
/// let sim = ExchangeSim(SimConfig(seed: 7, partialDelay: 0.05))
/// try sim.start()
/// // connect to sim.webSocketURL, sim.restURL …
/// sim.stop()
/// ```
///
/// The server runs on one event-loop thread of its own. Every method may be called from
/// any thread; those that read or change the market run on that thread and wait for it,
/// so when `pauseMarket()` returns, the market has stopped.
public final class ExchangeSim: Sendable {
  /// Where the server listens and what it runs on, once started.
  private struct Running: Sendable {
    var group: MultiThreadedEventLoopGroup
    var channel: Channel
    var world: NIOLoopBoundBox<SimWorld>
    var port: Int
  }

  /// The configuration the simulator was made with.
  public let config: SimConfig
  private let running = SimLock<Running?>(nil)
  private let statsBox = SimLock(SimStats())
  let faultsBox: SimLock<SimFaults>

  public init(_ config: SimConfig = SimConfig()) {
    self.config = config
    faultsBox = SimLock(config.faults)
  }

  deinit {
    stop()
  }

  // MARK: Starting and stopping

  /// Binds the port (an ephemeral one unless `config.port` says otherwise) and starts
  /// serving. Throws if the port cannot be bound or the replay file cannot be read.
  public func start() throws {
    guard running.current == nil else { throw SimError.alreadyStarted }
    let replay = try config.replay.map { try ReplayFile.load($0) }
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let loop = group.next()
    let box = NIOLoopBoundBox.makeBoxSendingValue(
      SimWorld(config: config, eventLoop: loop, stats: statsBox, faults: faultsBox, replay: replay),
      as: SimWorld.self, eventLoop: loop)
    let bootstrap = ServerBootstrap(group: group)
      .serverChannelOption(.backlog, value: 256)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
      .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try Self.configure(channel, box)
        }
      }
    let channel: Channel
    do {
      channel = try bootstrap.bind(host: config.host, port: config.port).wait()
    } catch {
      try? group.syncShutdownGracefully()
      throw error
    }
    try loop.submit { box.value.start() }.wait()
    running.withLock {
      $0 = Running(
        group: group, channel: channel, world: box, port: channel.localAddress?.port ?? config.port)
    }
  }

  /// Sets up a new connection: HTTP/1.1 with the WebSocket upgrader at `/realtime`.
  private static func configure(_ channel: Channel, _ box: NIOLoopBoundBox<SimWorld>) throws {
    let world = box.value
    world.accepted(channel)
    let refusal = NIOLoopBoundBox<UpgradeDecision?>.makeEmptyBox(eventLoop: channel.eventLoop)
    let upgrader = NIOWebSocketServerUpgrader(
      maxFrameSize: 1 << 20, automaticErrorHandling: true,
      shouldUpgrade: { channel, head in
        let path = head.uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? head.uri
        guard
          path == "/realtime" || BinanceRoute(path: path) != nil || path == KrakenSession.path
            || FollowerVenue(webSocketPath: path) != nil
        else {
          return channel.eventLoop.makeSucceededFuture(nil)
        }
        switch box.value.admitUpgrade() {
        case .accept:
          return channel.eventLoop.makeSucceededFuture(HTTPHeaders())
        case .reject(let status, let retryAfter):
          // The HTTP handler sends the refusal: it receives the request the upgrader declines.
          refusal.value = .reject(status: status, retryAfter: retryAfter)
          return channel.eventLoop.makeSucceededFuture(nil)
        case .ignore:
          // Never answered; failed only when the connection goes, so the promise never leaks.
          let promise = channel.eventLoop.makePromise(of: HTTPHeaders?.self)
          channel.closeFuture.whenComplete { _ in promise.fail(ChannelError.ioOnClosedChannel) }
          return promise.futureResult
        }
      },
      upgradePipelineHandler: { channel, head in
        channel.eventLoop.makeCompletedFuture {
          let world = box.value
          if let trickle = world.faults.current.trickle {
            try channel.pipeline.syncOperations.addHandler(
              TrickleHandler(trickle, stats: world.stats), position: .first)
          }
          let path = head.uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? head.uri
          if let route = BinanceRoute(path: path) {
            try channel.pipeline.syncOperations.addHandler(
              BinanceStreamHandler(world: world, route: route, uri: head.uri))
          } else if path == KrakenSession.path {
            try channel.pipeline.syncOperations.addHandler(KrakenSession(world: world))
          } else if let venue = FollowerVenue(webSocketPath: path) {
            try channel.pipeline.syncOperations.addHandler(FollowerSession(venue: venue, world: world))
          } else {
            try channel.pipeline.syncOperations.addHandler(SimWebSocketHandler(world: world, uri: head.uri))
          }
        }
      })
    try channel.pipeline.syncOperations.configureHTTPServerPipeline(
      withServerUpgrade: (
        upgraders: [upgrader],
        completionHandler: { context in
          context.pipeline.syncOperations.removeHandler(name: SimHTTPHandler.name, promise: nil)
        }
      ))
    try channel.pipeline.syncOperations.addHandler(
      SimHTTPHandler(world: world, refusal: refusal), name: SimHTTPHandler.name)
  }

  /// Closes every connection and the listening socket and joins the event-loop thread.
  /// Safe to call more than once.
  public func stop() {
    guard
      let r = running.withLock({ r -> Running? in
        defer { r = nil }
        return r
      })
    else { return }
    let box = r.world
    try? r.channel.eventLoop.submit { box.value.stop() }.wait()
    try? r.channel.close().wait()
    try? r.group.syncShutdownGracefully()
  }

  // MARK: Where it listens

  /// The port listened on (0 before `start()`).
  public var port: Int { running.current?.port ?? 0 }

  /// Where it listens, with every dialect's URL there.
  public var address: SimAddress { SimAddress(host: config.host, port: port) }

  /// `ws://127.0.0.1:P/realtime`.
  public var webSocketURL: String { address.webSocketURL }

  /// `http://127.0.0.1:P/api/v1`.
  public var restURL: String { address.restURL }

  // MARK: The market

  /// The instruments listed.
  public var instruments: [SimInstrument] { config.instruments }

  /// Every instrument listed: `instruments`, then the universe's ticker-only ones.
  public var listing: [SimInstrument] {
    let booked = Set(config.instruments.map(\.symbol))
    var seen = Set<String>()
    return config.instruments
      + config.universe.filter { !booked.contains($0.symbol) && seen.insert($0.symbol).inserted }
  }

  /// The L2 book of `symbol` as the simulator holds it, best first: the whole book, or its
  /// top `depth` levels per side (25 is what an `orderBookL2_25` subscriber holds). Empty
  /// for an unknown symbol or before `start()`.
  public func bookSnapshot(symbol: String, depth: Int? = nil) -> (bids: [PriceLevel], asks: [PriceLevel]) {
    onLoop(([], [])) { $0.book(symbol, depth: depth ?? .max) }
  }

  /// Stops the market clock: no more book changes, trades or instrument updates until
  /// `resumeMarket()`. When this returns, no further market frame will be written.
  public func pauseMarket() {
    onLoop(()) { $0.paused = true }
  }

  /// Restarts the market clock.
  public func resumeMarket() {
    onLoop(()) { $0.paused = false }
  }

  /// Runs `ticks` market ticks at once (whether paused or not) and sends their deltas.
  public func advanceMarket(ticks: Int = 1) {
    onLoop(()) { world in
      for _ in 0..<max(0, ticks) { world.advance() }
    }
  }

  /// The last traded price of `symbol`, if it has traded.
  public func lastPrice(symbol: String) -> Double? {
    onLoop(nil) { world in
      world.slot(symbol).flatMap { slot in
        slot.generator.lastTrade.map { slot.generator.scale.price($0.ticks) }
      }
    }
  }

  /// What the simulator has done so far.
  public var stats: SimStats { statsBox.current }

  // MARK: Faults

  /// The faults in force. Setting them affects what happens next (see `SimFaults`).
  public var faults: SimFaults {
    get { faultsBox.current }
    set { faultsBox.withLock { $0 = newValue } }
  }

  /// Closes every open WebSocket's TCP connection now, without a close frame.
  public func dropConnections() {
    onLoop(()) { $0.dropAll() }
  }

  /// Silences every open WebSocket now: no data, no pongs, no answers.
  public func stallConnections() {
    onLoop(()) { $0.stallAll() }
  }

  /// Refuses the next `count` WebSocket upgrades with HTTP `status` and `Retry-After`.
  public func rejectUpgrades(count: Int, status: Int = 429, retryAfter: Int? = 1) {
    faultsBox.withLock {
      $0.rejectUpgrades =
        count > 0 ? SimFaults.UpgradeRejection(count: count, status: status, retryAfter: retryAfter) : nil
    }
  }

  /// Reads the next `count` upgrade requests and never answers them.
  public func ignoreUpgrades(count: Int) {
    faultsBox.withLock { $0.ignoreUpgrades = max(0, count) }
  }

  /// Sends one malformed frame to every open WebSocket now.
  public func sendGarbage(_ kind: GarbageFrame) {
    onLoop(()) { $0.sendGarbage(kind) }
  }

  /// Sends, on every live book subscription (of `symbol`, or all), an update for a level
  /// that does not exist.
  public func sendUnknownLevelUpdate(symbol: String? = nil) {
    onLoop(()) { $0.sendUnknownLevel(symbol: symbol) }
  }

  /// Pauses every connection of `venue` (as tradeterm names it: `kraken`, `okx`, `bitmex`…) now
  /// and each that opens until `resumeVenue`: nothing sent, nothing answered (`venue-pause`).
  public func pauseVenue(_ venue: String) {
    onLoop(()) { $0.pause(venue: venue) }
  }

  /// Ends `venue`'s pause: its stalled connections close without a close frame.
  public func resumeVenue(_ venue: String) {
    onLoop(()) { $0.resume(venue: venue) }
  }

  /// Sets `venue`'s prices `bps` basis points off the shared price (0: back on it), as
  /// `venue-cross` does from the start; its book moves there over the next ticks.
  public func crossVenue(_ venue: String, bps: Double) {
    onLoop(()) { $0.venueCrossBps[venue] = bps == 0 ? nil : bps }
  }

  /// Stops (or, with an empty list, resumes) the deltas of these tables (wire names, e.g.
  /// `orderBookL2_25`) on every session, while the other tables keep flowing; partials of a
  /// fresh subscription still go out. Unknown names are ignored.
  public func silenceTables(_ names: [String]) {
    let tables = Set(names.compactMap(SimTable.init(rawValue:)))
    onLoop(()) { $0.silencedTables = tables }
  }

  // MARK: Reaching the world

  /// Runs `body` on the event loop with the world and waits for its result; `fallback`
  /// when the simulator is not running.
  func onLoop<T: Sendable>(_ fallback: T, _ body: @escaping @Sendable (SimWorld) -> T) -> T {
    guard let r = running.current else { return fallback }
    let box = r.world
    if box.eventLoop.inEventLoop { return body(box.value) }
    return (try? box.eventLoop.submit { body(box.value) }.wait()) ?? fallback
  }
}
