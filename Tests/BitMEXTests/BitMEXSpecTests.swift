import BitMEX
import MarketModel
import TestSupport
import Testing
import VenueCore

/// BitMEX's instrument rows as venue-neutral specs (what the cross-venue screen converts BitMEX's
/// contracts with), on recorded rows: XBTUSD (inverse) and ETHUSD (quanto) from
/// `GET /instrument/active` on 2021-07-22, XBTUSDT (linear USDT) from a 2022-10-16 row.
@Suite struct BitMEXSpecTests {
  static func instrument(
    _ symbol: Symbol, _ fixture: String = "2021-07-22_rest_instrument_active.json"
  ) throws
    -> Instrument
  {
    var decoder = BitMEXDecoder()
    guard case .rows(let rows) = try decoder.decodeInstruments(Fixture.bytes(fixture)) else {
      throw DecodeError("not rows", at: 0)
    }
    return try #require(rows.first { $0.symbol == symbol }.map(Instrument.init), "\(symbol) in \(fixture)")
  }

  static func d(_ text: String) -> FixedDecimal { FixedDecimal(text)! }

  @Test func xbtusdIsOneDollarInverseContracts() throws {
    let spec = try #require(BitMEXSpec.spec(try Self.instrument("XBTUSD")))
    #expect(spec.key == InstrumentKey(venue: .bitmex, symbol: "XBTUSD"))
    #expect(spec.kind == .inversePerpetual)
    #expect(spec.base == "BTC" && spec.quote == "USD" && spec.settle == "BTC")
    #expect(spec.tickSize == Self.d("0.5") && spec.lotSize == Self.d("100"))
    #expect(spec.contract == .inverse(value: Self.d("1")))
    // 32,175 contracts at 32,175 USD are one bitcoin.
    let btc = try #require(spec.baseQuantity(size: Self.d("32175"), price: Self.d("32175")))
    #expect(abs(btc - 1) < 1e-12)
  }

  @Test func ethusdIsAQuantoSettledInSatoshis() throws {
    let spec = try #require(BitMEXSpec.spec(try Self.instrument("ETHUSD")))
    #expect(spec.kind == .quantoPerpetual)
    #expect(spec.base == "ETH" && spec.quote == "USD" && spec.settle == "BTC")
    #expect(spec.contract == .quanto(multiplier: Self.d("100"), settlePerWhole: Self.d("100000000")))
  }

  @Test func xbtusdtIsLinearInMillionthsOfABitcoin() throws {
    let spec = try #require(
      BitMEXSpec.spec(try Self.instrument("XBTUSDT", "ccxt_2022-10-16_instrument_XBTUSDT.json")))
    #expect(spec.kind == .linearPerpetual)
    #expect(spec.base == "BTC" && spec.quote == "USDT" && spec.settle == "USDT")
    #expect(spec.contract == .linear(value: Self.d("0.000001")))
  }

  /// An index is no contract, and a row missing what its contract needs gives no spec rather
  /// than a guess.
  @Test func anIndexOrAnIncompleteRowHasNoSpec() throws {
    var row = try Self.instrument("XBTUSD")
    row.fields.typ = "MRCXXX"
    #expect(BitMEXSpec.spec(row) == nil)
    row = try Self.instrument("XBTUSD")
    row.fields.underlyingToSettleMultiplier = nil
    #expect(BitMEXSpec.spec(row) == nil)
    row = try Self.instrument("XBTUSD")
    row.fields.tickSize = .nan
    #expect(BitMEXSpec.spec(row) == nil)
  }
}
