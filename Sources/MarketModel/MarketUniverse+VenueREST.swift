import VenueCore

extension MarketUniverse {
  /// How long a row that only REST has priced shows as current: twice the tickers' refresh.
  /// Older, it is dimmed (its age always shows: it is never taken for live).
  public static let restFreshMs: Int64 = 30_000

  /// Takes a venue's REST instruments: each one's facts (kind, assets, tick, lot) into its row,
  /// a row for an instrument first seen; another venue's are left out. Returns how many rows.
  @discardableResult
  public mutating func merge(specs: [InstrumentSpec]) -> Int {
    for spec in specs where spec.key.venue == venue {
      generation &+= 1
      let i = slot(spec.key.symbol)
      rows[i].instrument.merge(
        InstrumentUpdate(symbol: spec.key.symbol, fields: InstrumentFields(spec: spec)))
    }
    return specs.count
  }

  /// Takes a venue's REST tickers, fetched at `now` (the caller's monotonic ms): each one's
  /// prices into its row (a row for an instrument first seen), the row's `restAt` set. A row the
  /// live ticker keeps (updated and not quiet) keeps its prices (REST's are older): REST only
  /// fills the fields it lacks, and its turnover. The 24 h
  /// turnover, which the venue's ticker may not carry, is its quote volume, or the base volume
  /// at the VWAP (else the last price) through the instrument's contract (`specs`), in the
  /// quote currency the row then settles its volume in. Returns how many rows changed.
  @discardableResult
  public mutating func merge(
    restTickers: [SymbolTicker], specs: [InstrumentID: InstrumentSpec], now: Int64
  ) -> Int {
    var changed = 0
    for entry in restTickers {
      let i = slot(entry.symbol)
      let t = entry.ticker
      var fields = InstrumentFields(ticker: t)
      let spec = specs[InstrumentID(venue: venue, symbol: entry.symbol)]
      if let quote = t.quoteVolume24h {
        fields.turnover24h = quote.doubleValue
      } else if let spec, let volume = t.volume24h, let price = t.vwap24h ?? t.last {
        fields.turnover24h = spec.quoteNotional(size: volume, price: price)
      }
      if fields.turnover24h != nil, let quote = spec?.quote.description ?? rows[i].instrument.quoteCurrency {
        if let currency = SettlementCurrency(quote) {
          fields.settle(currency)
        } else {
          fields.settlCurrency = quote
        }
      }
      if rows[i].changedAt != nil, !rows[i].isQuiet(now: now) {
        // The live ticker keeps the row: REST only fills what it lacks (the turnover), and its
        // turnover is REST's own newest.
        rows[i].instrument.fields.fillMissing(from: fields)
        if let turnover = fields.turnover24h { rows[i].instrument.fields.turnover24h = turnover }
        continue
      }
      rows[i].instrument.merge(InstrumentUpdate(symbol: entry.symbol, fields: fields))
      rows[i].restAt = now
      changed += 1
    }
    restAt = now
    generation &+= 1
    return changed
  }
}

extension MarketRow {
  /// Whether only REST has priced the row since its last live update: its prices are as old as
  /// `restAt`.
  public var pricedByREST: Bool {
    guard let restAt else { return false }
    return changedAt.map { $0 < restAt } ?? true
  }

  /// How old a row REST priced is at `now`; nil for a live row.
  public func restAge(now: Int64) -> Int64? {
    guard pricedByREST, let restAt else { return nil }
    return max(0, now - restAt)
  }
}
