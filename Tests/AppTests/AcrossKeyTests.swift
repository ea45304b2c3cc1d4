import Kraken
import MarketModel
import OKX
import Screen
import Session
import Testing
import VenueCore

@testable import App

/// The dashboard's cross-venue key (`X`, rebindable): it asks the runner for the screen of the
/// instrument in view's asset (`Effect.openAcross`), read from the instrument's facts as their
/// canonical base asset (XBTUSD's `XBT` is BTC; a swap's base comes from its spec, never its
/// name); a replay refuses it in words. On the screen, Esc and the same key go back to the
/// dashboard, `q` quits.
@Suite struct AcrossKeyTests {
  static func press(_ s: inout AppState, _ keys: Key...) -> [Effect] {
    keys.flatMap { App.update(&s, .key($0)) }
  }

  /// A venue market (a fresh session on a sequenced book rule) with `spec` as its REST facts.
  static func venue(_ key: InstrumentKey, spec: InstrumentSpec?) -> AppState {
    var s = AppState(symbol: key.symbol, mode: .demo, width: 120, height: 40, ascii: false, color: true)
    s.session = MarketSession(
      symbol: key.symbol, bookPolicy: .sequence(SequenceLinkSync(link: .increment)), bookDepth: 25,
      venue: key.venue)
    if let spec { s.session.setInstrumentSpec(spec) }
    return s
  }

  static func spec(
    _ key: InstrumentKey, base: AssetCode, contract: ContractDescriptor = .base
  ) -> InstrumentSpec {
    InstrumentSpec(
      key: key, kind: contract == .base ? .spot : .linearPerpetual, base: base, quote: "USDT", settle: "USDT",
      tickSize: FixedDecimal("0.1")!, lotSize: FixedDecimal("0.01")!, contract: contract)
  }

  @Test func xbtusdOpensBitcoinFromItsInstrumentRow() {
    var s = TicketAppTests.live("XBTUSD", bid: 50_000, ask: 50_000.5, step: 0.5)
    #expect(Self.press(&s, .character("X")) == [.openAcross("BTC")])
    // The market on screen stays: the screen opens over it.
    #expect(s.market.symbol == "XBTUSD" && s.market.book.bestBid != nil)
  }

  @Test func bitmexsQuantoIsItsUnderlyingNotItsSettlement() {
    var s = TicketAppTests.live("ETHUSD", bid: 3_000, ask: 3_000.05, step: 0.05)
    #expect(Self.press(&s, .character("X")) == [.openAcross("ETH")])
  }

  @Test func aVenueMarketOpensItsSpecsBaseAsset() {
    let kraken = InstrumentKey(venue: .kraken, symbol: "ETH/USD")
    var s = Self.venue(kraken, spec: Self.spec(kraken, base: "ETH"))
    #expect(Self.press(&s, .character("X")) == [.openAcross("ETH")])
    // Kraken's XBT is BTC: the spec's base is already canonical, and so is the symbol's reading.
    let xbt = InstrumentKey(venue: .kraken, symbol: "XBT/USD")
    var k = Self.venue(xbt, spec: nil)
    #expect(Self.press(&k, .character("X")) == [.openAcross("BTC")])
  }

  @Test func aSwapsAssetComesFromItsFactsOrNotAtAll() {
    let swap = InstrumentKey(venue: .okx, symbol: "SOL-USDT-SWAP")
    var waiting = Self.venue(swap, spec: nil)
    #expect(Self.press(&waiting, .character("X")).isEmpty)
    #expect(StatusNote.text(waiting)?.contains("asset of SOL-USDT-SWAP is not known yet") == true)
    var s = Self.venue(swap, spec: Self.spec(swap, base: "SOL", contract: .linear(value: FixedDecimal("1")!)))
    #expect(Self.press(&s, .character("X")) == [.openAcross("SOL")])
  }

  @Test func theKeyIsRebindableAndInTheHelp() {
    var s = TicketAppTests.live("XBTUSD", bid: 50_000, ask: 50_000.5, step: 0.5)
    s.keys = KeyBindings(overrides: ["across": [.character("V")]])
    #expect(Self.press(&s, .character("X")).isEmpty)
    #expect(Self.press(&s, .character("V")) == [.openAcross("BTC")])
    #expect(
      KeyBindings.standard.help.contains {
        $0.key == "X"
          && $0.action.hasPrefix("across venues: the asset in view on every venue (X or Esc: back)")
      })
  }

  @Test func aReplayRefusesItInWords() {
    var s = TicketAppTests.live("XBTUSD", bid: 50_000, ask: 50_000.5, step: 0.5)
    s.acrossRefusal = "a replay plays one recording"
    #expect(Self.press(&s, .character("X")).isEmpty)
    #expect(StatusNote.text(s)?.contains("across venues: a replay plays one recording") == true)
  }

  @Test func escapeOrTheSameKeyGoesBackAndQQuits() {
    var s = AcrossState(asset: "BTC", instruments: [], width: 80, height: 24)
    s.returnsToDashboard = true
    var esc = s
    esc.press(.escape)
    #expect(esc.leaving == .back)
    var again = s
    again.press(.character("X"))
    #expect(again.leaving == .back)
    var q = s
    q.press(.character("q"))
    #expect(q.leaving == .quit)
    let g = AcrossScreen.render(s, wallMs: 0)
    #expect(g.line(23).hasPrefix(" +/- group  X/Esc dashboard  q quit"), "\(g.line(23))")
    // Started on its own (`tradeterm --across`), Esc quits and X does nothing.
    var alone = AcrossState(asset: "BTC", instruments: [], width: 80, height: 24)
    alone.press(.character("X"))
    #expect(alone.leaving == nil)
    alone.press(.escape)
    #expect(alone.leaving == .quit)
  }
}
