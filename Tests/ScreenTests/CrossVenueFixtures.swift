import Binance
import Bybit
import Coinbase
import CrossVenue
import Kraken
import OKX
import VenueCore

@testable import Screen

/// Six BTC instruments across venues, built by hand (every contract kind, USD and USDT, one
/// stale and one resyncing), with their consolidated book, strip, matrix and tape: what the
/// cross-venue widgets draw in the tests.
enum CrossVenueFixtures {
  static func key(_ text: String) -> InstrumentKey {
    guard case .success(let k) = InstrumentKey.parse(text) else { preconditionFailure(text) }
    return k
  }

  static func dec(_ text: String) -> FixedDecimal {
    guard let d = FixedDecimal(text) else { preconditionFailure(text) }
    return d
  }

  static func spec(
    _ key: String, quote: AssetCode, settle: AssetCode? = nil, tick: String, lot: String,
    contract: ContractDescriptor
  ) -> InstrumentSpec {
    InstrumentSpec(
      key: Self.key(key), kind: .spot, base: "BTC", quote: quote, settle: settle ?? quote,
      tickSize: dec(tick),
      lotSize: dec(lot), contract: contract)
  }

  static let specs: [InstrumentSpec] = [
    spec(
      "bitmex:XBTUSD", quote: "USD", settle: "BTC", tick: "0.5", lot: "100",
      contract: .inverse(value: dec("1"))),
    spec("kraken:BTC/USD", quote: "USD", tick: "0.1", lot: "0.00000001", contract: .base),
    spec("coinbase:BTC-USD", quote: "USD", tick: "0.01", lot: "0.00000001", contract: .base),
    spec("okx:BTC-USDT-SWAP", quote: "USDT", tick: "0.1", lot: "0.01", contract: .linear(value: dec("0.01"))),
    spec("binance:BTCUSDT", quote: "USDT", tick: "0.01", lot: "0.00001", contract: .base),
    spec("binance-usdm:BTCUSDT", quote: "USDT", tick: "0.1", lot: "0.001", contract: .base),
  ]

  /// The moment everything is judged at (monotonic ns) and its wall clock (12:01:05.123 UTC).
  static let now: Int64 = 1_000_000_000_000
  static let wallMs: Int64 = 1_704_067_200_000 + 12 * 3_600_000 + 65_123

  /// `count` levels a side from `bid` and `ask` outwards, `tick` apart, sizes cycling.
  static func book(
    _ spec: InstrumentSpec, bid: Double, ask: Double, tick: Double, sizes: [String], count: Int = 30
  ) -> PriceBook {
    var b = spec.makeBook()
    var levels: [LevelChange] = []
    let decimals = Int(spec.priceScale)
    for k in 0..<count {
      let size = dec(sizes[k % sizes.count])
      levels.append(LevelChange(side: .bid, price: price(bid - Double(k) * tick, decimals), size: size))
      levels.append(LevelChange(side: .ask, price: price(ask + Double(k) * tick, decimals), size: size))
    }
    if let fault = b.replace(with: levels[...]) { preconditionFailure("\(fault)") }
    return b
  }

  static func price(_ value: Double, _ decimals: Int) -> FixedDecimal {
    let scale = pow10(decimals)
    return FixedDecimal(mantissa: Int64((value * scale).rounded()), scale: UInt8(decimals))
  }

  static func pow10(_ n: Int) -> Double { (0..<n).reduce(1.0) { r, _ in r * 10 } }

  static var views: [VenueView] {
    let books = [
      // BitMEX's bid is above Kraken's ask: crossed across venues.
      book(specs[0], bid: 100_000.5, ask: 100_001.0, tick: 0.5, sizes: ["20000", "5000", "12000", "800"]),
      book(specs[1], bid: 99_999.8, ask: 100_000.3, tick: 1, sizes: ["0.5", "0.12", "1.5", "0.03"]),
      book(specs[2], bid: 99_999.25, ask: 100_000.75, tick: 0.75, sizes: ["0.25", "2", "0.01"]),
      book(specs[3], bid: 100_010.0, ask: 100_010.2, tick: 0.4, sizes: ["150", "25", "60.5"]),
      book(specs[4], bid: 100_010.05, ask: 100_010.06, tick: 0.5, sizes: ["0.8", "0.05", "3.2"]),
      book(specs[5], bid: 100_012.0, ask: 100_012.1, tick: 0.3, sizes: ["1.2", "0.4"]),
    ]
    let ages: [Int64] = [12, 40, 7_200, 25, 3, 90].map { $0 * 1_000_000 }
    let integrity = [
      IntegrityCounts(checks: 0, failures: 0, resyncs: 0),
      IntegrityCounts(checks: 1_204, failures: 0, resyncs: 0),
      IntegrityCounts(checks: 5_021, failures: 0, resyncs: 0),
      IntegrityCounts(checks: 880, failures: 0, resyncs: 0),
      IntegrityCounts(checks: 15, failures: 0, resyncs: 0),
      IntegrityCounts(checks: 77, failures: 1, resyncs: 1),
    ]
    return specs.indices.map { i in
      VenueView(
        spec: specs[i], book: books[i],
        sync: i == 5 ? .resyncing(.sequenceGap(expected: 41, got: 44)) : .live,
        lastAppliedAt: now - ages[i], integrity: integrity[i], staleAfterNs: 5_000_000_000)
    }
  }

  /// Each venue's letter, as the adapters declare them (`VenueAbout.mark`).
  static let venueLetters: [Venue: Character] = [
    .bitmex: "M", .kraken: "K", .binance: "B", .binanceUSDM: "F", .coinbase: "C", .bybitSpot: "Y",
    .bybitLinear: "Y", .bybitInverse: "Y", .okx: "O",
  ]

  static var marks: VenueMarks { VenueMarks(specs.map(\.key), venueLetters: venueLetters) }

  static func consolidated(par: Bool = false, step: String = "1", depth: Int = 30) -> ConsolidatedBook {
    guard
      let options = ConsolidatedBook.Options(
        asset: "BTC", step: dec(step), depth: depth, stablecoinsAtPar: par)
    else { preconditionFailure() }
    var book = ConsolidatedBook(options: options)
    book.update(views, now: now)
    return book
  }

  static var strip: VenueStrip {
    var strip = VenueStrip()
    strip.update(views, now: now, consolidated: consolidated())
    return strip
  }

  static func matrix(fees: [Venue: FixedDecimal] = [:]) -> SpreadMatrix {
    var m = SpreadMatrix(asset: "BTC")
    m.update(views, now: now, takerFeePercent: fees)
    return m
  }

  /// A dozen trades of every venue, 150 ms apart, the newest at `now`.
  static var tape: MergedTape {
    var tape = MergedTape(instruments: specs, capacity: 64, largeSize: dec("1"))
    let trades: [(Int, String, String, Aggressor)] = [
      (0, "100001.0", "3000", .buy), (1, "100000.3", "0.05", .buy), (4, "100010.06", "0.8", .buy),
      (3, "100010.0", "12", .sell), (0, "100000.5", "150000", .sell), (5, "100012.1", "0.01", .buy),
      (2, "99999.25", "0.2", .sell), (4, "100010.05", "1.25", .sell), (1, "99999.8", "0.5", .sell),
      (3, "100010.2", "4", .buy), (4, "100010.06", "0.002", .buy), (0, "100001.0", "100", .buy),
    ]
    for (n, t) in trades.enumerated() {
      let back = Int64(trades.count - 1 - n) * 150
      tape.append(
        VenueTrade(price: dec(t.1), size: dec(t.2), aggressor: t.3), instrument: t.0,
        receivedAt: now - back * 1_000_000, wallMs: wallMs - back)
    }
    return tape
  }

  static func view(par: Bool = false, ascii: Bool = false) -> CrossVenueView {
    let marks = self.marks
    return CrossVenueView(
      strip: VenueStripView(strip: strip, marks: marks, ascii: ascii),
      book: ConsolidatedBookView(book: consolidated(par: par), marks: marks, ascii: ascii),
      matrix: SpreadMatrixView(matrix: matrix(), marks: marks, ascii: ascii),
      tape: MergedTapeView(tape: tape, marks: marks, nowMs: wallMs, highlightMs: 0),
      volume: VenueVolumeView(tape: tape, marks: marks, now: now, ascii: ascii), ascii: ascii)
  }
}
