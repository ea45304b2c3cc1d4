import BitMEX
import Foundation
import MarketModel
import TestSupport
import Testing

/// Inputs that once crashed the fuzz target (`make fuzz`, Fuzz/TradetermFuzz), kept in
/// `Tests/Fixtures/fuzz/`: each line a WebSocket message, through the decoder and into
/// `MarketState`, then every query the dashboard makes of the state.
@Suite struct FuzzRegressionTests {
  static var crasherNames: [String] {
    let dir = Fixture.directory.appendingPathComponent("fuzz").path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted()
  }

  @Test func crashersAreKept() {
    #expect(!Self.crasherNames.isEmpty)
  }

  /// Every crasher replays without trapping and leaves books that keep their promises.
  @Test(arguments: crasherNames)
  func crasherReplaysCleanly(_ name: String) {
    let replay = Replay(Fixture.data("fuzz/" + name))
    for state in replay.states {
      let bids = state.book.top(.buy, .max)
      let asks = state.book.top(.sell, .max)
      #expect(zip(bids, bids.dropFirst()).allSatisfy { $0.price >= $1.price }, "\(name): bids in order")
      #expect(zip(asks, asks.dropFirst()).allSatisfy { $0.price <= $1.price }, "\(name): asks in order")
      if state.bookSync == .live, let bid = state.book.bestBid, let ask = state.book.bestAsk {
        #expect(bid.price < ask.price, "\(name): live book crossed")
      }
      Replay.askEverything(state)
    }
  }

  /// Two bids of 2^62 contracts: their total does not fit an Int64. Grouping, depth and
  /// cumulative size trapped on the overflow (the dashboard groups on every frame). A side
  /// whose sizes overflow is a fault (issue 11: its totals could not be shown honestly): the
  /// partial is refused whole (the one book engine takes a snapshot whole or not at all), the
  /// book waits for a resync, and nothing traps.
  @Test func hugeSizesAreAFaultInsteadOfTrapping() throws {
    let replay = Replay(Fixture.data("fuzz/grouped-size-overflow.jsonl"))
    let state = try #require(replay.states.first { $0.symbol == "XBTUSD" })
    #expect(replay.decodeErrors == 0)
    #expect(state.bookSync == .faulted)
    #expect(state.faultCount == 1)
    #expect(state.book.isEmpty)
    #expect(state.book.grouped(.buy, ticks: 2, tickSize: 0.5, limit: .max) == [])
    #expect(state.book.depth(.buy, 25).isEmpty)
    #expect(state.book.cumulativeSize(.buy) == 0)
  }
}

/// A crasher's lines through one decoder, applied message by message to a state per symbol
/// the rows name.
private struct Replay {
  var states: [MarketState] = []
  var decodeErrors = 0

  init(_ data: Data) {
    var decoder = BitMEXDecoder()
    var batch = MarketBatch()
    for line in data.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
      batch.removeAll()
      do {
        try decoder.decode([UInt8](line), into: &batch)
      } catch {
        decodeErrors += 1
        #expect(batch.isEmpty, "a failed message left events behind")
        continue
      }
      for row in batch.bookRows where !states.contains(where: { $0.symbol == row.symbol }) {
        // Each symbol's book first seen here (its state then waits for its partial).
        states.append(MarketState(symbol: row.symbol))
      }
      for i in states.indices { _ = states[i].apply(batch) }
    }
  }

  /// What the dashboard asks of a state on every frame.
  static func askEverything(_ state: MarketState) {
    let book = state.book
    _ = (book.spread, book.mid, book.bestBid, book.bestAsk)
    for side in [Side.buy, .sell] {
      for ticks in [1, 2, 10, 100] {
        _ = book.grouped(side, ticks: ticks, tickSize: state.instrument.tickSize ?? 0.5, limit: .max)
      }
      _ = book.depth(side, 25)
      _ = book.cumulativeSize(side)
      _ = book.levels(side, withinPercent: 1)
    }
    _ = state.tape.stats(since: 0)
    _ = state.tape.lastTickDirection
    _ = (state.instrument.priceDecimals, state.instrument.change24h, state.instrument.midPrice)
    for interval in CandleInterval.allCases {
      _ = state.candles.completed(interval)
    }
  }
}
