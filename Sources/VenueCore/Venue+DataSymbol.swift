extension Venue {
  /// The instrument whose market data the venue sends for `symbol` when it sends another's,
  /// else nil. Coinbase: a `-USDC` product's channels carry the `-USD` product's data, under the
  /// `-USD` product's id (`BTC-USDC` → `BTC-USD`), but for `USDT-USDC` and `EURC-USDC`, which are
  /// their own markets ("Advanced Trade WebSocket Channels": only the user channel takes other
  /// `-USDC` ids). The frames are keyed back to what was asked (`SymbolAliases`) and the screen
  /// says whose data it shows.
  public func dataSymbol(for symbol: Symbol) -> Symbol? {
    guard self == .coinbase else { return nil }
    let name = symbol.description
    let suffix = "-USDC"
    guard name.hasSuffix(suffix), name.count > suffix.count, name != "USDT-USDC", name != "EURC-USDC" else {
      return nil
    }
    return Symbol(String(name.dropLast()))
  }
}
