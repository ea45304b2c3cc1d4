extension FollowerWorld {
  /// Up to `count` candles of `minutes` of `listing` that start at or before `lastStartMs`,
  /// oldest first.
  func candles(_ listing: FollowerListing, minutes: Int, count: Int, lastStartMs: Int64) -> [FollowerCandle] {
    guard count > 0, minutes > 0, let slot = world.slot(listing.reference) else { return [] }
    let g = slot.generator
    let binMs = Int64(minutes) * 60_000
    let now = world.nowMs()
    let at = min(now, lastStartMs)
    let bins = g.history.bins(
      binMinutes: minutes, count: count, partial: true, nowMs: at, seed: world.config.seed,
      symbol: slot.symbol,
      lot: g.instrument.lotSize, volatilityTicks: g.instrument.startPrice * 0.0003 / g.scale.tickSize)
    let k = 1 + listing.basis
    return bins.map { bin in
      let close = g.scale.price(bin.close) * k
      let quote = bin.homeNotional * close
      let units = quote / max(listing.unitValue(price: close), 1e-12)
      return FollowerCandle(
        startMs: bin.endMs - binMs, open: listing.priceText(g.scale.price(bin.open) * k),
        high: listing.priceText(g.scale.price(bin.high) * k),
        low: listing.priceText(g.scale.price(bin.low) * k), close: listing.priceText(close),
        volume: FollowerText.decimal(units / listing.sizePerOne, listing.sizeDecimals),
        turnover: FollowerText.decimal(quote, 4), inProgress: bin.endMs > now)
    }
  }
}
