import MarketModel
import Screen
import Testing

/// The Activity pane's rows: what each says, and what goes first when narrow.
@Suite struct ActivityViewTests {
  static let events = [
    WallWatch.Event(
      change: .eaten, side: .buy, price: 97_950, size: 1_200_000, distanceBps: 5.1, restedMs: 12_000,
      timeMs: 3_723_000),
    WallWatch.Event(
      change: .added, side: .sell, price: 98_010.5, size: 250_000, distanceBps: 12.34, restedMs: nil,
      timeMs: 3_711_000),
  ]

  @Test func rowsSayWhatHappenedNewestFirst() {
    var grid = Grid(width: 60, height: 3)
    ActivityView(events: Self.events, priceDecimals: 1).render(into: &grid, area: grid.bounds)
    #expect(grid.line(0) == "01:02:03 EAT  bid    97,950.0    1.2M   5.10bp    12s".padding(60))
    #expect(grid.line(1).hasPrefix("01:01:51 ADD  ask    98,010.5  250.0K   12.3bp "))
    #expect(grid[0, 0].style.bold && grid[0, 0].style.color == .buy)
    #expect(grid[0, 1].style.color == .sell)
  }

  @Test func narrowRowsDropTheRestThenTheDistanceThenTheTime() {
    let view = ActivityView(events: Self.events, priceDecimals: 1)
    #expect(view.row(Self.events[0], width: 46).0 == "01:02:03 EAT  bid    97,950.0    1.2M   5.10bp")
    #expect(view.row(Self.events[0], width: 40).0 == "01:02:03 EAT  bid    97,950.0    1.2M")
    #expect(view.row(Self.events[0], width: 30).0 == "EAT  bid    97,950.0    1.2M")
  }

  @Test func emptySaysWhy() {
    var grid = Grid(width: 30, height: 2)
    ActivityView(events: [], priceDecimals: 1, empty: "no wall moved yet").render(
      into: &grid, area: grid.bounds)
    #expect(grid.line(0).hasPrefix("no wall moved yet"))
  }
}

extension String {
  fileprivate func padding(_ width: Int) -> String {
    self + String(repeating: " ", count: max(0, width - count))
  }
}
