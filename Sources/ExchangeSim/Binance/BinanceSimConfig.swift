/// How the Binance dialect behaves: its liveness rules and REST weight limits, as Binance's,
/// shorter when a test wants to see them act.
public struct BinanceSimConfig: Sendable, Hashable {
  /// Seconds between the server's PING frames (Binance: 20); 0 sends none.
  public var pingInterval: Double = 20
  /// Seconds after a PING by which its PONG must have come, or the connection is closed
  /// (Binance: a minute).
  public var pongTimeout: Double = 60
  /// Seconds a connection lives before the server closes it (Binance: 24 h); 0 for ever.
  public var connectionLifetime: Double = 86_400
  /// Seconds before the end of a connection's lifetime at which the server says so with a
  /// `serverShutdown` event (0: no notice, as Binance gives none for the 24 h limit): a
  /// client that does not know the lifetime is told in time to replace the connection.
  public var shutdownNotice: Double = 0
  /// REST request weight allowed per minute: spot 6,000, USDⓈ-M 2,400.
  public var spotWeightLimit = 6_000
  public var usdmWeightLimit = 2_400
  /// The first IP ban (418) lasts this long; each ban after doubles it, up to three days.
  public var banSeconds = 120
  /// Seconds of the window the weight is counted in (Binance: a minute of the clock); a test
  /// shortens it to see a 429's `Retry-After` run out.
  public var weightWindowSeconds = 60

  public init() {}

  func weightLimit(_ market: BinanceSimMarket) -> Int {
    market == .spot ? spotWeightLimit : usdmWeightLimit
  }
}
