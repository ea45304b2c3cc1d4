import Binance
import Bybit
import CrossVenue
import MarketModel
import OKX
import Session
import TestSupport
import Testing
import VenueCore
import WireJSON

@testable import App

/// A perpetual on the cross-venue screen waits for its venue's facts: until they come its book
/// stays out of the consolidation and its trades off the tape, and the strip says "facts
/// pending"; once adopted (`AcrossState.adopt(venueFacts:)`, the venue's REST instruments) its
/// contracts become the base asset through the facts of its recorded instrument row, per kind of
/// contract: OKX's inverse `ctVal` contracts, Binance USDⓈ-M's and Bybit linear's base quantities.
@Suite struct AcrossFactsTests {
  static let second: Int64 = 1_000_000_000
  static let wallMs: Int64 = 1_704_067_200_000

  static func dec(_ text: String) -> FixedDecimal { FixedDecimal(text)! }

  /// A screen of `key` alone, waiting for its facts, its book (`side`, `price`, `size` in the
  /// venue's units) live and a trade on its feed.
  static func waiting(
    _ asset: AssetCode, _ key: InstrumentKey, _ side: BookSide, _ price: String, _ size: String
  ) -> AcrossState {
    let placeholder = InstrumentSpec(
      key: key, kind: .other, base: asset, quote: "USD", settle: asset, tickSize: dec("1"), lotSize: dec("1"),
      contract: .base)
    let instrument = AcrossInstrument(
      key: key,
      session: MarketSession(symbol: key.symbol, bookPolicy: .sequence(SequenceLinkSync(link: .increment))),
      awaiting: placeholder)
    var s = AcrossState(asset: asset, instruments: [instrument], width: 80, height: 24)
    s.venueLetters = RegisteredVenues.all.mapValues(\.mark)
    var batch = VenueBatch()
    batch.levels.append(LevelChange(side: side, price: dec(price), size: dec(size)))
    batch.events.append(
      .book(symbol: key.symbol, update: .snapshot(last: 1, receivedAt: second), levels: 0..<1))
    batch.appendTrade(VenueTrade(price: dec(price), size: dec(size), aggressor: .buy), symbol: key.symbol)
    _ = s.ingest(0, FeedUpdate(), batch, now: MonotonicTime(nanoseconds: second), wallMs: wallMs)
    return s
  }

  /// Before its facts: out of the book, off the tape, "facts pending" in the strip; then the
  /// venue's instruments (with others around it) bring them, and the level is `units` of the base
  /// at 8 decimals; a new trade comes onto the tape converted.
  static func check(
    _ s: inout AcrossState, facts: [InstrumentSpec], side: BookSide, price: String, size: String,
    units: Int64, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    s.refresh(now: 2 * second)
    #expect(s.strip.rows.first?.exclusion == .factsPending, sourceLocation: sourceLocation)
    #expect(s.strip.rows.first?.exclusion?.description == "facts pending", sourceLocation: sourceLocation)
    #expect(s.book.groups.allSatisfy { $0.bids.isEmpty && $0.asks.isEmpty }, sourceLocation: sourceLocation)
    #expect(s.tape.count == 0, "no trade before its contract is known", sourceLocation: sourceLocation)

    #expect(s.adopt(venueFacts: facts) == 1, sourceLocation: sourceLocation)
    #expect(
      !s.instruments[0].factsPending && !s.instruments[0].specFromSymbol, sourceLocation: sourceLocation)
    s.refresh(now: 2 * second)
    #expect(s.strip.rows.first?.exclusion == nil, sourceLocation: sourceLocation)
    let levels = s.book.groups.flatMap { side == .bid ? $0.bids : $0.asks }
    #expect(levels.map(\.size) == [units], sourceLocation: sourceLocation)

    let key = s.instruments[0].key
    var batch = VenueBatch()
    batch.appendTrade(VenueTrade(price: dec(price), size: dec(size), aggressor: .sell), symbol: key.symbol)
    _ = s.ingest(0, FeedUpdate(), batch, now: MonotonicTime(nanoseconds: 2 * second), wallMs: wallMs)
    #expect(s.tape.count == 1, sourceLocation: sourceLocation)
    #expect(s.tape.newest(0).baseUnits == units, sourceLocation: sourceLocation)
  }

  @Test func okxInverseContractsFromItsRecordedRow() throws {
    let row = try WireValue.parse(
      Fixture.bytes("exchanges/okx-v5_2022-05-13_UNI-USD-SWAP_rest-instrument.json"))
    let spec = try OKXInstruments.spec(row: row).get()
    // 20 contracts of 10 USD at 5.139: 200 / 5.139 = 38.91807745 UNI.
    var s = Self.waiting("UNI", spec.key, .bid, "5.139", "20")
    Self.check(&s, facts: [spec], side: .bid, price: "5.139", size: "20", units: 3_891_807_745)
  }

  @Test func binanceUSDMBaseQuantitiesFromItsRecordedRow() throws {
    let row = try WireValue.parse(
      Fixture.bytes("exchanges/binance-usdm_2021-07-22_KEEPUSDT_rest-exchangeInfo-symbol.json"))
    let spec = try BinanceInstruments.spec(row: row, market: .usdm).get()
    var s = Self.waiting("KEEP", spec.key, .ask, "0.2464", "317")
    Self.check(&s, facts: [spec], side: .ask, price: "0.2464", size: "317", units: 31_700_000_000)
  }

  @Test func bybitLinearBaseQuantitiesFromItsRows() throws {
    let body = try WireValue.parse(
      Fixture.bytes("exchanges/bybit-v5_docs-shaped_rest-instruments-info-linear.json"))
    let specs = BybitInstruments.specs(instrumentsInfo: body, category: .linear).specs
    let spec = try #require(specs.first { $0.key.symbol == "BTCUSDT" })
    #expect(specs.count > 1, "the perpetual is found among the venue's other instruments")
    var s = Self.waiting("BTC", spec.key, .bid, "98000.10", "0.512")
    Self.check(&s, facts: specs, side: .bid, price: "98000.10", size: "0.512", units: 51_200_000)
  }

  @Test func factsOfOtherInstrumentsLeaveItWaiting() throws {
    let body = try WireValue.parse(
      Fixture.bytes("exchanges/bybit-v5_docs-shaped_rest-instruments-info-linear.json"))
    let specs = BybitInstruments.specs(instrumentsInfo: body, category: .linear).specs
    let key = InstrumentKey(venue: .bybitLinear, symbol: "DOGEUSDT")
    var s = Self.waiting("DOGE", key, .bid, "0.1", "100")
    #expect(s.adopt(venueFacts: specs.filter { $0.key != key }) == 0)
    s.refresh(now: 2 * Self.second)
    #expect(s.instruments[0].factsPending && s.strip.rows.first?.exclusion == .factsPending)
  }

  /// A venue's instruments are asked for once when the screen opens, not again while the ask is
  /// on its way; a failed ask is said on the status line and asked again after
  /// `factsRetryNs`; the facts' coming clears it, and nothing is asked after.
  @Test func aFailedAskIsSaidAndAskedAgainAfterAWhile() throws {
    let row = try WireValue.parse(
      Fixture.bytes("exchanges/okx-v5_2022-05-13_UNI-USD-SWAP_rest-instrument.json"))
    let spec = try OKXInstruments.spec(row: row).get()
    var s = Self.waiting("UNI", spec.key, .bid, "5.139", "20")
    let t0 = 3 * Self.second
    #expect(s.factsDue(now: t0) == [.okx])
    #expect(s.factsDue(now: t0 + 30 * Self.second).isEmpty, "one ask at a time")
    s.factsFailed(.okx, reason: "HTTP 503")
    s.venueNames = RegisteredVenues.displayNames
    s.refresh(now: t0 + Self.second)
    let status = AcrossScreen.render(s, wallMs: Self.wallMs).line(23)
    #expect(status.contains("OKX instrument facts not loaded: HTTP 503 (asking again)"), "\(status)")
    #expect(s.factsDue(now: t0 + 30 * Self.second) == [.okx], "asked again once the retry's time has come")
    #expect(s.factsDue(now: t0 + 31 * Self.second).isEmpty)
    #expect(s.adopt(venueFacts: [spec]) == 1)
    #expect(s.factsFailure.isEmpty)
    #expect(s.factsDue(now: t0 + 100 * Self.second).isEmpty)
  }
}
