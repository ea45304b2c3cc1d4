/// The one valuation in US dollars every screen uses (the markets list's USD columns, the
/// portfolio's USD totals, the Activity pane's notionals), so they always agree: what one unit
/// of an asset is worth, from which instrument's price and how old it is.
///
/// Assets are canonical codes (`AssetCode`: XBT is BTC; USDT and USDC are not USD). Bitcoin is
/// valued at the first of the venue's Bitcoin sources (its `VenueAbout.bitcoinSources`, as its
/// adapter names them: BitMEX's perpetual, then its index) that has a price: its mark, else its last price. The
/// price is read from the universe's row while the all-symbols `instrument` table is live; else
/// from the watched instrument when it is that instrument and its own table is live (a recording
/// made with that one instrument's row only); else from the universe's row as it last stood (stale).
/// USD is itself; USDT and USDC count at par, marked as such. Any other asset has no rate here.
///
/// Pure: built from the model's state and the caller's `now`.
public struct Rates: Sendable, Hashable {
  /// Bitcoin's USD rate, when an instrument gives one.
  public var bitcoin: USDRate?
  /// Whether dollar stablecoins count as US dollars (at par).
  public var stablecoinsAtPar: Bool

  /// Rates with `bitcoin` as BTC's (none: no BTC value), stablecoins at par.
  public init(bitcoin: USDRate? = nil, stablecoinsAtPar: Bool = true) {
    self.bitcoin = bitcoin
    self.stablecoinsAtPar = stablecoinsAtPar
  }

  /// The rates as `universe` and the watched market (`watched`, its instrument last changed at
  /// `watchedAt`) give them at `nowMs` (the universe's monotonic clock, ms). `connected`: a price
  /// from a dropped connection is stale. `bitcoinSources`: the instruments whose price is
  /// Bitcoin's in USD, in order of preference (the universe's venue's
  /// `VenueAbout.bitcoinSources`); none, no Bitcoin rate.
  public init(
    universe: MarketUniverse, watched: MarketState? = nil, watchedAt: Int64? = nil, nowMs: Int64,
    connected: Bool, bitcoinSources: [Symbol]
  ) {
    self.init()
    for symbol in bitcoinSources {
      let row = universe.row(symbol)
      let watchedLive = watched.map { $0.symbol == symbol && $0.instrumentSync == .live } ?? false
      if universe.sync != .live, watchedLive, let live = watched,
        let rate = Self.rate(live.instrument, symbol, at: watchedAt, nowMs: nowMs, stale: !connected)
      {
        bitcoin = rate
        return
      }
      guard let row else { continue }
      let hasMark = (row.instrument.markPrice ?? 0) > 0
      let quiet = hasMark ? row.isMarkQuiet(now: nowMs) : row.isQuiet(now: nowMs)
      let stale = !connected || universe.sync != .live || quiet
      if let rate = Self.rate(
        row.instrument, symbol, at: hasMark ? row.markAt : row.changedAt, nowMs: nowMs, stale: stale)
      {
        bitcoin = rate
        return
      }
    }
  }

  /// `instrument`'s price as a rate: its mark, else its last; nil without a positive, finite one.
  static func rate(
    _ instrument: Instrument, _ symbol: Symbol, at: Int64?, nowMs: Int64, stale: Bool
  )
    -> USDRate?
  {
    let age = at.map { max(0, nowMs - $0) }
    if let mark = instrument.markPrice, mark > 0, mark.isFinite {
      return USDRate(usd: mark, source: .mark(symbol), ageMs: age, stale: stale)
    }
    if let last = instrument.lastPrice, last > 0, last.isFinite {
      return USDRate(usd: last, source: .last(symbol), ageMs: age, stale: stale)
    }
    return nil
  }

  /// The rate of `asset`: nil when it has none here.
  public func rate(_ asset: AssetCode) -> USDRate? {
    if asset == .usd { return USDRate(usd: 1, source: .dollar) }
    if asset.isDollarStablecoin { return stablecoinsAtPar ? USDRate(usd: 1, source: .par) : nil }
    if asset == .btc { return bitcoin }
    return nil
  }

  /// `amount` whole units of `asset` in US dollars; nil when the asset has no rate.
  public func usd(_ amount: Double, of asset: AssetCode) -> Double? {
    rate(asset).map { amount * $0.usd }
  }
}
