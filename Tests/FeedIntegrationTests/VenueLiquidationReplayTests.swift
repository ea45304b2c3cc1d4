import App
import Binance
import Bybit
import Foundation
import MarketModel
import OKX
import Replay
import Session
import Testing

/// A recording of Binance USDⓈ-M, Bybit linear or OKX frames replays their liquidations on the
/// dashboard's replay path (`VenueReplaySource`: the venue's own decoder on the replay thread,
/// each drained batch through `App.update`), into the Activity pane's log as live ones go.
@Suite struct VenueLiquidationReplayTests {
  enum Case: String, CaseIterable, Sendable {
    case binanceUSDM, bybitLinear, okxSwap
  }

  /// The venue, its fixture of documented-shape frames, the market replayed, its decoder, and
  /// the liquidations of that market the fixture holds (`PROVENANCE.md`), newest first.
  static func setup(_ c: Case) -> (Venue, String, Symbol, any VenueFrameDecoder, [String]) {
    switch c {
    case .binanceUSDM:
      (
        .binanceUSDM, "binance-usdm_docs-shaped_forceOrder.jsonl", "BTCUSDT", BinanceDecoder(market: .usdm),
        ["buy 300 @ 9949.0", "buy 200 @ 9948.3", "sell 14 @ 9910.0"]
      )
    case .bybitLinear:
      (
        .bybitLinear, "bybit-v5_docs-shaped_allLiquidation.jsonl", "BTCUSDT", BybitDecoder(),
        ["sell 1508 @ 43318.0", "sell 120 @ 43320.1", "buy 3 @ 43511.7"]
      )
    case .okxSwap:
      (
        .okx, "okx-v5_docs-shaped_liquidation-orders.jsonl", "BTC-USDT-SWAP", OKXDecoder(),
        ["buy 400 @ 43620.3", "sell 25 @ 43511.7"]
      )
    }
  }

  @Test(arguments: Case.allCases)
  func aRecordingReplaysItsLiquidations(_ c: Case) throws {
    let (venue, fixture, symbol, decoder, expected) = Self.setup(c)
    let frames = try String(contentsOfFile: "Tests/Fixtures/exchanges/" + fixture, encoding: .utf8)
      .split(separator: "\n")
    var text = "# tradeterm recording 2\n"
    for (i, line) in frames.enumerated() {
      text += "1790000000.\(String(format: "%06d", i * 1000)) \(venue.rawValue) \(line)\n"
    }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tradeterm-liquidation-replay-\(UUID().uuidString).jsonl"
    ).path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }

    let source = try VenueReplaySource(
      path: path, venue: venue, symbol: symbol.description, decoder: decoder, speed: 0)
    source.start()
    defer { source.stop() }
    var state = AppState(symbol: symbol, mode: .replay, width: 120, height: 40, ascii: false, color: false)
    state.session = MarketSession(
      symbol: symbol, bookPolicy: .sequence(SequenceLinkSync(link: .increment)), bookDepth: nil,
      venue: venue)
    let deadline = MonotonicTime.now() + 30
    var batch = VenueBatch()
    while MonotonicTime.now() < deadline, state.session.replay?.ended != true {
      let update = source.next(into: &batch, timeout: 1)
      let now = MonotonicTime.now()
      _ = App.update(&state, .feed(update, now: now, wallMs: now.nanoseconds / 1_000_000), venueBatch: batch)
      batch.removeAll()
    }
    #expect(state.session.replay?.ended == true, "the replay never ended")
    #expect(state.session.replay?.badLines == 0)
    // Sizes in units of the tape's scale, which the first liquidation sets when no trade or
    // book came before it (OKX: 2.5 contracts, one decimal, so 40 is 400 tenths).
    let got = state.view.liquidations.events.map {
      "\($0.side == .buy ? "buy" : "sell") \($0.size) @ \($0.price)"
    }
    #expect(got == expected)
  }
}
