import MarketModel

/// Every timing number of the feed's connection behaviour, in one place (seconds unless said
/// otherwise). The defaults are the ones in design.md's "Connection behaviour" table; tests and
/// integration runs shrink them so the suite stays fast.
public struct FeedConfig: Sendable, Hashable {
  /// Send the text `ping` after this long without any message.
  public var heartbeatIdle: Double = 5
  /// Give up on the connection when neither `pong` nor any other message arrives this long after
  /// the ping.
  public var pongTimeout: Double = 5
  /// Say STALE (`ConnectionState.silent`) when the heartbeat `ping` has gone unanswered this
  /// long: a `pong` normally comes back within milliseconds, so the data on screen is no longer
  /// known to be current, well before `pongTimeout` decides to reconnect. The next frame of any
  /// kind makes the connection LIVE again. Longer than `pongTimeout`, it never shows.
  public var silentAfter: Double = 1
  /// Give up on a connection attempt (TCP, TLS and the WebSocket upgrade) after this long.
  public var connectTimeout: Double = 10
  /// The first backoff window.
  public var backoffBase: Double = 0.5
  /// The largest backoff window.
  public var backoffCap: Double = 30
  /// Forget past failures (backoff starts over) once the feed has been LIVE this long without a
  /// break.
  public var backoffResetAfter: Double = 60
  /// Connection attempts allowed per `attemptWindow` (BitMEX: 60 per hour).
  public var maxAttemptsPerWindow: Int = 60
  /// The rolling window of the connection budget.
  public var attemptWindow: Double = 3600
  /// A watched table that has had no data this long while other tables flow is stale and gets
  /// resubscribed; so is every table when none has had data this long (a server that answers
  /// pings and sends nothing else). Nil turns the watchdog off. 30 s is long for a book on a liquid symbol (BitMEX
  /// publishes book changes every 50 ms) yet short enough to notice a silent stall quickly.
  public var staleTableAfter: Double? = 30
  /// The channels the stale watchdog watches: the order books. Trades and tickers can be quiet
  /// for minutes on a calm market without anything being wrong.
  public var staleWatchedChannels: Set<MarketChannel> = [.book]
  /// Reconnect when a required table (not one of `auxiliaryTables`) has not received its partial
  /// this long after it was (re)subscribed; nil waits forever. BitMEX sends images on a 2.5 s
  /// cadence.
  public var partialTimeout: Double? = 30
  /// The channels the feed can do without: tickers (BitMEX's `instrument`: the header's prices
  /// and the markets list), instrument facts and liquidations (the Activity pane). One refused by the server, or whose partial does not
  /// come within `auxiliaryPartialTimeout`, is unavailable (`FeedStatus.unavailable`, with why) and
  /// only the panes that need it say so; it never holds LIVE back nor makes the feed reconnect. The
  /// book and the trades are required: without them there is nothing to show.
  public var auxiliaryChannels: Set<MarketChannel> = [.ticker, .instrument, .liquidations, .mark, .bbo]
  /// Auxiliary channels with no image, whole from their subscription, that may carry nothing
  /// for minutes: another venue's liquidations (Binance's `!forceOrder@arr` named in the URL and
  /// never acknowledged, Bybit's `allLiquidation` acknowledged without its topic). They wait for
  /// no partial, so a quiet minute never makes them "unavailable"; a refusal that names them
  /// still does. BitMEX's `liquidation` table has an image: not one of these.
  public var imagelessChannels: Set<MarketChannel> = []
  /// Give up on an auxiliary table whose partial has not come this long after it was subscribed
  /// (it stays subscribed: a partial that comes later is taken); nil waits forever. Bytes of a
  /// message still arriving (a big partial on a slow link) start the wait again.
  public var auxiliaryPartialTimeout: Double? = 10
  /// The largest WebSocket message accepted, in bytes (BitMEX: 64 MiB). The all-symbols
  /// `instrument` partial is the largest message BitMEX sends: about 1 MB for its ~250
  /// instruments today, over 16 MB for 20,000; a larger message closes the connection (1009).
  public var maxMessageBytes: Int = 64 << 20
  /// The longest `Retry-After` / `meta.retryAfter` honoured; longer values are clamped so a bogus
  /// header cannot park the feed for days.
  public var maxRetryAfter: Double = 3600
  /// The venue ends a connection after this many seconds (`VenueLimits.connectionLifetime`,
  /// Binance: 24 h); nil for a venue that does not. The machine replaces the connection itself
  /// `lifetimeMargin` before that (at most a tenth of the lifetime), so the venue's close is
  /// never seen.
  public var connectionLifetime: Double?
  /// How long before the venue's end of a connection it is replaced (10 min: 23 h 50 m on Binance).
  public var lifetimeMargin: Double = 600
  /// Whether the I/O layer can replace a connection make-before-break (`ConnectionAction
  /// .connectReplacement`: a second connection opened beside it, switched to once its streams
  /// continue the first's). Without it, or when the replacement does not catch up in time, the
  /// connection is replaced by a plain reconnect, which the status says.
  public var replaceBeforeBreak: Bool = false
  /// Whether a connection the server closes is reconnected. `--replay` turns this off: the
  /// simulator closes at the end of the file and the screen should say REPLAY ENDED.
  public var reconnectAfterClose: Bool = true

  /// The house defaults.
  public init() {}

  /// The backoff policy made of `backoffBase` and `backoffCap`.
  public var backoff: Backoff { Backoff(base: backoffBase, cap: backoffCap) }
}
