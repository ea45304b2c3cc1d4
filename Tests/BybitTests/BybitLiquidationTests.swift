import Bybit
import TestSupport
import Testing
import VenueCore
import WireJSON

/// Bybit v5 `allLiquidation.{symbol}` on the documented shape
/// (`Tests/Fixtures/exchanges/PROVENANCE.md`), and malformed rows.
@Suite struct BybitLiquidationTests {
  static let file = "exchanges/bybit-v5_docs-shaped_allLiquidation.jsonl"

  static func liquidations(_ frames: [[UInt8]]) throws -> [(Symbol, VenueLiquidation)] {
    var out: [(Symbol, VenueLiquidation)] = []
    for (i, frame) in frames.enumerated() {
      var batch = VenueBatch()
      try BybitDecoder().decode(frame, receivedAt: Int64(i), into: &batch)
      for case let .liquidations(symbol, range) in batch.events {
        out += batch.liquidations[range].map { (symbol, $0) }
      }
    }
    return out
  }

  /// `S` is the liquidated position's side: `Sell` (a short liquidated) is a buy order, `Buy` (a
  /// long) a sell order.
  @Test func thePositionsSideBecomesTheOrdersSide() throws {
    let all = try Self.liquidations(Fixture.lines(Self.file))
    #expect(all.map(\.0) == ["BTCUSDT", "BTCUSDT", "BTCUSDT"])
    #expect(all.map(\.1.side) == [.buy, .sell, .sell])
    #expect(all.map(\.1.liquidatedLong) == [false, true, true])
    #expect(all.map(\.1.size.description) == ["0.003", "0.120", "1.508"])
    #expect(all.map(\.1.price.description) == ["43511.70", "43320.10", "43318.00"])
    #expect(all[0].1.venueTimeMs == 1_739_502_302_929)
  }

  /// Rows missing a field or with a size that is not a decimal are left out, the others kept;
  /// never an error.
  @Test func malformedRowsAreLeftOut() throws {
    let good = #"{"T":1,"s":"BTCUSDT","S":"Buy","v":"0.5","p":"100.0"}"#
    let bad = [
      #"{"T":1,"s":"BTCUSDT","v":"0.5","p":"100.0"}"#,
      #"{"T":1,"s":"BTCUSDT","S":"Buy","v":"half","p":"100.0"}"#,
      #"{"T":1,"s":"BTCUSDT","S":"Buy","v":{"n":1},"p":"100.0"}"#,
      #"{"T":"soon","s":"BTCUSDT","S":"Long","v":"0.5","p":"100.0"}"#,
      #"{"T":1,"S":"Buy","v":"0.5","p":"100.0"}"#,
      #"{"T":1,"s":"BTCUSDT","S":"Buy","v":"0.5","p":"1e400"}"#,
      "17",
    ]
    let frame =
      #"{"topic":"allLiquidation.BTCUSDT","type":"snapshot","ts":1,"data":["#
      + (bad + [good]).joined(separator: ",") + "]}"
    var batch = VenueBatch()
    try BybitDecoder().decode(Array(frame.utf8), receivedAt: 0, into: &batch)
    #expect(batch.liquidations.count == 1)
    #expect(batch.liquidations.first?.side == .sell && batch.liquidations.first?.size == FixedDecimal("0.5"))
    // Nothing whole at all: ignored, no error.
    let none = #"{"topic":"allLiquidation.BTCUSDT","type":"snapshot","ts":1,"data":["# + bad[0] + "]}"
    batch.removeAll()
    try BybitDecoder().decode(Array(none.utf8), receivedAt: 0, into: &batch)
    #expect(batch.events == [.ignored])
  }
}
