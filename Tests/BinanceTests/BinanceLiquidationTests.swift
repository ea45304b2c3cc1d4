import Binance
import TestSupport
import Testing
import VenueCore
import WireJSON

/// USDⓈ-M `forceOrder` frames (`!forceOrder@arr`) on the documented shape
/// (`Tests/Fixtures/exchanges/PROVENANCE.md`), and malformed ones.
@Suite struct BinanceLiquidationTests {
  static let file = "exchanges/binance-usdm_docs-shaped_forceOrder.jsonl"

  /// Every liquidation of `frames`, with its symbol.
  static func liquidations(_ frames: [[UInt8]]) throws -> [(Symbol, VenueLiquidation)] {
    var out: [(Symbol, VenueLiquidation)] = []
    for (i, frame) in frames.enumerated() {
      var batch = VenueBatch()
      try BinanceDecoder(market: .usdm).decode(frame, receivedAt: Int64(i + 1), into: &batch)
      for case let .liquidations(symbol, range) in batch.events {
        out += batch.liquidations[range].map { (symbol, $0) }
      }
    }
    return out
  }

  @Test func theDocumentedShapeDecodesEverySymbolsLiquidations() throws {
    let all = try Self.liquidations(Fixture.lines(Self.file))
    #expect(all.map(\.0) == ["BTCUSDT", "ETHUSDT", "BTCUSDT", "BTCUSDT"])
    let first = all[0].1
    // `S` is the order's side: SELL closes a long.
    #expect(first.side == .sell && first.liquidatedLong)
    #expect(first.price == FixedDecimal("9910") && first.size == FixedDecimal("0.014"))
    #expect(first.price.description == "9910" && first.size.description == "0.014")
    #expect(first.venueTimeMs == 1_568_014_460_893 && first.receivedAt == 1)
    #expect(all[1].1.side == .buy && all[1].1.price.description == "181.50")
    // An order reported fill by fill counts each fill once (`l`), at the average price (`ap`).
    #expect(all[2].1.size.description == "0.200" && all[2].1.price.description == "9948.30")
    #expect(all[3].1.size.description == "0.300" && all[3].1.price.description == "9949.00")
  }

  /// A frame whose order misses a field, or whose size or price is not a decimal, adds nothing
  /// and fails nothing: an `.ignored` event, no error.
  @Test func aMalformedOrderIsLeftOutNeverAnError() throws {
    let order =
      #"{"s":"BTCUSDT","S":"SELL","q":"0.014","p":"9910","ap":"9910","X":"FILLED","l":"0.014","z":"0.014","T":1}"#
    let broken = [
      order.replacingOccurrences(of: #""S":"SELL","#, with: ""),
      order.replacingOccurrences(of: #""s":"BTCUSDT","#, with: ""),
      order.replacingOccurrences(of: #""l":"0.014""#, with: #""l":"lots""#),
      order.replacingOccurrences(of: #""l":"0.014""#, with: #""l":null"#),
      order.replacingOccurrences(of: #""p":"9910","ap":"9910""#, with: #""p":"","ap":"x""#),
      order.replacingOccurrences(of: #""S":"SELL""#, with: #""S":"SIDEWAYS""#),
      order.replacingOccurrences(of: #""l":"0.014""#, with: #""l":"99999999999999999999999""#),
      order.replacingOccurrences(of: #""l":"0.014""#, with: #""l":"0""#),
      order.replacingOccurrences(of: #""l":"0.014""#, with: #""l":"-0.014""#),
    ]
    for o in broken + ["[]", "7"] {
      let frame = #"{"stream":"!forceOrder@arr","data":{"e":"forceOrder","E":1,"o":\#(o)}}"#
      var batch = VenueBatch()
      try BinanceDecoder(market: .usdm).decode(Array(frame.utf8), receivedAt: 0, into: &batch)
      #expect(batch.liquidations.isEmpty, "\(o)")
      #expect(batch.events == [.ignored], "\(o)")
    }
    // Without its order at all.
    var batch = VenueBatch()
    try BinanceDecoder(market: .usdm).decode(
      Array(#"{"e":"forceOrder","E":1}"#.utf8), receivedAt: 0, into: &batch)
    #expect(batch.events == [.ignored])
  }

  /// A ticker's `o` (the open) is still read as one: only an object under `o` is an order.
  @Test func aTickersOpenIsNotAnOrder() throws {
    let frame =
      #"{"e":"24hrMiniTicker","E":1,"s":"BTCUSDT","c":"100.5","o":"99.0","h":"101","l":"98","v":"5","q":"500"}"#
    var batch = VenueBatch()
    try BinanceDecoder(market: .usdm).decode(Array(frame.utf8), receivedAt: 0, into: &batch)
    #expect(batch.tickers.first?.open24h == FixedDecimal("99.0"))
    #expect(batch.liquidations.isEmpty)
  }
}
