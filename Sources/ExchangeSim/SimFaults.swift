/// Faults the simulator injects. Set them in `SimConfig.faults` before `start()` or change
/// them at run time through `ExchangeSim.faults` and the fault methods of `ExchangeSim`.
///
/// Timed faults (`dropAfter`, `stallAfter`, `garbageEvery`, `trickle`) apply to WebSocket
/// sessions that open while they are set; `unknownLevelAfter` and `updateBeforePartial` to
/// subscriptions made while set; the upgrade counters count down as connections arrive.
public struct SimFaults: Sendable, Hashable {
  /// Refusing WebSocket upgrades with an HTTP error, as BitMEX does when rate-limited (429)
  /// or in maintenance (503).
  public struct UpgradeRejection: Sendable, Hashable {
    /// How many upgrades are still to be refused.
    public var count: Int
    /// The HTTP status (429, 503, …).
    public var status: Int
    /// The `Retry-After` header, in seconds; nil sends none.
    public var retryAfter: Int?

    public init(count: Int, status: Int = 429, retryAfter: Int? = 1) {
      self.count = count
      self.status = status
      self.retryAfter = retryAfter
    }
  }

  /// Sending a session's bytes slowly: `bytes` at a time, one chunk every `interval` seconds.
  public struct Trickle: Sendable, Hashable {
    public var bytes: Int
    public var interval: Double

    public init(bytes: Int, interval: Double) {
      self.bytes = bytes
      self.interval = interval
    }
  }

  /// One table's deltas stopping for a while, the others going on (partials still go out).
  public struct Silence: Sendable, Hashable {
    /// The table's wire name, e.g. `orderBookL2_25`.
    public var table: String
    /// Seconds after the simulator starts.
    public var after: Double
    /// How long the table stays silent.
    public var duration: Double

    public init(table: String, after: Double, duration: Double) {
      self.table = table
      self.after = after
      self.duration = duration
    }
  }

  /// Every connection of one venue going silent for a while, as a venue that hangs: `after`
  /// seconds after the simulator starts, each of its open WebSockets (and each that opens
  /// meanwhile) sends nothing and answers nothing, as `stallAfter` does; `duration` seconds
  /// later they are closed without a close frame (what they missed cannot be sent after: the
  /// client reconnects to a fresh snapshot).
  public struct VenuePause: Sendable, Hashable {
    /// The venue as tradeterm names it (`SimFaults.pausableVenues`).
    public var venue: String
    public var after: Double
    public var duration: Double

    public init(venue: String, after: Double, duration: Double) {
      self.venue = venue
      self.after = after
      self.duration = duration
    }
  }

  /// The venues `venue-pause` takes, as tradeterm names them.
  public static let pausableVenues = [
    "bitmex", "kraken", "binance", "binance-usdm", "coinbase", "bybit-spot", "bybit-linear", "bybit-inverse",
    "okx",
  ]
  /// The venues `venue-cross` takes: those whose books follow the shared price at a distance
  /// (BitMEX's is that price; Binance's basis is fixed in its listing).
  public static let crossableVenues = [
    "kraken", "coinbase", "bybit-spot", "bybit-linear", "bybit-inverse", "okx",
  ]

  /// How `/instrument/active` (the symbol list) answers instead of the list.
  public enum RESTFault: Sendable, Hashable {
    /// This HTTP error status, with BitMEX's JSON error body.
    case status(Int)
    /// 200 with an HTML page (a proxy's or a captive portal's).
    case html
    /// 200 with the list gzip-compressed, though the client did not ask for it.
    case gzip
    /// The request is read and never answered; the connection stays open.
    case noAnswer
  }

  /// A malformed row the `instrument` partial carries first, before the good ones: each is
  /// well-formed JSON that no instrument row may hold.
  public enum BadInstrumentRow: String, Sendable, Hashable, CaseIterable {
    /// A symbol longer than 23 bytes.
    case longSymbol = "long-symbol"
    /// `"lastPrice":"x"`: text where a number belongs.
    case textPrice = "text-price"
    /// A `timestamp` that is no time.
    case badTime = "bad-time"
    /// An object where a string belongs (`"state":{…}`).
    case objectForString = "object"
  }

  /// Close each session's TCP connection (no close frame) this many seconds after the upgrade.
  public var dropAfter: Double?
  /// Each session goes silent this many seconds after the upgrade: no data, no pong, no
  /// answer to anything; the connection stays open.
  public var stallAfter: Double?
  /// Refuse the next upgrades with an HTTP error.
  public var rejectUpgrades: UpgradeRejection?
  /// Read the next this-many upgrade requests and never answer them.
  public var ignoreUpgrades = 0
  /// Send a malformed frame every this many seconds, cycling through `garbageKinds`.
  public var garbageEvery: Double?
  /// The malformed frames `garbageEvery` cycles through.
  public var garbageKinds: [GarbageFrame] = GarbageFrame.allCases
  /// This many seconds after a book partial, send an update for a level that does not exist.
  public var unknownLevelAfter: Double?
  /// Before a book partial, send an update for a level of that book (a client must drop it).
  public var updateBeforePartial = false
  /// Books of 10,000 levels per side, so that an `orderBookL2` partial is huge (start only).
  public var hugePartial = false
  /// Send every session's bytes slowly.
  public var trickle: Trickle?
  /// Silence one table's deltas for a while (set before `start()`).
  public var silence: Silence?
  /// Answer `/instrument/active` (and `/instrument/activeAndIndices`) with this instead.
  public var instrumentActive: RESTFault?
  /// Answer every subscription with an error frame (status 400) in these words, whatever they
  /// hold: a hostile or broken server's text for the client to show safely.
  public var subscribeError: String?
  /// Refuse subscriptions to these tables (by wire name) with an error frame (status 400) in
  /// these words, as a server refuses a table it does not have (`Unknown table: liquidation`);
  /// the other topics of the request are served.
  public var refusedTables: [String: String] = [:]
  /// Acknowledge subscriptions to these tables (by wire name) and never send their partial or
  /// any of their data.
  public var withheldPartials: Set<String> = []
  /// Put this malformed row first in every `instrument` partial.
  public var badInstrumentRow: BadInstrumentRow?
  /// Add this many made-up instruments (about 1 KB each, like BitMEX's rows) to every
  /// all-symbols `instrument` partial: 20,000 make a partial of over 16 MB.
  public var extraInstruments = 0
  /// Each session sends nothing but `pong`s (answering text `ping`s) this many seconds after the
  /// upgrade: no data, no partials, no acks; the connection looks alive to a heartbeat.
  public var pongsOnlyAfter: Double?
  /// Answer a session's first subscription by closing the WebSocket (code 1008) with this reason.
  public var closeReason: String?
  /// One venue's connections paused for a while (`venue-pause`): see `VenuePause`.
  public var venuePauses: [VenuePause] = []
  /// Venues whose prices sit this many basis points off the shared price process on top of
  /// their own basis (`venue-cross`), by the venue's name (`okx`, `kraken`, `coinbase`,
  /// `bybit-spot`…): enough of it crosses the other venues' books.
  public var venueCrossBps: [String: Double] = [:]
  /// The Binance dialect's own faults (gap, stale snapshot, weight limit).
  public var binance = BinanceFaults()
  /// The Kraken dialect's own faults (a wrong checksum, the message-rate close, levels pushed out).
  public var kraken = KrakenFaults()
  /// The Coinbase, Bybit and OKX dialects' own faults (a sequence gap, the 5 MB snapshot).
  public var followers = FollowerFaults()

  public init() {}
}
