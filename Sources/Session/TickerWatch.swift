import MarketModel

/// The tickers of other symbols than the one followed that the markets list watches live
/// (`FeedCommand.watchTickers`): data for `ConnectionMachine`, which subscribes them beside the
/// plan's channels and keeps them across a reconnect or a symbol switch.
///
/// Each is auxiliary: never watched for staleness, never holding LIVE back, and a refusal or a
/// missing first ticker leaves it alone unavailable, out of the status (the header's own ticker
/// keeps its say there).
public struct TickerWatch: Sendable, Hashable {
  /// The symbols asked, in the order given, without repeats.
  public private(set) var symbols: [Symbol]

  /// The watch of `symbols`; a repeated symbol is asked once.
  public init(_ symbols: [Symbol] = []) {
    var seen = Set<Symbol>()
    self.symbols = symbols.filter { seen.insert($0).inserted }
  }

  /// The `ticker` subscriptions to add to `planned`: one per symbol, but none the plan already
  /// has (the followed symbol's own ticker stays the plan's).
  public func subscriptions(besides planned: [Subscription]) -> [Subscription] {
    let planned = Set(planned)
    return symbols.map { Subscription(.ticker, $0) }.filter { !planned.contains($0) }
  }
}
