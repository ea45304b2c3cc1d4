import CrossVenue
import Testing
import VenueCore

@Suite struct MergedTapeTests {
  static let instruments = [Instruments.xbtusd, Instruments.binance, Instruments.ethusd]

  static func trade(_ price: String, _ size: String, _ side: Aggressor = .buy) -> VenueTrade {
    VenueTrade(price: dec(price), size: dec(size), aggressor: side)
  }

  /// The tape newest first, as `instrument@seconds:units`.
  static func order(_ tape: MergedTape) -> [String] {
    (0..<tape.count).map { n in
      let e = tape.newest(n)
      return "\(e.instrument)@\(Double(e.receivedAt) / 1e9):\(e.baseUnits)"
    }
  }

  @Test func tradesGoInArrivalOrderInBaseUnits() {
    var tape = MergedTape(instruments: Self.instruments, capacity: 3)
    // 1,000 one-USD contracts at 100,000: 0.01 BTC; 0.25 BTC on Binance.
    let kept = tape.append(Self.trade("100000.0", "1000"), instrument: 0, receivedAt: s(10), wallMs: 10_000)
    #expect(kept)
    tape.append(Self.trade("100010.00", "0.25"), instrument: 1, receivedAt: s(30), wallMs: 30_000)
    // Drained late, received between the two.
    tape.append(Self.trade("100000.0", "2000"), instrument: 0, receivedAt: s(20), wallMs: 20_000)
    #expect(Self.order(tape) == ["1@30.0:25000000", "0@20.0:2000000", "0@10.0:1000000"])
    // Full: an older one than everything kept is not kept; a newer one pushes the oldest out.
    tape.append(Self.trade("100000.0", "100"), instrument: 0, receivedAt: s(5), wallMs: 5_000)
    #expect(tape.count == 3)
    #expect(tape.newest(2).receivedAt == s(10))
    tape.append(Self.trade("100000.0", "100"), instrument: 0, receivedAt: s(25), wallMs: 25_000)
    #expect(Self.order(tape) == ["1@30.0:25000000", "0@25.0:100000", "0@20.0:2000000"])
    // The same time keeps arrival order: the later one is newer.
    tape.append(Self.trade("100010.00", "0.5"), instrument: 1, receivedAt: s(30), wallMs: 30_000)
    #expect(Self.order(tape) == ["1@30.0:50000000", "1@30.0:25000000", "0@25.0:100000"])
    #expect(tape.newest(0).wallMs == 30_000)
  }

  @Test func largeTradesByBaseSize() {
    var tape = MergedTape(instruments: Self.instruments, capacity: 10, largeSize: dec("0.5"))
    tape.append(Self.trade("100000.0", "50000"), instrument: 0, receivedAt: 1, wallMs: 0)
    tape.append(Self.trade("100000.0", "49999"), instrument: 0, receivedAt: 2, wallMs: 0)
    tape.append(Self.trade("100010.00", "0.5"), instrument: 1, receivedAt: 3, wallMs: 0)
    #expect((0..<3).map { tape.newest($0).isLarge } == [true, false, true])
    // A threshold finer than the base units rounds up: 0.000000005 BTC is 1 unit.
    tape.setLargeSize(dec("0.000000005"))
    #expect(tape.largeUnits == 1)
    tape.setLargeSize(nil)
    #expect(tape.largeUnits == nil)
  }

  @Test func aQuantoTradeNeedsItsRateAndIsCountedWithoutOne() {
    var tape = MergedTape(instruments: Self.instruments, capacity: 4)
    let withoutRate = tape.append(Self.trade("3500.00", "10"), instrument: 2, receivedAt: 1, wallMs: 0)
    #expect(!withoutRate)
    #expect(tape.unconverted == [0, 0, 1])
    #expect(tape.count == 0)
    tape.setSettleRate(dec("100000"), instrument: 2)
    let withRate = tape.append(Self.trade("3500.00", "10"), instrument: 2, receivedAt: 2, wallMs: 0)
    #expect(withRate)
    #expect(tape.newest(0).baseUnits == 100_000_000)
    // An instrument the tape does not have is refused, not a trap.
    let unknown = tape.append(Self.trade("1", "1"), instrument: 7, receivedAt: 3, wallMs: 0)
    #expect(!unknown)
  }

  @Test func volumeOfTheLastMinutePerVenueAndSide() {
    var tape = MergedTape(instruments: Self.instruments, capacity: 2)
    for (at, size, side) in [(0.0, "0.1", Aggressor.buy), (30.0, "0.2", .sell), (59.9, "0.4", .buy)] {
      tape.append(Self.trade("100010.00", size, side), instrument: 1, receivedAt: s(at), wallMs: 0)
    }
    // At 59.5 s the minute is seconds 0…59 (the tape itself keeps only two trades: the volume
    // does not depend on it).
    #expect(tape.minuteVolume(instrument: 1, now: s(59.5)) == (buy: 50_000_000, sell: 20_000_000))
    tape.append(Self.trade("100010.00", "0.8"), instrument: 1, receivedAt: s(60), wallMs: 0)
    // At 60.5 s it is seconds 1…60: the trade at 0 s has left it.
    #expect(tape.minuteVolume(instrument: 1, now: s(60.5)) == (buy: 120_000_000, sell: 20_000_000))
    #expect(tape.minuteVolume(instrument: 1, now: s(119.9)) == (buy: 80_000_000, sell: 0))
    #expect(tape.minuteVolume(instrument: 1, now: s(120)) == (buy: 0, sell: 0))
    #expect(tape.minuteVolume(instrument: 0, now: s(60.5)) == (buy: 0, sell: 0))
    // A trade from a minute the slot has moved past is not counted in the newer minute.
    tape.append(Self.trade("100010.00", "1", .sell), instrument: 1, receivedAt: s(0.5), wallMs: 0)
    #expect(tape.minuteVolume(instrument: 1, now: s(60.5)) == (buy: 120_000_000, sell: 20_000_000))
  }
}

/// A venue that writes trailing zeros (Binance's `98004.63000000`) shows its prices at its tick's
/// decimals on the strip and the tape, never with a digit dropped.
@Suite struct VenueDecimalsTests {
  @Test func trailingZerosGoDownToTheTickNeverADigit() {
    #expect(dec("98004.63000000").trimmed(toScale: 2).description == "98004.63")
    #expect(dec("98004.63000000").trimmed(toScale: 4).description == "98004.6300")
    // A digit that is not zero stays, whatever the tick says.
    #expect(dec("98004.63100000").trimmed(toScale: 2).description == "98004.631")
    #expect(dec("98004").trimmed(toScale: 2).description == "98004")
    #expect(dec("-1.500").trimmed(toScale: 0).description == "-1.5")
  }

  @Test func theStripAndTheTapeShowTheTicksDecimals() {
    var spec = Instruments.binance
    // The book as the wire wrote it: eight decimals.
    var wire = PriceBook(priceScale: 8, sizeScale: 8)
    _ = wire.replace(
      with: [
        LevelChange(side: .bid, price: dec("98004.63000000"), size: dec("0.5")),
        LevelChange(side: .ask, price: dec("98004.82000000"), size: dec("0.5")),
      ][...])
    spec.tickSize = dec("0.01")
    var strip = VenueStrip()
    let v = VenueView(spec: spec, book: wire, sync: .live, lastAppliedAt: now, staleAfterNs: s(5))
    var consolidated = ConsolidatedBook(options: .init(asset: "BTC", step: dec("1"), depth: 10)!)
    consolidated.update([v], now: now)
    strip.update([v], now: now, consolidated: consolidated)
    #expect(strip.rows.first?.bestBid?.description == "98004.63")
    #expect(strip.rows.first?.bestAsk?.description == "98004.82")
    var tape = MergedTape(instruments: [spec], capacity: 2)
    tape.append(
      VenueTrade(price: dec("98004.70000000"), size: dec("0.10000000"), aggressor: .buy), instrument: 0,
      receivedAt: 1, wallMs: 0)
    #expect(tape.newest(0).price.description == "98004.70")
  }
}
