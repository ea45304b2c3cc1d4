/// The instruments a venue answers under another's name: a symbol ending `suffix` carries the
/// market data (book, tape and ticker, under that name) of the same symbol ending `dataSuffix`,
/// but for `exceptions`, which are markets of their own. Coinbase's `-USDC` products carry the
/// `-USD` products' (`BTC-USDC` → `BTC-USD`), but for `USDT-USDC` and `EURC-USDC` ("Advanced Trade
/// WebSocket Channels": only the user channel takes other `-USDC` ids). Declared by the venue's
/// adapter (`VenueWire.dataAlias`, and its `VenueAbout` for the screen that says whose data it
/// shows); the feed keys the frames back to what was asked (`SymbolAliases`).
public struct DataAlias: Sendable, Hashable {
  public var suffix: String
  public var dataSuffix: String
  public var exceptions: Set<String>

  public init(suffix: String, dataSuffix: String, exceptions: Set<String> = []) {
    self.suffix = suffix
    self.dataSuffix = dataSuffix
    self.exceptions = exceptions
  }

  /// The instrument whose data the venue sends for `symbol` when it sends another's, else nil.
  public func dataSymbol(for symbol: Symbol) -> Symbol? {
    let name = symbol.description
    guard name.hasSuffix(suffix), name.count > suffix.count, !exceptions.contains(name) else { return nil }
    return Symbol(String(name.dropLast(suffix.count)) + dataSuffix)
  }
}
