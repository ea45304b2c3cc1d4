import MarketModel
import Session
import Threads

/// The feeds of one venue market whose streams travel on several connections (Binance USDⓈ-M:
/// the book on `/public`, trades, ticker and mark price on `/market`): one `VenueFeed` per
/// `VenueConnection` the adapter routes the plan to, each with its own `ConnectionMachine`, all
/// signalling one wake and drained together into one `VenueBatch` with one status
/// (`FeedStatus.combined`: LIVE only when every connection is). A market on one connection is
/// the group of one. The design map's "N watched instruments over M connections", for N = 1.
public final class VenueFeedGroup: Sendable {
  /// One connection's feed and what it is called on screen (its channels).
  public struct Member: Sendable {
    public var name: String
    public var feed: VenueFeed<VenueCodec>
  }

  public let members: [Member]
  /// Signalled when any feed has something to drain.
  public let uiWake = WakeSignal()
  private let drained = Locked(Drained())
  /// What a connection of the markets list's tickers is made of (a venue whose tickers come on
  /// one stream of every instrument: `VenueWire.tickersOnAConnectionOfTheirOwn`).
  private let tickerOptions: FeedOptions
  private let adapter: any VenueAdapter
  /// `--record`'s one file, which every connection of the market writes its frames to (in the
  /// order they arrive); closed by `stop()` when the group opened it.
  private let recorder: FrameRecorder?
  /// Whether the group opened `recorder` (else its owner closes it: a recording shared with other
  /// venues' feeds).
  private let ownsRecorder: Bool
  private let summary = Locked<String?>(nil)

  /// What the UI thread keeps between drains.
  private struct Drained {
    /// Each member's last status (a drain brings one only when it changed).
    var statuses: [FeedStatus?] = []
    /// The batch the second and later feeds drain into before it is appended.
    var scratch = VenueBatch()
    /// The connection of every instrument's ticker while the markets list shows (Binance's
    /// `!ticker@arr` / `!miniTicker@arr`): drained with the others, out of the status (the list's
    /// rows stay on REST, with their age, when it is down).
    var tickers: Member?
    /// Why the recording failed as it was closed (its last buffer not written), for the next
    /// drain: the feeds that share it have stopped and cannot say so.
    var recorderError: String?
  }

  /// The feeds of `plan` for `options.symbol` on `adapter`: one per connection the adapter routes
  /// the subscriptions to (each at its own URL, with the plan's share of them), or one at
  /// `options.webSocketURL` when the adapter names none. Every one records (`--record`) to the
  /// one file: `options.recordPath`, or `recorder` when given (shared with other feeds, and
  /// closed by its owner).
  public init(
    _ options: FeedOptions, adapter: any VenueAdapter, plan: SubscriptionPlan, restHost: String? = nil,
    recorder shared: FrameRecorder? = nil
  ) {
    let wake = uiWake
    let connections = adapter.connections(for: plan.subscriptions(symbol: options.symbol))
    let shares: [(url: String, plan: SubscriptionPlan)] =
      connections.count < 2
      ? [(connections.first?.url ?? options.webSocketURL, plan)]
      : connections.map { ($0.url, Self.share(of: plan, $0.subscriptions)) }
    // The venue's own name: on screen (its REST limit's words) and in a recording's lines.
    let recorder = shared ?? options.recordPath.map { FrameRecorder(path: $0, venue: adapter.venue) }
    self.recorder = recorder
    ownsRecorder = shared == nil
    members = shares.map { share in
      var memberOptions = options
      memberOptions.webSocketURL = share.url
      memberOptions.venue = adapter.venue
      memberOptions.recordPath = nil
      let part = share.plan
      let feed = VenueFeed(memberOptions, plan: part, uiWake: wake, recorder: recorder) {
        VenueCodec(adapter: adapter, plan: part, restHost: restHost)
      }
      let channels = part.perSymbol + part.allSymbols
      return Member(name: channels.map { "\($0)" }.joined(separator: "+") + " connection", feed: feed)
    }
    self.adapter = adapter
    var tickerOptions = options
    tickerOptions.recordPath = nil
    tickerOptions.venue = adapter.venue
    self.tickerOptions = tickerOptions
    drained.withLock { $0.statuses = Array(repeating: nil, count: members.count) }
  }

  /// The URL of the markets list's ticker connection while it is open (nil: none).
  public var tickerConnectionURL: String? {
    drained.withLock { $0.tickers?.feed.options.webSocketURL }
  }

  /// The part of `plan` that `subscriptions` (one connection's) hold, in the plan's order.
  static func share(of plan: SubscriptionPlan, _ subscriptions: [Subscription]) -> SubscriptionPlan {
    SubscriptionPlan(
      bookDepth: plan.bookDepth,
      perSymbol: plan.perSymbol.filter { c in subscriptions.contains { $0.channel == c && $0.symbol != nil }
      },
      allSymbols: plan.allSymbols.filter { c in subscriptions.contains { $0.channel == c && $0.symbol == nil }
      },
      derivativeChannels: plan.derivativeChannels.filter { c in
        subscriptions.contains { $0.channel == c && $0.symbol != nil }
      },
      derivativeSuffix: plan.derivativeSuffix)
  }

  public func start() {
    for member in members { member.feed.start() }
  }

  public func stop() {
    let tickers = drained.withLock { d -> Member? in
      defer { d.tickers = nil }
      return d.tickers
    }
    for member in members { member.feed.post(.stop) }
    tickers?.feed.post(.stop)
    for member in members { member.feed.stop() }
    tickers?.feed.stop()
    // Every feed has stopped writing: the recording can be closed.
    if let recorder, ownsRecorder {
      recorder.close()
      summary.withLock { $0 = recorder.summary }
      if let failure = recorder.failure { drained.withLock { $0.recorderError = failure } }
    }
  }

  /// What `--record` wrote, once stopped.
  public var recordingSummary: String? { summary.withLock { $0 } }

  /// A command goes to the feed whose connection carries its topic (a resync, a REST snapshot;
  /// the markets list's tickers: the market's ticker's); a switch, a reconnect or a stop to every
  /// feed.
  public func post(_ command: FeedCommand) {
    switch command {
    case .resync(let topic), .fetchSnapshot(let topic):
      let owner = members.first {
        $0.feed.plan.subscriptions(symbol: topic.symbol?.description ?? "").contains(topic)
      }
      (owner ?? members[0]).feed.post(command)
    case .switchSymbol, .reconnectNow, .stop:
      for member in members { member.feed.post(command) }
    case .watchTickers(let symbols) where adapter.tickersOnAConnectionOfTheirOwn:
      watchAllTickers(!symbols.isEmpty)
    case .watchTickers:
      // The markets list's tickers ride with the market's own ticker.
      let owner = members.first { $0.feed.plan.perSymbol.contains(.ticker) }
      (owner ?? members[0]).feed.post(command)
    }
  }

  /// Opens the connection of every instrument's ticker (at the path the adapter routes it to:
  /// USDⓈ-M's `/market`), or closes it.
  private func watchAllTickers(_ on: Bool) {
    let (started, stopped) = drained.withLock { d -> (Member?, Member?) in
      if !on {
        defer { d.tickers = nil }
        return (nil, d.tickers)
      }
      guard d.tickers == nil, let connection = adapter.connections(for: [Subscription(.ticker)]).first else {
        return (nil, nil)
      }
      var options = tickerOptions
      options.webSocketURL = connection.url
      let plan = SubscriptionPlan(bookDepth: nil, perSymbol: [], allSymbols: [.ticker])
      let adapter = adapter
      let feed = VenueFeed(options, plan: plan, uiWake: uiWake) { VenueCodec(adapter: adapter, plan: plan) }
      d.tickers = Member(name: "all-market ticker connection", feed: feed)
      return (d.tickers, nil)
    }
    started?.feed.start()
    stopped?.feed.stop()
  }

  /// Everything every feed has brought since the last drain, into `batch` (which must be empty):
  /// the first feed's events, then the next's; the reset tables and errors of all; the combined
  /// status when any connection's changed.
  public func drain(into batch: inout VenueBatch) -> FeedUpdate {
    // Once, before any feed is drained: a signal after it stays for the next poll.
    uiWake.clear()
    return drained.withLock { d in
      var update = FeedUpdate()
      var statusChanged = false
      for (index, member) in members.enumerated() {
        let part: FeedUpdate
        if index == 0 {
          part = member.feed.drain(into: &batch, clearingWake: false)
        } else {
          part = member.feed.drain(into: &d.scratch, clearingWake: false)
          batch.append(contentsOf: d.scratch)
          d.scratch.removeAll()
        }
        if let status = part.status {
          d.statuses[index] = status
          statusChanged = true
        }
        update.resetTopics += part.resetTopics
        update.decodeErrors += part.decodeErrors
        if let error = part.lastDecodeError {
          update.lastDecodeError = members.count > 1 ? "\(member.name): \(error)" : error
        }
        update.recorderError = update.recorderError ?? part.recorderError
      }
      if let failure = d.recorderError {
        update.recorderError = update.recorderError ?? failure
        d.recorderError = nil
      }
      if let tickers = d.tickers {
        let part = tickers.feed.drain(into: &d.scratch, clearingWake: false)
        batch.append(contentsOf: d.scratch)
        d.scratch.removeAll()
        update.decodeErrors += part.decodeErrors
        if let error = part.lastDecodeError { update.lastDecodeError = "\(tickers.name): \(error)" }
      }
      if statusChanged {
        update.status = FeedStatus.combined(zip(members, d.statuses).map { ($0.name, $1) })
      }
      return update
    }
  }
}
