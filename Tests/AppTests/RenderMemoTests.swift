import MarketModel
import Screen
import Session
import TestSupport
import Testing

@testable import App

/// `DashboardView.render(_:reusing:)` skips drawing the trades pane and the chart when they
/// would draw the same cells. Whatever happens (trades arriving and ageing out of their
/// highlight, book updates, focus, zoom, scrolling, overlays, resizes, a feed going stale, the
/// heatmap beside the chart and the Activity pane toggled), the grid it returns must be the one a
/// full `render` draws.
@Suite struct RenderMemoTests {

  static let update = FeedUpdate()

  static func status(_ state: ConnectionState) -> FeedUpdate {
    FeedUpdate(status: FeedStatus(state: state, symbol: "XBTUSD", pingRoundTrip: 0.01, messagesPerSecond: 20))
  }

  /// The book's partial: 30 levels a side around 50,000, as the feed hands it over.
  static func partial() -> MarketBatch { partialRows().mapped() }

  /// The book's partial as decoded, its rows not yet mapped to price levels.
  static func partialRows() -> MarketBatch {
    var batch = MarketBatch()
    for i in 0..<30 {
      batch.bookRows.append(
        BookRow(
          symbol: "XBTUSD", id: Int64(1_000 + i), side: .sell, size: 100,
          price: FixedDecimal(mantissa: 500_005 + 10 * Int64(i), scale: 1)))
      batch.bookRows.append(
        BookRow(
          symbol: "XBTUSD", id: Int64(2_000 + i), side: .buy, size: 100,
          price: FixedDecimal(mantissa: 50_000 - Int64(i), scale: 0)))
    }
    batch.trades = [
      Trade(timeMs: 1_699_999_999_000, symbol: "XBTUSD", side: .buy, size: 100, price: 50_000.5)
    ]
    batch.events = [
      .book(
        BookMessage(table: .top25, action: .partial, filterSymbol: "XBTUSD", rows: 0..<batch.bookRows.count)),
      // Trades count from their partial on (inserts before it are dropped).
      .trades(TableSlice(action: .partial, filterSymbol: "XBTUSD", rows: 0..<1)),
    ]
    return batch
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6])
  func theKeptTradesPaneIsTheOneDrawnAfresh(seed: UInt64) {
    var random = SimRandom(seed: seed)
    var s = AppState(
      symbol: "XBTUSD", mode: .live, width: 120, height: 40, ascii: seed % 2 == 0, color: true,
      symbols: ["XBTUSD", "ETHUSD"])
    // The heatmap beside the chart and the Activity pane start on (`H` and `w` toggle them).
    s.heatmapBeside = true
    s.activityVisible = true
    var wallMs: Int64 = 1_700_000_000_000
    var seconds = 100.0
    _ = App.update(
      &s, .feed(Self.status(.live), now: .init(seconds: seconds), wallMs: wallMs), batch: Self.partial())
    var memo = RenderMemo()
    var nextMatch: UInt64 = 1
    var kept = 0
    var keptChart = 0
    var keptHeatmap = 0
    var keptActivity = 0
    var keptHeader = 0
    var keptBookBox = 0
    for step in 0..<600 {
      // Time moves on: mostly a market message's 50 ms, sometimes long enough to go stale.
      let advance = random.below(20) == 0 ? 6_000 : 10 + random.below(120)
      wallMs += Int64(advance)
      seconds += Double(advance) / 1000
      var batch = MarketBatch()
      switch random.below(10) {
      case 0..<3:
        for _ in 0...random.below(3) {
          batch.trades.append(
            Trade(
              timeMs: wallMs - Int64(random.below(300)), symbol: "XBTUSD",
              side: random.below(2) == 0 ? .buy : .sell,
              size: Int64(100 * (1 + random.below(50))), price: 50_000 + Double(random.below(10)) / 2,
              matchID: MatchID(high: 7, low: nextMatch)))
          nextMatch += 1
        }
        batch.events = [.trades(TableSlice(action: .insert, filterSymbol: nil, rows: 0..<batch.trades.count))]
      case 3..<6:
        let id = Int64((random.below(2) == 0 ? 1_000 : 2_000) + random.below(30))
        batch.bookRows = [
          BookRow(
            symbol: "XBTUSD", id: id, side: id < 2_000 ? .sell : .buy,
            size: Int64(100 * (1 + random.below(9))), price: nil)
        ]
        batch.events = [.book(BookMessage(table: .top25, action: .update, filterSymbol: nil, rows: 0..<1))]
        batch = batch.mapped(after: [Self.partialRows()])
      default:
        break
      }
      let update =
        advance > 5_000 ? Self.status(.stale([])) : random.below(4) == 0 ? Self.update : Self.status(.live)
      _ = App.update(&s, .feed(update, now: .init(seconds: seconds), wallMs: wallMs), batch: batch)
      _ = App.update(&s, .tick(now: .init(seconds: seconds), wallMs: wallMs))
      // Now and then the user does something.
      if random.below(8) == 0 {
        let keys: [Key] = [
          .tab, .character("2"), .character("1"), .escape, .down, .up, .pageDown, .home, .character("?"),
          .character("s"), .character("+"), .character("c"), .character("w"), .character("H"),
        ]
        _ = App.update(&s, .key(keys[random.below(keys.count)]))
      }
      if random.below(60) == 0 {
        _ = App.update(&s, .resize(width: 70 + random.below(80), height: 20 + random.below(40)))
      }
      let before = memo
      let drawn = DashboardView.render(s, reusing: &memo)
      let fresh = DashboardView.render(s)
      if before.hasFrame && !memo.redrewTrades { kept += 1 }
      if before.hasFrame && !memo.redrewChart { keptChart += 1 }
      let heatmapShown = s.chartMode == .heatmap || s.heatmapBeside
      if before.hasFrame && heatmapShown && !memo.redrewHeatmap { keptHeatmap += 1 }
      if before.hasFrame && s.activityVisible && !memo.redrewActivity { keptActivity += 1 }
      if before.hasFrame && !memo.redrewHeader { keptHeader += 1 }
      if before.hasFrame && !memo.redrewBookBox { keptBookBox += 1 }
      #expect(drawn == fresh, "step \(step): the kept grid differs from a fresh render")
      if drawn != fresh { break }
    }
    // The memo must have been used and the tape filled, or this test shows nothing.
    #expect(kept > 60, "the trades pane was kept only \(kept) times")
    #expect(s.market.tape.count > 100, "the tape never filled")
    #expect(keptChart > 60, "the chart was kept only \(keptChart) times")
    #expect(keptHeatmap > 30, "the heatmap was kept only \(keptHeatmap) times")
    #expect(keptActivity > 30, "the Activity pane was kept only \(keptActivity) times")
    #expect(keptHeader > 60, "the header was kept only \(keptHeader) times")
    #expect(keptBookBox > 60, "the book's border was kept only \(keptBookBox) times")
  }

  /// A full tape (1,000 trades) that takes a trade equal to its newest, without a match id:
  /// it holds as many trades as before and the same newest one, yet every row in view moved.
  @Test func aFullTapeTakingATwinOfItsNewestTradeIsDrawnAgain() throws {
    var s = AppState(symbol: "XBTUSD", mode: .live, width: 120, height: 40, ascii: false, color: true)
    var batch = Self.partial()
    let first = batch.trades.count
    for i in 0..<1_200 {
      batch.trades.append(
        Trade(
          timeMs: 1_700_000_000_000 + Int64(i), symbol: "XBTUSD", side: i % 3 == 0 ? .sell : .buy,
          size: Int64(100 * (1 + i % 7)), price: 50_000 + Double(i % 9) / 2))
    }
    batch.events.append(
      .trades(TableSlice(action: .insert, filterSymbol: nil, rows: first..<batch.trades.count)))
    let now = 1_700_000_010_000 as Int64
    _ = App.update(&s, .feed(Self.status(.live), now: .init(seconds: 10), wallMs: now), batch: batch)
    #expect(s.market.tape.count == s.market.tape.capacity)
    var memo = RenderMemo()
    _ = DashboardView.render(s, reusing: &memo)
    var twin = MarketBatch()
    twin.trades = [try #require(s.market.tape.newest)]
    twin.events = [.trades(TableSlice(action: .insert, filterSymbol: nil, rows: 0..<1))]
    _ = App.update(&s, .feed(Self.update, now: .init(seconds: 11), wallMs: now + 1_000), batch: twin)
    _ = App.update(&s, .tick(now: .init(seconds: 11), wallMs: now + 1_000))
    #expect(DashboardView.render(s, reusing: &memo) == DashboardView.render(s))
  }
}
