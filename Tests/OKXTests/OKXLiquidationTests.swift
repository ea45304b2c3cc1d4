import OKX
import TestSupport
import Testing
import VenueCore
import WireJSON

/// OKX v5 `liquidation-orders` (every swap) on the documented shape
/// (`Tests/Fixtures/exchanges/PROVENANCE.md`), and malformed details.
@Suite struct OKXLiquidationTests {
  static let file = "exchanges/okx-v5_docs-shaped_liquidation-orders.jsonl"

  static func liquidations(_ frames: [[UInt8]]) throws -> ([VenueEvent], [(Symbol, VenueLiquidation)]) {
    var events: [VenueEvent] = []
    var out: [(Symbol, VenueLiquidation)] = []
    for (i, frame) in frames.enumerated() {
      var batch = VenueBatch()
      try OKXDecoder().decode(frame, receivedAt: Int64(i), into: &batch)
      events += batch.events
      for case let .liquidations(symbol, range) in batch.events {
        out += batch.liquidations[range].map { (symbol, $0) }
      }
    }
    return (events, out)
  }

  @Test func everySwapsLiquidationsInContracts() throws {
    let (events, all) = try Self.liquidations(Fixture.lines(Self.file))
    #expect(events.first == .subscribed(.liquidations, symbol: nil))
    #expect(all.map(\.0) == ["IOST-USDT-SWAP", "BTC-USDT-SWAP", "BTC-USDT-SWAP"])
    // `side` is the order's: a short liquidated is bought back.
    #expect(all.map(\.1.side) == [.buy, .sell, .buy])
    #expect(all.map(\.1.size.description) == ["13", "2.5", "40"])
    #expect(all.map(\.1.price.description) == ["0.007831", "43511.7", "43620.3"])
    #expect(all[1].1.venueTimeMs == 1_692_266_434_120)
  }

  /// Details missing a field or with a size that is not a decimal are left out, the others kept;
  /// an empty `side` is read from `posSide`; `net` says nothing, so that one is left out too.
  @Test func malformedDetailsAreLeftOut() throws {
    let good = #"{"bkPx":"100.5","posSide":"long","side":"","sz":"3","ts":"1"}"#
    let bad = [
      #"{"bkPx":"100.5","posSide":"net","side":"","sz":"3","ts":"1"}"#,
      #"{"bkPx":"100.5","posSide":"long","side":"sell","sz":"three","ts":"1"}"#,
      #"{"posSide":"long","side":"sell","sz":"3","ts":"1"}"#,
      #"{"bkPx":"100.5","posSide":"long","side":"sell","sz":"","ts":"1"}"#,
      "null",
    ]
    let frame =
      #"{"arg":{"channel":"liquidation-orders","instType":"SWAP"},"data":[{"details":["#
      + (bad + [good]).joined(separator: ",") + #"],"instId":"BTC-USDT-SWAP"},{"details":[\#(good)]}]}"#
    var batch = VenueBatch()
    try OKXDecoder().decode(Array(frame.utf8), receivedAt: 0, into: &batch)
    // The second entry names no instrument: left out.
    #expect(batch.liquidations.count == 1)
    #expect(batch.liquidations.first?.side == .sell && batch.liquidations.first?.size == FixedDecimal("3"))
    #expect(batch.events.count == 1)
  }

  /// A refusal of the channel names it in its message only (OKX's errors carry no `arg`): read
  /// as the liquidations' refusal, so they alone are given up on; other errors name none.
  @Test func aRefusalOfTheChannelIsTheLiquidations() throws {
    let refused =
      #"{"event":"error","code":"60018","msg":"Wrong URL or channel:liquidation-orders,instType:SWAP doesn't exist.","connId":"a4d3ae55"}"#
    var batch = VenueBatch()
    try OKXDecoder().decode(Array(refused.utf8), receivedAt: 0, into: &batch)
    #expect(
      batch.events == [
        .venueError(
          "Wrong URL or channel:liquidation-orders,instType:SWAP doesn't exist.", channel: .liquidations)
      ])
    batch.removeAll()
    let other = #"{"event":"error","code":"60012","msg":"Invalid request: books","connId":"a4d3ae55"}"#
    try OKXDecoder().decode(Array(other.utf8), receivedAt: 0, into: &batch)
    #expect(batch.events == [.venueError("Invalid request: books", channel: nil)])
  }
}
