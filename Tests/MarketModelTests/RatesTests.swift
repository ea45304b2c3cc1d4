import MarketModel
import Testing

/// The one valuation in USD: XBT from XBTUSD's mark (else its last, else the index `.BXBT`), read
/// from the universe while its table is live and from the watched instrument when only that is
/// live; with its age and whether it is stale. USD is itself, USDT and USDC at par (or not).
@Suite struct RatesTests {
  /// BitMEX's Bitcoin sources, as its `VenueAbout` names them: its perpetual, then its index.
  static let bitcoinSources: [Symbol] = ["XBTUSD", ".BXBT"]

  static func update(_ symbol: Symbol, mark: Double? = nil, last: Double? = nil) -> InstrumentUpdate {
    var u = InstrumentUpdate(symbol: symbol)
    u.markPrice = mark
    u.lastPrice = last
    return u
  }

  static func batch(_ rows: [InstrumentUpdate], _ action: TableAction, filter: Symbol? = nil) -> MarketBatch {
    var batch = MarketBatch()
    batch.instruments = rows
    batch.events = [.instrument(TableSlice(action: action, filterSymbol: filter, rows: 0..<rows.count))]
    return batch
  }

  @Test func xbtIsXBTUSDsMarkWithItsAge() {
    var universe = MarketUniverse()
    universe.apply(
      Self.batch(
        [Self.update("XBTUSD", mark: 98_000.5, last: 98_010), Self.update(".BXBT", last: 97_990)], .partial),
      now: 1_000)
    let rates = Rates(universe: universe, nowMs: 3_000, connected: true, bitcoinSources: Self.bitcoinSources)
    #expect(rates.bitcoin == USDRate(usd: 98_000.5, source: .mark("XBTUSD"), ageMs: 2_000, stale: false))
    #expect(rates.bitcoin?.label == "XBTUSD mark")
    #expect(rates.usd(2, of: "BTC") == 196_001)
    #expect(rates.usd(2, of: AssetCode("XBT")) == 196_001)
    // A dropped connection or a table waiting for its partial: the same price, stale.
    #expect(
      Rates(universe: universe, nowMs: 3_000, connected: false, bitcoinSources: Self.bitcoinSources).bitcoin?
        .stale == true)
    universe.resetTables([Subscription(.ticker)])
    #expect(
      Rates(universe: universe, nowMs: 3_000, connected: true, bitcoinSources: Self.bitcoinSources).bitcoin?
        .stale == true)
    #expect(
      Rates(universe: universe, nowMs: 3_000, connected: true, bitcoinSources: Self.bitcoinSources).bitcoin?
        .usd == 98_000.5)
  }

  @Test func withoutAMarkTheLastThenTheIndex() {
    var universe = MarketUniverse()
    universe.apply(Self.batch([Self.update("XBTUSD", last: 98_010)], .partial), now: 1_000)
    #expect(
      Rates(universe: universe, nowMs: 1_000, connected: true, bitcoinSources: Self.bitcoinSources).bitcoin?
        .source == .last("XBTUSD"))
    var index = MarketUniverse()
    index.apply(
      Self.batch([Self.update(".BXBT", last: 97_990), Self.update("ETHUSD", mark: 3_000)], .partial), now: 1)
    #expect(
      Rates(universe: index, nowMs: 1, connected: true, bitcoinSources: Self.bitcoinSources).bitcoin?.source
        == .last(".BXBT"))
    #expect(
      Rates(universe: MarketUniverse(), nowMs: 1, connected: true, bitcoinSources: Self.bitcoinSources)
        .bitcoin == nil)
    // A nonsense price is no rate.
    var zero = MarketUniverse()
    zero.apply(Self.batch([Self.update("XBTUSD", mark: 0, last: -1)], .partial), now: 1)
    #expect(
      Rates(universe: zero, nowMs: 1, connected: true, bitcoinSources: Self.bitcoinSources).bitcoin == nil)
    // Only REST has spoken: the price's age is not known.
    var rest = MarketUniverse()
    rest.merge(rest: [Self.update("XBTUSD", mark: 98_000)])
    #expect(
      Rates(universe: rest, nowMs: 1, connected: true, bitcoinSources: Self.bitcoinSources).bitcoin?.ageMs
        == nil)
  }

  /// A recording made with `instrument:XBTUSD` only: the universe takes its partial but never goes
  /// live, so it drops the updates; the watched instrument takes them, and is the rate.
  @Test func theWatchedInstrumentWhenOnlyItIsLive() {
    var universe = MarketUniverse()
    var market = MarketState(symbol: "XBTUSD")
    let partial = Self.batch([Self.update("XBTUSD", mark: 90_000, last: 90_000)], .partial, filter: "XBTUSD")
    universe.apply(partial, now: 1_000)
    _ = market.apply(partial)
    let update = Self.batch([Self.update("XBTUSD", mark: 91_000)], .update)
    universe.apply(update, now: 2_000)
    _ = market.apply(update)
    #expect(universe.row("XBTUSD")?.instrument.markPrice == 90_000)
    let rates = Rates(
      universe: universe, watched: market, watchedAt: 2_000, nowMs: 2_500, connected: true,
      bitcoinSources: Self.bitcoinSources)
    #expect(rates.bitcoin == USDRate(usd: 91_000, source: .mark("XBTUSD"), ageMs: 500, stale: false))
    // Without it, the universe's row as it last stood, stale.
    let alone = Rates(universe: universe, nowMs: 2_500, connected: true, bitcoinSources: Self.bitcoinSources)
    #expect(alone.bitcoin?.usd == 90_000 && alone.bitcoin?.stale == true)
    // Another watched symbol is no XBT price.
    var eth = MarketState(symbol: "ETHUSD")
    _ = eth.apply(Self.batch([Self.update("ETHUSD", mark: 3_000)], .partial, filter: "ETHUSD"))
    #expect(
      Rates(
        universe: universe, watched: eth, watchedAt: 2_000, nowMs: 2_500, connected: true,
        bitcoinSources: Self.bitcoinSources
      ).bitcoin?.usd
        == 90_000)
  }

  @Test func dollarsStablecoinsAndTheRest() {
    let rates = Rates()
    #expect(rates.rate("USD") == USDRate(usd: 1, source: .dollar))
    #expect(rates.rate("USDT")?.source == .par && rates.usd(5, of: "USDC") == 5)
    #expect(
      rates.usd(1, of: "BTC") == nil && rates.usd(1, of: "EUR") == nil && rates.usd(1, of: "ETH") == nil)
    let strict = Rates(stablecoinsAtPar: false)
    #expect(strict.usd(5, of: "USDT") == nil && strict.usd(5, of: "USD") == 5)
  }
}
