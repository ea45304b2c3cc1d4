/// What a feed subscribes for the symbol it follows, in venue-neutral words: the channels of that
/// symbol (its book at `bookDepth`, its trades) and the channels of every symbol (the markets
/// list's tickers, every liquidation). A venue's wire turns them into its frames.
public struct SubscriptionPlan: Sendable, Hashable {
  /// The book depth asked for; nil for the venue's whole book.
  public var bookDepth: Int?
  /// Channels subscribed for the followed symbol, in order.
  public var perSymbol: [MarketChannel]
  /// Channels subscribed for every symbol (kept across a symbol switch).
  public var allSymbols: [MarketChannel]
  /// Channels subscribed for the followed symbol after `perSymbol`, only when its name ends with
  /// `derivativeSuffix` (OKX's `-SWAP`: a perpetual's mark price, index and funding, which a spot
  /// pair of the same venue has none of; asking for them would be refused).
  public var derivativeChannels: [MarketChannel]
  public var derivativeSuffix: String

  public init(
    bookDepth: Int?, perSymbol: [MarketChannel], allSymbols: [MarketChannel] = [],
    derivativeChannels: [MarketChannel] = [], derivativeSuffix: String = ""
  ) {
    self.bookDepth = bookDepth
    self.perSymbol = perSymbol
    self.allSymbols = allSymbols
    self.derivativeChannels = derivativeChannels
    self.derivativeSuffix = derivativeSuffix
  }

  /// Every channel the plan may subscribe for a followed symbol (`perSymbol`, then
  /// `derivativeChannels`).
  public var anySymbolChannels: [MarketChannel] { perSymbol + derivativeChannels }

  /// The followed symbol's channels: `perSymbol`, and `derivativeChannels` when it is one.
  public func channels(symbol: String) -> [MarketChannel] {
    guard !derivativeChannels.isEmpty, !derivativeSuffix.isEmpty, symbol.hasSuffix(derivativeSuffix) else {
      return perSymbol
    }
    return perSymbol + derivativeChannels
  }

  /// The subscriptions for `symbol`, in subscription order: the symbol's channels, then those of
  /// every symbol.
  public func subscriptions(symbol: String) -> [Subscription] {
    // Symbols are checked for length where they come in (the command line, the picker); one
    // that is not would subscribe the empty symbol and be refused by the venue, not trap here.
    let channels = channels(symbol: symbol)
    let symbol = Symbol(symbol) ?? .empty
    return channels.map { Subscription($0, symbol, depth: $0 == .book ? bookDepth : nil) }
      + allSymbols.map { Subscription($0) }
  }
}
