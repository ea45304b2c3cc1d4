import Bybit
import Coinbase
import MarketModel
import OKX
import Screen
import Session
import TestSupport
import Testing

@testable import App

/// The header of another venue's market says its volume's unit (contracts where the venue counts
/// them, else the base asset) and, for a Coinbase `-USDC` product, whose data it shows.
@Suite struct VenueHeaderTests {
  static func state(_ venue: VenueCore.Venue, _ symbol: Symbol, spec: InstrumentSpec?) -> AppState {
    var s = AppState(symbol: symbol, mode: .live, width: 160, height: 30, ascii: false, color: true)
    s.venues = RegisteredVenues.all
    s.session = MarketSession(
      symbol: symbol, bookPolicy: .sequence(SequenceLinkSync(link: .previous)), bookDepth: 400,
      venue: venue)
    _ = App.update(
      &s,
      .feed(
        FeedUpdate(status: FeedStatus(state: .live, symbol: symbol.description)), now: .init(seconds: 1),
        wallMs: 0))
    var batch = VenueBatch()
    var t = VenueTicker()
    t.last = FixedDecimal("98000.1")!
    t.volume24h = FixedDecimal("295700")!
    batch.appendTicker(t, symbol: symbol)
    _ = App.update(&s, .feed(FeedUpdate(), now: .init(seconds: 2), wallMs: 0), venueBatch: batch)
    if let spec { s.session.setInstrumentSpec(spec) }
    return s
  }

  static func spec(
    _ venue: VenueCore.Venue, _ symbol: Symbol, _ kind: InstrumentKind, _ contract: ContractDescriptor,
    quote: AssetCode = "USDT"
  ) -> InstrumentSpec {
    InstrumentSpec(
      key: InstrumentKey(venue: venue, symbol: symbol), kind: kind, base: "BTC", quote: quote, settle: quote,
      tickSize: FixedDecimal("0.1")!, lotSize: FixedDecimal("1")!, contract: contract)
  }

  static func header(_ s: AppState) -> String { DashboardView.render(s).line(0) }

  @Test func theVolumeSaysItsUnit() {
    let swap = Self.state(
      .okx, "BTC-USDT-SWAP",
      spec: Self.spec(.okx, "BTC-USDT-SWAP", .linearPerpetual, .linear(value: FixedDecimal("0.01")!)))
    #expect(Self.header(swap).contains("Vol 295.7K cts"), "\(Self.header(swap))")
    let spot = Self.state(.okx, "BTC-USDT", spec: Self.spec(.okx, "BTC-USDT", .spot, .base))
    #expect(Self.header(spot).contains("Vol 295.7K BTC"), "\(Self.header(spot))")
    // Bybit's linear perpetual counts its volume in the base asset, not in contracts.
    let linear = Self.state(
      .bybitLinear, "BTCUSDT", spec: Self.spec(.bybitLinear, "BTCUSDT", .linearPerpetual, .base))
    #expect(Self.header(linear).contains("Vol 295.7K BTC"), "\(Self.header(linear))")
    // Before the facts come, no unit is guessed.
    let waiting = Self.state(.okx, "BTC-USDT", spec: nil)
    #expect(Self.header(waiting).contains("Vol 295.7K "), "\(Self.header(waiting))")
    #expect(!Self.header(waiting).contains("Vol 295.7K BTC") && !Self.header(waiting).contains("cts"))
  }

  @Test func aCoinbaseUSDCProductSaysWhoseDataItShows() throws {
    let s = Self.state(
      .coinbase, "BTC-USDC", spec: Self.spec(.coinbase, "BTC-USDC", .spot, .base, quote: "USDC"))
    #expect(Self.header(s).contains("BTC-USD data"), "\(Self.header(s))")
    let note = try #require(StatusNote.text(s))
    #expect(note.contains("BTC-USDC data is Coinbase's BTC-USD book, tape and ticker"), "\(note)")
    let usd = Self.state(
      .coinbase, "BTC-USD", spec: Self.spec(.coinbase, "BTC-USD", .spot, .base, quote: "USD"))
    #expect(StatusNote.text(usd) == nil)
    #expect(!Self.header(usd).contains("data"))
  }
}
