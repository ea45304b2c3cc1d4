import VenueCore

extension MarketState {
  /// Takes the watched instrument's facts from its venue's REST instruments: `instrumentSpec`,
  /// and its tick, lot, kind and assets into the instrument (what the header's decimals and name
  /// and the book's grouping read), never its prices. Another symbol's spec is ignored.
  public mutating func adopt(spec: InstrumentSpec) {
    guard spec.key.symbol == symbol else { return }
    instrumentSpec = spec
    merge(instrument: InstrumentUpdate(symbol: symbol, fields: InstrumentFields(spec: spec)))
  }

  /// A venue's bars `intervalMs` wide as the chart's bins: stamped with their end as BitMEX's
  /// are, prices as numbers, volume in the tape's units (its size scale: the instrument's lot
  /// when no trade has fixed it yet; unknown without either, rather than in other units than
  /// the candles built from trades). A bar whose end would overflow is left out.
  public mutating func bins(venueCandles candles: [VenueCandle], intervalMs: Int64) -> [TradeBin] {
    if !tapeScaleKnown, let spec = instrumentSpec { adoptTapeScale(spec.sizeScale) }
    var bins: [TradeBin] = []
    bins.reserveCapacity(candles.count)
    for c in candles {
      let (end, overflow) = c.openTimeMs.addingReportingOverflow(intervalMs)
      guard !overflow, intervalMs > 0 else { continue }
      bins.append(
        TradeBin(
          endMs: end, symbol: symbol, open: c.open.doubleValue, high: c.high.doubleValue,
          low: c.low.doubleValue,
          close: c.close.doubleValue,
          volume: tapeScaleKnown ? Self.units(c.volume, scale: tapeSizeScale) : nil))
    }
    return bins
  }

  /// A venue's bars into the candles of that width (the line chart's and the candle chart's),
  /// the complete bars only (ended by `nowMs`, wall-clock ms): the bar in progress is built from
  /// live trades, by the candles' overlap rule.
  public mutating func backfill(venueCandles candles: [VenueCandle], intervalMs: Int64, nowMs: Int64) {
    let bins = bins(venueCandles: candles, intervalMs: intervalMs)
    if let width = CandleInterval(rawValue: intervalMs), width.hasBins {
      backfillCandles(bins: bins.filter { $0.endMs <= nowMs }, interval: width)
    }
  }
}
