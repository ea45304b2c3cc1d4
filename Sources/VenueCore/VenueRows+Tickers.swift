import WireJSON

extension VenueRows where Row == SymbolTicker {
  /// A venue's REST tickers, one row each: the symbol under `symbolKey`, the decimal fields
  /// `names` gives, then the venue's own reading of the row (`more`). A row without a symbol, or
  /// with a field that is not a number, is an error naming it; the other rows are kept.
  public init(
    tickers rows: [WireValue], symbolKey: String = "symbol", names: VenueTicker.RESTNames,
    more: (WireValue, inout VenueTicker) throws(RESTBodyError) -> Void
  ) {
    self.init()
    for row in rows {
      let name = row[symbolKey]?.text ?? "?"
      guard row[symbolKey]?.text != nil, let symbol = Symbol(name), !symbol.isEmpty else {
        errors.append("\(name.prefix(40)): no \(symbolKey)")
        continue
      }
      do throws(RESTBodyError) {
        var t = VenueTicker()
        try t.read(row, names: names)
        try more(row, &t)
        self.rows.append(SymbolTicker(symbol, t))
      } catch {
        errors.append("\(name): \(error.reason)")
      }
    }
  }
}
