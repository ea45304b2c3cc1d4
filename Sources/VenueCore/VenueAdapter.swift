import WireJSON

/// One venue's connection rules, in one place: where to connect for which subscriptions, how
/// subscribe, unsubscribe and ping are spelled, how the venue shows it is alive, its limits and
/// its book depths. Nothing outside it spells a venue's wire names: the connection machine asks
/// for `.subscribe([Subscription])`, `.ping`, a resync, and the wire writes the text.
///
/// BitMEX's wire is one of these too; its frames decode into the richer `MarketBatch` of its
/// own tables, so it is not (yet) a `VenueAdapter`.
public protocol VenueWire: Sendable {
  var venue: Venue { get }

  /// The WebSocket connections the subscriptions need: one per endpoint, each with the
  /// subscriptions it carries (Binance USDⓈ-M routes streams by path; Bybit has one endpoint per
  /// category; most venues one for everything). Venues that name their streams in the URL
  /// (Binance) put them there.
  func connections(for subscriptions: [Subscription]) -> [VenueConnection]

  /// The frames that subscribe to `subscriptions` on a connection already open (none when the
  /// URL carried them).
  func subscribeFrames(_ subscriptions: [Subscription]) -> [String]

  /// The frames that unsubscribe.
  func unsubscribeFrames(_ subscriptions: [Subscription]) -> [String]

  /// How the venue and the client show each other they are alive.
  var heartbeat: HeartbeatRule { get }

  /// The venue's limits.
  var limits: VenueLimits { get }

  /// The book depths the venue offers (the first is the default); any other is refused with
  /// this list.
  var bookDepths: [Int] { get }
  /// Whether the venue has one stream of every instrument's ticker (Binance's `!ticker@arr`,
  /// `!miniTicker@arr`: `Subscription(.ticker)` with no symbol) and names its streams in the
  /// URL, so that a markets list's live tickers are that stream on a connection of its own,
  /// not subscriptions of each symbol on the market's connection.
  var tickersOnAConnectionOfTheirOwn: Bool { get }
  /// The instruments the venue answers under another's name (Coinbase's `-USDC` products), nil
  /// for none.
  var dataAlias: DataAlias? { get }
}

extension VenueWire {
  public var tickersOnAConnectionOfTheirOwn: Bool { false }
  public var dataAlias: DataAlias? { nil }
}

/// A venue's wire and its frame decoder into the one event enum: everything the core needs of a
/// venue besides its book rule.
public protocol VenueAdapter: VenueWire {
  /// The public REST requests that serve `intent` on this venue: usually one, several when the
  /// venue splits the answer (OKX lists instruments per type), none when it has no such request
  /// (a candle width it does not offer). Defaults to none.
  func restRequests(for intent: RESTIntent) -> [VenueRESTRequest]

  /// Every instrument's facts from the bodies of `restRequests(for: .instruments)`, one per
  /// request in their order: the specs, and the rows that could not be read. A body that is the
  /// venue's error (or not its shape) throws. Defaults to throwing: no such request.
  func decodeInstruments(_ bodies: [WireValue]) throws(RESTBodyError) -> VenueRows<InstrumentSpec>

  /// The bars of the body of a `restRequests(for: .candles…)` request, oldest first (the newest
  /// may still be forming). Defaults to throwing.
  func decodeCandles(_ body: WireValue) throws(CandleError) -> [VenueCandle]

  /// Every instrument's 24 h ticker from the bodies of `restRequests(for: .tickers)`, one per
  /// request in their order, keyed by the symbol the feed uses. Defaults to throwing.
  func decodeTickers(_ bodies: [WireValue]) throws(RESTBodyError) -> VenueRows<SymbolTicker>

  /// Decodes one frame into `batch` (appending), all or nothing.
  func decode(
    _ frame: UnsafeBufferPointer<UInt8>, receivedAt: Int64, into batch: inout VenueBatch)
    throws(WireError)

  /// Decodes the body of a REST book snapshot of `symbol` (`RESTIntent.bookSnapshot`) into a
  /// snapshot event, for a book rule that bridges one to the stream. Defaults to `decode`.
  func decodeSnapshot(
    _ body: UnsafeBufferPointer<UInt8>, symbol: Symbol, receivedAt: Int64, into batch: inout VenueBatch)
    throws(WireError)
}

/// One stream of data asked of a venue.
public struct Subscription: Sendable, Hashable, CustomStringConvertible {
  public var channel: MarketChannel
  /// The instrument, or nil for a channel of every instrument (all tickers, all liquidations).
  public var symbol: Symbol?
  /// For books: the depth subscribed.
  public var depth: Int?

  public init(_ channel: MarketChannel, _ symbol: Symbol? = nil, depth: Int? = nil) {
    self.channel = channel
    self.symbol = symbol
    self.depth = depth
  }

  public var description: String {
    "\(channel)" + (symbol.map { ":\($0)" } ?? "") + (depth.map { "@\($0)" } ?? "")
  }
}

/// A WebSocket connection an adapter asks for.
public struct VenueConnection: Sendable, Hashable {
  public var url: String
  public var subscriptions: [Subscription]

  public init(url: String, subscriptions: [Subscription]) {
    self.url = url
    self.subscriptions = subscriptions
  }
}

/// How liveness is shown on a venue's connection.
public enum HeartbeatRule: Sendable, Hashable {
  /// The client sends `text` after `silence` seconds without a frame and expects an answer
  /// within `timeout` (BitMEX `ping`, OKX `ping`, Bybit `{"op":"ping"}`, Kraken's
  /// `{"method":"ping"}`).
  case clientPing(text: String, silence: Double, timeout: Double)
  /// The server sends WebSocket PING frames (answered by the transport with the same payload);
  /// the connection is dead after `silence` seconds without any frame. Data streams may be
  /// silent on an unchanged book, so liveness is the connection, never book traffic (Binance).
  case serverPings(silence: Double)
}

/// A venue's limits (connect rate, message rate, lifetime, sizes).
public struct VenueLimits: Sendable, Hashable {
  /// The venue ends a connection after this many seconds (Binance: 24 h): reconnect before it.
  public var connectionLifetime: Double?
  /// Client frames a second, at most.
  public var messagesPerSecond: Double?
  /// Streams one connection may carry.
  public var streamsPerConnection: Int?
  /// The largest frame the decoder takes (a Coinbase BTC-USD snapshot is 5 MB).
  public var maxFrameBytes: Int
  /// The REST request weight allowed a minute (Binance: spot 6,000, USDⓈ-M 2,400), and the
  /// response header that says how much of it is used (`X-MBX-USED-WEIGHT-1M`): the feed stops
  /// asking for snapshots before the limit.
  public var restWeightPerMinute: Int?
  public var restWeightHeader: String?

  public init(
    connectionLifetime: Double? = nil, messagesPerSecond: Double? = nil, streamsPerConnection: Int? = nil,
    maxFrameBytes: Int = 16 << 20, restWeightPerMinute: Int? = nil, restWeightHeader: String? = nil
  ) {
    self.restWeightPerMinute = restWeightPerMinute
    self.restWeightHeader = restWeightHeader
    self.connectionLifetime = connectionLifetime
    self.messagesPerSecond = messagesPerSecond
    self.streamsPerConnection = streamsPerConnection
    self.maxFrameBytes = maxFrameBytes
  }
}
