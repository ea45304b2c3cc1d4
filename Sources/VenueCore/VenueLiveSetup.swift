/// How a venue is followed live, as its registration builds it (`VenueRegistration.live`): its
/// adapter (pointed at a URL, or the venue's own endpoint), what each market subscribes, the book
/// rule each market starts from, and its public REST host.
public struct VenueLiveSetup: Sendable {
  public var adapter: any VenueAdapter
  public var plan: SubscriptionPlan
  public var bookPolicy: AnyBookSync
  /// The book's depth when the venue offers a choice of them; nil: its whole book.
  public var bookDepth: Int?
  /// The venue's public REST host (or the simulator's dialect): instruments, candles, tickers,
  /// and the snapshot a bridging book rule takes (Binance).
  public var restHost: String?
  /// Whether a feed can change its symbol on its connection; Binance names the streams in the
  /// URL, so another pair there is a new connection.
  public var switchesInPlace: Bool

  public init(
    adapter: any VenueAdapter, plan: SubscriptionPlan, bookPolicy: AnyBookSync, bookDepth: Int?,
    restHost: String?, switchesInPlace: Bool = true
  ) {
    self.adapter = adapter
    self.plan = plan
    self.bookPolicy = bookPolicy
    self.bookDepth = bookDepth
    self.restHost = restHost
    self.switchesInPlace = switchesInPlace
  }

  /// What every venue market subscribes: its book, its trades and its ticker (which fills the
  /// header: last, 24 h change and volume, VWAP; mark and funding where the venue has them;
  /// auxiliary, it never holds LIVE back).
  public static let marketChannels: [MarketChannel] = [.book, .trades, .ticker]

  /// The depth `asked` when the venue offers it, else its first (its default).
  public static func depth(asked: Int?, of depths: [Int]) -> Int {
    asked.flatMap { depths.contains($0) ? $0 : nil } ?? depths.first ?? 0
  }
}
