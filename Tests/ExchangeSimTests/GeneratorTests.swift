import Foundation
import MarketModel
import Seeding
import Testing

@testable import ExchangeSim

/// The market generator and the pieces around it, without a network.
@Suite struct GeneratorTests {
  private func run(
    _ instrument: SimInstrument, seed: UInt64, depth: Int, ticks: Int
  ) -> [MarketGenerator.Output] {
    var g = MarketGenerator(instrument: instrument, seed: seed, depth: depth, startMs: 1_700_000_000_000)
    return (0..<ticks).map {
      g.tick(timeMs: 1_700_000_000_000 + Int64($0) * 50, bookChance: 1, tradesPerTick: 0.3)
    }
  }

  @Test func sameSeedSameMarketOtherSeedOtherMarket() {
    let a = run(.xbtusd, seed: 42, depth: 100, ticks: 500)
    let b = run(.xbtusd, seed: 42, depth: 100, ticks: 500)
    let c = run(.xbtusd, seed: 43, depth: 100, ticks: 500)
    #expect(a.map(\.changes) == b.map(\.changes))
    #expect(a.map(\.trades) == b.map(\.trades))
    #expect(a.map(\.changes) != c.map(\.changes))
  }

  /// Never crossed after any single change; exactly `depth` levels a side after a tick;
  /// sizes are positive multiples of the lot; ids unique; the depth-limited views' deltas
  /// rebuild the top of the book exactly.
  @Test(arguments: [SimInstrument.xbtusd, .ethusd, .solusdt, .dogeusdt])
  func bookInvariantsHoldAndViewsReplay(instrument: SimInstrument) {
    let depth = 40
    var g = MarketGenerator(instrument: instrument, seed: 7, depth: depth, startMs: 0)
    var view = BookView(depth: 25, book: g.book)
    // A replica of the book built from the changes alone, and one of the view.
    var replica: [Side: [Int64: SimLevel]] = [.buy: [:], .sell: [:]]
    for side in [Side.buy, .sell] { for l in g.book.top(side, .max) { replica[side]![l.id] = l } }
    var viewReplica: [Side: [Int64: SimLevel]] = [.buy: [:], .sell: [:]]
    for side in [Side.buy, .sell] {
      for l in view.bids + view.asks where (side == .buy) == view.bids.contains(l) {
        viewReplica[side]![l.id] = l
      }
    }
    func apply(_ c: BookChange, to r: inout [Side: [Int64: SimLevel]]) {
      switch c.action {
      case .insert:
        #expect(r[c.side]![c.id] == nil, "insert of an existing level")
        r[c.side]![c.id] = SimLevel(ticks: c.ticks, id: c.id, size: c.size)
      case .update:
        #expect(r[c.side]![c.id]?.ticks == c.ticks, "update of an unknown level or a moved price")
        r[c.side]![c.id]?.size = c.size
      case .delete:
        #expect(r[c.side]!.removeValue(forKey: c.id) != nil, "delete of an unknown level")
      default:
        Issue.record("unexpected action \(c.action)")
      }
    }
    func crossed(_ r: [Side: [Int64: SimLevel]]) -> Bool {
      guard let bid = r[.buy]!.values.map(\.ticks).max(), let ask = r[.sell]!.values.map(\.ticks).min() else {
        return false
      }
      return bid >= ask
    }
    var trades = 0
    for tick in 0..<3_000 {
      let out = g.tick(timeMs: Int64(tick) * 50, bookChance: 1, tradesPerTick: 0.5)
      trades += out.trades.count
      for c in out.changes {
        apply(c, to: &replica)
        #expect(!crossed(replica), "crossed at tick \(tick)")
      }
      for c in view.advance(to: g.book) { apply(c, to: &viewReplica) }
      #expect(g.book.count(.buy) == depth && g.book.count(.sell) == depth)
      if tick % 100 == 0 {
        for side in [Side.buy, .sell] {
          let all = g.book.top(side, .max)
          #expect(Set(replica[side]!.values) == Set(all))
          #expect(Set(viewReplica[side]!.values) == Set(g.book.top(side, 25)))
          #expect(all.allSatisfy { $0.size > 0 && $0.size % instrument.lotSize == 0 && $0.ticks > 0 })
        }
      }
    }
    #expect(trades > 500)
    let ids = g.book.top(.buy, .max).map(\.id) + g.book.top(.sell, .max).map(\.id)
    #expect(Set(ids).count == ids.count)
  }

  @Test func tradesPrintAtTheBestPricesWithTickDirections() {
    var g = MarketGenerator(instrument: .xbtusd, seed: 3, depth: 50, startMs: 0)
    var previous: SimTrade?
    for tick in 0..<500 {
      let bid = g.book.best(.buy)!.ticks
      let ask = g.book.best(.sell)!.ticks
      var out = MarketGenerator.Output()
      g.stepTrade(timeMs: Int64(tick), &out)
      for (n, trade) in out.trades.enumerated() {
        if n == 0 { #expect(trade.ticks == (trade.side == .buy ? ask : bid)) }
        if let p = previous {
          let expected: TickDirection =
            trade.ticks > p.ticks
            ? .plusTick
            : trade.ticks < p.ticks ? .minusTick : (p.tickDirection.isUp ? .zeroPlusTick : .zeroMinusTick)
          #expect(trade.tickDirection == expected)
        }
        #expect(trade.matchID.count == 36)
        previous = trade
      }
    }
  }

  @Test func pricesAreWrittenExactly() {
    var w = JSONWriter()
    PriceScale(tickSize: 0.1).write(984_599, into: &w)
    w.raw(" ")
    PriceScale(tickSize: 0.05).write(70_001, into: &w)
    w.raw(" ")
    PriceScale(tickSize: 0.001).write(150_000, into: &w)
    w.raw(" ")
    PriceScale(tickSize: 0.00001).write(35_000, into: &w)
    w.raw(" ")
    PriceScale(tickSize: 0.5).write(3, into: &w)
    #expect(String(decoding: w.bytes, as: UTF8.self) == "98459.9 3500.05 150 0.35 1.5")
    #expect(PriceScale(tickSize: 0.1).price(984_599) == 98459.9)
    #expect(ISOTimestamp.string(ms: 1_732_436_782_356) == "2024-11-24T08:26:22.356Z")
    #expect(ISOTimestamp.string(ms: 0) == "1970-01-01T00:00:00.000Z")
    // The sim's fast writer and the app's UTC calendar agree (the same civil-date code).
    var rng = SimRandom(seed: 0x150)
    for _ in 0..<500 {
      let ms = Int64(rng.below(4_000_000_000_000))
      #expect(ISOTimestamp.string(ms: ms) == UTCTime.iso(ms: ms), "seed 0x150, ms \(ms)")
    }
  }

  @Test func sessionRecordingLoadsWithItsTimesFile() throws {
    let file = try ReplayFile.load(SimReplay(path: SimTest.fixture("2021-07-22_session_full.jsonl")))
    // 2,120 frames less the welcome and 30 acks.
    #expect(file.frames.count == 2_089)
    #expect(file.frames.first!.offset > 0)
    #expect(file.frames.last!.offset > 20 && file.frames.last!.offset < 40)
    #expect(zip(file.frames, file.frames.dropFirst()).allSatisfy { $0.offset <= $1.offset })
  }
}
