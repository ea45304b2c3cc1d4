/// A preset of the simulated venues' pace (`tradeterm-sim --rates`, `tradeterm --demo-rates`).
///
/// `demo`: every venue at `SimConfig`'s `bookRate` and `tradeRate` (20 book steps and 3 trades a
/// second of each instrument). `real`: each venue at about its real BTC rate, about 300 messages a
/// second over the six venues of `tradeterm --across BTC`, and Coinbase's BTC-USD book at its real
/// 46,000 levels (`FollowerFaults.bigCoinbaseSnapshot`), for issue 28's running-cost budget.
public enum SimRates: String, Sendable, CaseIterable {
  case demo
  case real

  /// The real pace of each venue, by the dialect names `SimConfig.paces` takes. Where a recorded
  /// stream says it (the recorded samples under `Tests/Fixtures/`, `PROVENANCE.md` there), its rate:
  /// BitMEX XBTUSD's `orderBookL2`, 1,299 frames in 30.5 s (2021-07-22; a step here is about two
  /// frames, its inserts, updates and deletes apart, so 21 steps a second); Kraken v2 BTC/USD
  /// `book` depth 10, 296 updates in 60 s (2026-08-01); Binance BTCUSDT `@depth@100ms` 10 events a
  /// second, `@depth@0ms` 19 (2024-08-08). Binance follows BitMEX's instruments here, so its depth
  /// events and trades come at BitMEX's pace (`realBookRate`, `realTradeRate`): fewer trades than
  /// the recordings' 16 (spot) and 36 (USDⓈ-M) a second, and fewer `bookTicker`s. There is no
  /// recorded BTC stream of Coinbase, Bybit or OKX: their rates are the venues' documented push
  /// intervals (OKX `books` every 100 ms, Bybit `orderbook.50` every 20 ms) thinned to what a BTC
  /// book changes in its shown depth, chosen so that the six venues of `tradeterm --across BTC`
  /// add up to about the 300 messages a second (350 with BitMEX's all-symbol `instrument`
  /// table of `--universe`).
  public static let realPaces: [String: SimPace] = [
    "kraken": SimPace(book: 5, trades: 1),
    "coinbase": SimPace(book: 40, trades: 5),
    "bybit-spot": SimPace(book: 20, trades: 5),
    "bybit-linear": SimPace(book: 30, trades: 10),
    "bybit-inverse": SimPace(book: 10, trades: 2),
    "okx": SimPace(book: 10, trades: 5),
  ]

  /// BitMEX's (and so Binance's) book steps and trades a second in `real`.
  public static let realBookRate = 21.0
  public static let realTradeRate = 8.0

  /// The preset named `text` (`demo` or `real`), or nil.
  public static func named(_ text: String) -> SimRates? { SimRates(rawValue: text) }

  /// What `--help` says of the names.
  public static let help =
    "demo (every venue 20 book steps and 3 trades a second) or real (each venue at about its real BTC rate, "
    + "~300 messages a second over six venues, and Coinbase's BTC-USD book of 46,000 levels)"

  /// Sets `config`'s rates to this preset's (`demo` leaves them as they are).
  public func apply(to config: inout SimConfig) {
    guard self == .real else { return }
    config.bookRate = Self.realBookRate
    config.tradeRate = Self.realTradeRate
    config.paces = Self.realPaces
    config.faults.followers.bigCoinbaseSnapshot = true
  }
}
