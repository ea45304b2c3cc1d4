/// One instrument's ticker as a venue's REST tickers endpoint gave it (the markets list's row).
public struct SymbolTicker: Sendable, Hashable {
  public var symbol: Symbol
  public var ticker: VenueTicker

  public init(_ symbol: Symbol, _ ticker: VenueTicker) {
    self.symbol = symbol
    self.ticker = ticker
  }
}
