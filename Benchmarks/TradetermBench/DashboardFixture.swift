import App
import BitMEX
import Feed
import Foundation
import MarketModel
import Session

#if canImport(Glibc)
import Glibc
#endif

/// A live-looking XBTUSD dashboard state for the frame figure, moved on one market message at
/// a time as the UI loop does it: the synthetic market's 25-level book and trades (stamped
/// with the fixture's clock, 50 ms apart: BitMEX's ~20 messages/s), an instrument, 240
/// one- and five-minute bars for the chart, and a LIVE status. Deterministic for a seed.
struct DashboardFixture {
  private(set) var state: AppState
  private var market: SyntheticMarket
  private var decoder = BitMEXDecoder()
  private var batch = MarketBatch()
  /// A `FeedUpdate` with nothing in it: the drain of a quiet feed.
  private let emptyUpdate = FeedUpdate()
  private var nowNs: Int64 = 1_000_000_000_000
  private var wallMs: Int64 = 1_732_436_782_000  // 2024-11-24 08:26:22 UTC

  init(seed: UInt64, width: Int, height: Int) {
    state = AppState(symbol: "XBTUSD", mode: .live, width: width, height: height, ascii: false, color: true)
    market = SyntheticMarket(seed: seed)
    let live = FeedStatus(
      state: .live, symbol: "XBTUSD", pingRoundTrip: 0.012, messagesPerSecond: 23, bytesPerSecond: 6_100)
    _ = App.update(
      &state, .feed(FeedUpdate(status: live), now: MonotonicTime(nanoseconds: nowNs), wallMs: wallMs))
    _ = App.update(&state, .rest(.instrument(symbol: "XBTUSD", Self.instrument(timeMs: wallMs))))
    for interval in [CandleInterval.oneMinute, .fiveMinutes] {
      let bins = Self.bins(endMs: wallMs, interval: interval)
      _ = App.update(&state, .rest(.candles(symbol: "XBTUSD", interval: interval, bins)))
    }
    apply(market.partial())
    // The tape and the instrument have their partials too, as on a live connection: nothing dims.
    apply(#"{"table":"trade","action":"partial","keys":[],"filter":{"symbol":"XBTUSD"},"data":[]}"#)
    apply(
      #"{"table":"instrument","action":"partial","keys":["symbol"],"filter":{"symbol":"XBTUSD"},"data":[{"symbol":"XBTUSD"}]}"#
    )
    // A past: enough trades to fill the tape and the one-second chart.
    for _ in 0..<6_000 { step() }
  }

  /// One market message arrives 50 ms after the last; the state takes it and the clock tick.
  mutating func step() {
    nowNs += 50_000_000
    wallMs += 50
    var (text, isDelta) = market.next()
    if !isDelta {
      text = text.replacingOccurrences(of: "2024-11-24T08:15:38.704Z", with: Self.iso(wallMs - 3))
    }
    apply(text)
  }

  private mutating func apply(_ text: String) {
    batch.removeAll()
    do {
      try decoder.decode(text, into: &batch)
    } catch {
      fatalError("bench: the fixture's message does not decode: \(error)")
    }
    let now = MonotonicTime(nanoseconds: nowNs)
    _ = App.update(&state, .feed(emptyUpdate, now: now, wallMs: wallMs), batch: batch)
    _ = App.update(&state, .tick(now: now, wallMs: wallMs))
  }

  private static func instrument(timeMs: Int64) -> InstrumentUpdate {
    var i = InstrumentUpdate(symbol: "XBTUSD")
    i.state = "Open"
    i.typ = "FFWCSX"
    i.underlying = "XBT"
    i.quoteCurrency = "USD"
    i.fields.settle(SettlementCurrency.bitmex("XBt")!)
    i.tickSize = 0.1
    i.lotSize = 100
    i.multiplier = -100_000_000
    i.isInverse = true
    i.lastPrice = 98_459.5
    i.lastTickDirection = .zeroPlusTick
    i.lastChangePcnt = 0.0123
    i.prevPrice24h = 97_263.0
    i.markPrice = 98_461.27
    i.indicativeSettlePrice = 98_455.12
    i.fundingRate = 0.0001
    i.indicativeFundingRate = 0.000_087
    i.fundingTimeMs = timeMs - timeMs % 28_800_000 + 28_800_000
    i.volume24h = 412_833_700
    i.turnover24h = 4.2e11
    i.openInterest = 531_204_100
    i.highPrice = 99_120.0
    i.lowPrice = 96_880.5
    i.bidPrice = 98_459.4
    i.askPrice = 98_459.6
    i.timeMs = timeMs
    return i
  }

  /// 240 bars of a gentle random walk ending at `endMs`.
  private static func bins(endMs: Int64, interval: CandleInterval) -> [TradeBin] {
    let stepMs: Int64 = interval == .fiveMinutes ? 300_000 : 60_000
    var rng = SplitMix64(seed: 7)
    var price = 97_900.0
    return (0..<240).map { k in
      let open = price
      price += (Double(rng.next() % 2_001) - 1_000) / 20
      let high = max(open, price) + Double(rng.next() % 200) / 10
      let low = min(open, price) - Double(rng.next() % 200) / 10
      return TradeBin(
        endMs: endMs - endMs % stepMs - Int64(239 - k) * stepMs, symbol: "XBTUSD", open: open, high: high,
        low: low, close: price, trades: Int64(rng.next() % 900 + 100),
        volume: Int64(rng.next() % 5_000_000 + 100_000))
    }
  }

  /// `2024-11-24T08:26:22.356Z` for a Unix time in milliseconds.
  private static func iso(_ ms: Int64) -> String {
    var seconds = time_t(ms / 1000)
    var t = tm()
    gmtime_r(&seconds, &t)
    func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
    let millis = Int(ms % 1000)
    let fraction = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
    return "\(t.tm_year + 1900)-\(two(t.tm_mon + 1))-\(two(t.tm_mday))T\(two(t.tm_hour)):\(two(t.tm_min)):"
      + "\(two(t.tm_sec)).\(fraction)Z"
  }
}
