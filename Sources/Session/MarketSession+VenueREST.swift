import MarketModel

extension MarketSession {
  /// Sets the watched instrument's facts from its venue's REST instruments (tick, lot, minimum
  /// size, contract value: the header, the grouping, the ticket and the portfolio read them;
  /// `MarketState.adopt(spec:)`); another symbol's spec is ignored.
  public mutating func setInstrumentSpec(_ spec: InstrumentSpec) {
    market.adopt(spec: spec)
  }

  /// A venue's REST bars of the watched symbol into its chart (`MarketState.backfill(venueCandles:)`).
  public mutating func backfill(venueCandles candles: [VenueCandle], intervalMs: Int64, nowMs: Int64) {
    market.backfill(venueCandles: candles, intervalMs: intervalMs, nowMs: nowMs)
  }

  /// A venue's REST instruments into the markets list (their facts, a row each).
  public mutating func merge(venueSpecs specs: [InstrumentSpec]) {
    markets.merge(specs: specs)
  }

  /// A venue's REST tickers into the markets list at `now` (`MarketUniverse.merge(restTickers:)`).
  /// Returns how many rows changed.
  @discardableResult
  public mutating func merge(
    restTickers: [SymbolTicker], specs: [InstrumentID: InstrumentSpec], now: MonotonicTime
  ) -> Int {
    markets.merge(restTickers: restTickers, specs: specs, now: now.nanoseconds / 1_000_000)
  }
}
