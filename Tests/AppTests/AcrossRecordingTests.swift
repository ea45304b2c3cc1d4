import Foundation
import MarketModel
import Testing
import VenueCore

@testable import App

/// A recording of the cross-venue screen names its plan and the facts its instruments adopted in
/// `#` lines (`AcrossRecording`): each kind of contract reads back as it was written, and a line
/// that does not read is no plan and no facts (never a wrong spec).
@Suite struct AcrossRecordingTests {
  static func dec(_ text: String) -> FixedDecimal { FixedDecimal(text)! }

  static func spec(
    _ key: String, _ kind: InstrumentKind, _ contract: ContractDescriptor, min: String? = "0.001"
  )
    -> InstrumentSpec
  {
    guard case .success(let key) = InstrumentKey.parse(key) else { fatalError(key) }
    return InstrumentSpec(
      key: key, kind: kind, base: "BTC", quote: "USDT", settle: "USDT", tickSize: dec("0.10"),
      lotSize: dec("0.001"), minSize: min.map(dec), contract: contract)
  }

  @Test func thePlanReadsBack() throws {
    let keys = ["bitmex:XBTUSD", "kraken:BTC/USD", "okx:BTC-USDT-SWAP"].compactMap {
      try? InstrumentKey.parse($0).get()
    }
    let text = AcrossRecording.preamble(asset: "BTC", instruments: keys)
    #expect(text == "tradeterm across BTC bitmex:XBTUSD kraken:BTC/USD okx:BTC-USDT-SWAP")
    let plan = try #require(AcrossRecording.plan(Substring("# " + text + "\r")))
    #expect(plan.asset == "BTC" && plan.instruments == keys)
    for bad in [
      "# tradeterm across BTC", "# tradeterm across BTC no_where:X", "# tradeterm across BTC XBTUSD",
      "# tradeterm across BTC kraken:A kraken:A", "tradeterm across BTC kraken:A", "# tradeterm recording 2",
    ] {
      #expect(AcrossRecording.plan(Substring(bad)) == nil, "\(bad)")
    }
  }

  @Test(arguments: [
    spec("binance-usdm:BTCUSDT", .linearPerpetual, .base),
    spec("okx:BTC-USDT-SWAP", .linearPerpetual, .linear(value: dec("0.01")), min: nil),
    spec("okx:BTC-USD-SWAP", .inversePerpetual, .inverse(value: dec("100"))),
    spec(
      "bitmex:ETHUSD", .quantoPerpetual, .quanto(multiplier: dec("100"), settlePerWhole: dec("100000000"))),
    spec("okx:BTC-USDT-261225", .future(expiryMs: 1_798_156_800_000), .linear(value: dec("0.01"))),
    spec("kraken:BTC/USD", .spot, .base),
  ])
  func eachContractReadsBack(_ spec: InstrumentSpec) throws {
    let line = "# " + AcrossRecording.factsNote(spec)
    #expect(AcrossRecording.facts(Substring(line)) == spec, "\(line)")
  }

  @Test func factsThatDoNotReadAreNone() {
    let good = "# " + AcrossRecording.factsNote(Self.spec("binance-usdm:BTCUSDT", .linearPerpetual, .base))
    #expect(AcrossRecording.facts(Substring(good)) != nil)
    for (from, to) in [
      ("tick=0.10", "tick=0"), ("tick=0.10", "tick=-1"), ("lot=0.001", "lot=abc"),
      ("contract=base", "contract=linear"),
      ("contract=base", "contract=linear:0"), ("kind=linear-perpetual", "kind=swap"), (" base=BTC", ""),
      ("min=0.001", "min=1e400"), ("tick=0.10", "tick=99999999999999999999999"),
      ("contract=base", "contract"),
    ] {
      let bad = good.replacingOccurrences(of: from, with: to)
      #expect(bad != good)
      #expect(AcrossRecording.facts(Substring(bad)) == nil, "\(bad)")
    }
    #expect(AcrossRecording.facts("# tradeterm facts nowhere:X kind=spot") == nil)
    #expect(AcrossRecording.facts("# tradeterm across BTC kraken:A") == nil)
  }

  @Test func aKeyWithASpaceCannotBeWritten() throws {
    let key = try InstrumentKey.parse("kraken:BTC USD").get()
    #expect(!AcrossRecording.writable(key))
    #expect(AcrossRecording.writable(try InstrumentKey.parse("kraken:BTC/USD").get()))
  }
}
