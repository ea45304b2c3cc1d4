import Testing
import VenueCore

@testable import MarketModel

/// A venue market (not BitMEX): book messages through its sync rule into the price-keyed book,
/// trades onto the tape in units of the venue's decimals.
@Suite struct MarketStateVenueTests {
  private static let symbol: Symbol = "BTCUSDT"

  private static func market() -> MarketState {
    MarketState(symbol: symbol, bookPolicy: .sequence(SequenceLinkSync(link: .increment)), bookDepth: 50)
  }

  private static func level(_ side: VenueCore.BookSide, _ price: String, _ size: String) -> LevelChange {
    LevelChange(side: side, price: FixedDecimal(price)!, size: FixedDecimal(size)!)
  }

  /// A batch of one book message.
  private static func book(
    _ update: BookUpdate, _ levels: [LevelChange], symbol: Symbol = symbol
  ) -> VenueBatch {
    var batch = VenueBatch()
    batch.levels = levels
    batch.events = [.book(symbol: symbol, update: update, levels: 0..<levels.count)]
    return batch
  }

  private static let snapshot = book(
    .snapshot(last: 1),
    [
      level(.bid, "100.5", "0.25"), level(.bid, "100.0", "1.5"), level(.ask, "101.0", "0.00012"),
      level(.ask, "102", "3"),
    ])

  @Test func aSnapshotMakesTheBookLiveAtTheVenuesDecimals() {
    var m = Self.market()
    #expect(m.bookSync == .awaitingPartial)
    let changes = m.apply(Self.snapshot)
    #expect(changes.bookChanged && changes.faults.isEmpty)
    #expect(m.bookSync == .live)
    #expect(m.book.sizeScale == 5)
    #expect(m.book.bestBid == PriceLevel(price: 100.5, size: 25_000))
    #expect(m.book.bestAsk == PriceLevel(price: 101, size: 12))
    #expect(m.book.count(.buy) == 2 && m.book.count(.sell) == 2)
    // A snapshot is no flash: only a delta's levels are.
    #expect(m.changedPrices.isEmpty)
  }

  @Test func deltasApplyAndFlashTheirPrices() {
    var m = Self.market()
    _ = m.apply(Self.snapshot)
    let changes = m.apply(
      Self.book(.delta(last: 2), [Self.level(.bid, "100.5", "0"), Self.level(.ask, "101.0", "2")]))
    #expect(changes.bookChanged && changes.faults.isEmpty)
    #expect(m.book.bestBid == PriceLevel(price: 100, size: 150_000))
    #expect(m.book.bestAsk == PriceLevel(price: 101, size: 200_000))
    #expect(m.changedPrices == [100.5, 101])
  }

  /// A gap is a fault naming the book's subscription, and the book is no longer live until the
  /// rule has a fresh snapshot.
  @Test func aGapIsAFaultOfTheBooksSubscription() {
    var m = Self.market()
    _ = m.apply(Self.snapshot)
    let changes = m.apply(Self.book(.delta(last: 5), [Self.level(.bid, "99", "1")]))
    #expect(changes.faults.map(\.subscription) == [Subscription(.book, Self.symbol, depth: 50)])
    #expect(m.bookSync == .faulted)
    #expect(m.faultCount == 1)
    // The levels stay, to be shown dimmed, and the delta was not applied.
    #expect(m.book.bestBid?.price == 100.5)
    _ = m.apply(Self.snapshot)
    #expect(m.bookSync == .live)
  }

  @Test func anotherSymbolsBookIsNotOurs() {
    var m = Self.market()
    let changes = m.apply(Self.book(.snapshot(last: 1), [Self.level(.bid, "1", "1")], symbol: "ETHUSDT"))
    #expect(!changes.bookChanged)
    #expect(m.book.isEmpty)
  }

  @Test func aResubscribedBookWaitsForItsSnapshot() {
    var m = Self.market()
    _ = m.apply(Self.snapshot)
    m.resetTables([Subscription(.book, Self.symbol, depth: 50)])
    #expect(m.bookSync == .awaitingPartial)
    let changes = m.apply(Self.book(.delta(last: 2), [Self.level(.bid, "100.5", "0")]))
    #expect(!changes.bookChanged)
    #expect(m.droppedBeforePartial == 1)
  }

  /// Trades land on the tape in units of the first decimals seen; a finer print is rounded to
  /// them, never trapped on.
  @Test func tradesLandOnTheTapeInUnits() {
    var m = Self.market()
    _ = m.apply(Self.snapshot)
    var batch = VenueBatch()
    batch.appendTrade(
      VenueTrade(
        price: FixedDecimal("100.75")!, size: FixedDecimal("0.5")!, aggressor: .sell, venueTimeMs: 7),
      symbol: Self.symbol)
    batch.appendTrade(
      VenueTrade(
        price: FixedDecimal("100.5")!, size: FixedDecimal("0.0000149")!, aggressor: .buy, venueTimeMs: 8),
      symbol: Self.symbol)
    let changes = m.apply(batch)
    #expect(changes.newTrades == 2)
    #expect(m.tradeSync == .live)
    #expect(m.tapeSizeScale == 5)
    #expect(m.tape.map(\.size) == [1, 50_000])
    #expect(m.tape.map(\.side) == [.buy, .sell])
  }

  @Test(arguments: [
    ("0.5", 2, Int64(50)), ("0.125", 2, 13), ("-0.125", 2, -13), ("0.124", 2, 12), ("7", 3, 7_000),
  ])
  func unitsRoundHalfAwayFromZero(text: String, scale: UInt8, units: Int64) {
    #expect(MarketState.units(FixedDecimal(text)!, scale: scale) == units)
  }

  /// BitMEX's market takes no venue batch.
  @Test func bitmexMarketIgnoresVenueBatches() {
    var m = MarketState(symbol: Self.symbol)
    #expect(!m.apply(Self.snapshot).bookChanged)
    #expect(m.priceBook == nil)
  }
}

extension MarketStateVenueTests {
  /// A venue's prices show with the decimals it uses, not the trailing zeros it writes.
  @Test func priceDecimalsAreTheOnesTheVenueUses() {
    var m = MarketState(symbol: "BTCUSDT", bookPolicy: .sequence(SequenceLinkSync(link: .increment)))
    var batch = VenueBatch()
    batch.levels = [
      LevelChange(side: .bid, price: FixedDecimal("98005.93000000")!, size: FixedDecimal("1.00000000")!),
      LevelChange(side: .bid, price: FixedDecimal("98005.90000000")!, size: FixedDecimal("1.00000000")!),
      LevelChange(side: .ask, price: FixedDecimal("98006.00000000")!, size: FixedDecimal("1.00000000")!),
    ]
    batch.events = [.book(symbol: "BTCUSDT", update: .snapshot(last: 1), levels: 0..<3)]
    _ = m.apply(batch)
    #expect(m.priceDecimals == 2)
  }
}
