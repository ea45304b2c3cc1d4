import Foundation
import MarketModel
import TestSupport
import Testing

@testable import BitMEX

/// Replays of real recorded sessions through decoder and engine.
@Suite struct ReplayTests {
  @Test func solusdtReplayGivesTheRecordedTopOfBook() throws {
    var decoder = BitMEXDecoder()
    var batch = MarketBatch()
    var state = MarketState(symbol: "SOLUSDT")
    let lines = Fixture.lines("2021-07-22_orderBookL2_SOLUSDT_replay.jsonl")
    #expect(lines.count == 142)
    for (n, line) in lines.enumerated() {
      batch.removeAll()
      try decoder.decode(line, into: &batch)
      #expect(state.apply(batch).faults.isEmpty, "line \(n + 1)")
      if n == 0 {
        // After the partial (fixture README): 201 levels, 142 bids and 59 asks.
        #expect(state.book.count(.buy) == 142)
        #expect(state.book.count(.sell) == 59)
        #expect(state.book.bestBid == PriceLevel(price: 27.442, size: 323))
        #expect(state.book.bestAsk == PriceLevel(price: 27.486, size: 400))
      }
    }
    #expect(state.bookSync == .live)
    #expect(state.book.count(.buy) == 143)
    #expect(state.book.count(.sell) == 60)
    #expect(
      state.book.top(.buy, 5) == [
        PriceLevel(price: 27.47, size: 894), PriceLevel(price: 27.461, size: 64),
        PriceLevel(price: 27.456, size: 1245), PriceLevel(price: 27.455, size: 1),
        PriceLevel(price: 27.449, size: 87),
      ])
    #expect(
      state.book.top(.sell, 5) == [
        PriceLevel(price: 27.503, size: 1), PriceLevel(price: 27.511, size: 400),
        PriceLevel(price: 27.517, size: 336), PriceLevel(price: 27.518, size: 1401),
        PriceLevel(price: 27.536, size: 406),
      ])
  }

  /// The whole 30 s session, 10 symbols, old wire era (no price on update/delete), with
  /// the 9,346-level XBTUSD partial: never a fault or a crossed book, and every final book
  /// equals one rebuilt here independently (Foundation's JSON parser, a plain dictionary).
  @Test func fullSessionReplaysCleanlyAndMatchesAnIndependentRebuild() throws {
    let lines = Fixture.lines("2021-07-22_session_full.jsonl")
    #expect(lines.count == 2_120)
    let symbols: [Symbol] = [
      "XRPU21", "UNIUSDT", "XBTUSD", "ADAUSDT", "SOLUSDT", "TRXU21", "EOSUSDT", "TRXUSDT", "BCHUSD",
      "MATICUSDT",
    ]
    var states = symbols.map { MarketState(symbol: $0) }
    var decoder = BitMEXDecoder()
    var batch = MarketBatch()
    var reference = ReferenceBooks()
    var trades = 0
    for (n, line) in lines.enumerated() {
      batch.removeAll()
      try decoder.decode(line, into: &batch)
      for i in states.indices {
        let faults = states[i].apply(batch).faults
        #expect(faults.isEmpty, "line \(n + 1) \(symbols[i]): \(faults)")
        if let bid = states[i].book.bestBid, let ask = states[i].book.bestAsk {
          #expect(bid.price < ask.price, "crossed at line \(n + 1)")
        }
      }
      try reference.apply(line)
      trades += batch.trades.count
    }
    for state in states {
      #expect(state.bookSync == .live, "\(state.symbol)")
      let theirs = reference.levels.filter { $0.key.symbol == state.symbol.description }
      // The book, by price: the reference's levels, each at its price with its size.
      var expected: [String: [Double: Int64]] = ["Buy": [:], "Sell": [:]]
      for (key, level) in theirs { expected[key.side]![level.price, default: 0] += level.size }
      for (side, name) in [(Side.buy, "Buy"), (.sell, "Sell")] {
        let mine = state.book.top(side, .max)
        #expect(mine.count == expected[name]!.count, "\(state.symbol) \(name)")
        for level in mine {
          #expect(expected[name]![level.price] == level.size, "\(state.symbol) \(name) \(level)")
        }
      }
      // The adapter's id map: every id the reference holds, at the reference's price.
      let table = BookTable.full
      #expect(
        decoder.bookIDs.count(table, state.symbol, .buy) + decoder.bookIDs.count(table, state.symbol, .sell)
          == theirs.count, "\(state.symbol)")
      for (key, level) in theirs {
        let price = decoder.bookIDs.price(
          table, state.symbol, id: key.id, side: key.side == "Buy" ? .buy : .sell)
        #expect(price?.doubleValue == level.price, "\(key)")
      }
    }
    let xbt = try #require(states.first { $0.symbol == "XBTUSD" })
    #expect(xbt.book.count(.buy) + xbt.book.count(.sell) > 9_000)
    #expect(trades > 0)
    #expect(xbt.tape.count > 0)
  }
}

/// An order book kept the plainest way, from Foundation's JSON parser, to check the
/// engine against.
struct ReferenceBooks {
  struct Key: Hashable {
    var symbol: String
    var id: Int64
    var side: String
  }

  var levels: [Key: (price: Double, size: Int64)] = [:]
  var live: Set<String> = []

  mutating func apply(_ line: [UInt8]) throws {
    guard let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
      let table = object["table"] as? String, table.hasPrefix("orderBookL2"),
      let action = object["action"] as? String, let rows = object["data"] as? [[String: Any]]
    else { return }
    if action == "partial" {
      let symbol = (object["filter"] as? [String: Any])?["symbol"] as? String ?? ""
      levels = levels.filter { $0.key.symbol != symbol }
      live.insert(symbol)
    }
    for row in rows {
      let key = Key(
        symbol: row["symbol"] as! String, id: (row["id"] as! NSNumber).int64Value,
        side: row["side"] as! String)
      guard live.contains(key.symbol) else { continue }
      switch action {
      case "partial", "insert":
        levels[key] = ((row["price"] as! NSNumber).doubleValue, (row["size"] as! NSNumber).int64Value)
      case "update":
        levels[key]!.size = (row["size"] as! NSNumber).int64Value
      case "delete":
        levels[key] = nil
      default:
        break
      }
    }
  }
}
