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
    ActivityView(items: Self.events.map(ActivityView.Item.wall), priceDecimals: 1).render(
      into: &grid, area: grid.bounds)
    #expect(grid.line(0) == "01:02:03 EAT  bid   97,950.0   1.2M 5.10bp   12s".padding(60))
    #expect(grid.line(1).hasPrefix("01:01:51 ADD  ask   98,010.5 250.0K 12.3bp "))
    #expect(grid[0, 0].style.bold && grid[0, 0].style.color == .buy)
    #expect(grid[0, 1].style.color == .sell)
  }

  /// A venue's book in decimal units: a wall of 194,400,000 units at 8 decimals is 1.94 BTC on
  /// screen (it read 194.4M, a number no trader could place).
  @Test func aWallIsInTheBooksUnits() {
    var wall = Self.events[1]
    wall.size = 194_400_000
    let view = ActivityView(items: [], priceDecimals: 1, wallSizeScale: 8)
    #expect(view.row(wall, width: 60).0.hasPrefix("01:01:51 ADD  ask   98,010.5   1.94 12.3bp"))
    wall.size = 125_050_000_000
    #expect(view.row(wall, width: 60).0.contains(" 1.3K "))
    #expect(NumberFormat.compactSize(1_400_000, scale: 8) == "0.014")
    #expect(NumberFormat.compactSize(2_500, scale: 3) == "2.50")
    #expect(NumberFormat.compactSize(12_345, scale: 1) == "1.2K")
    #expect(NumberFormat.compactSize(250_000, scale: 0) == "250.0K")
  }

  @Test func narrowRowsDropTheRestThenTheDistanceThenTheTime() {
    let view = ActivityView(items: [], priceDecimals: 1)
    #expect(view.row(Self.events[0], width: 42).0 == "01:02:03 EAT  bid   97,950.0   1.2M 5.10bp")
    #expect(view.row(Self.events[0], width: 38).0 == "01:02:03 EAT  bid   97,950.0   1.2M")
    #expect(view.row(Self.events[0], width: 30).0 == "EAT  bid   97,950.0   1.2M")
  }

  @Test func liquidationsInTheirOwnColourMergedByTime() {
    let liquidation = LiquidationLog.Event(timeMs: 3_720_000, side: .sell, price: 97_940, size: 12_000)
    let items = ActivityView.merged(
      walls: Self.events, liquidations: [.liquidation(liquidation, notionalUSD: 12_000)], limit: 10)
    #expect(items.map(\.timeMs) == [3_723_000, 3_720_000, 3_711_000])
    var grid = Grid(width: 60, height: 3)
    ActivityView(items: items, priceDecimals: 1).render(into: &grid, area: grid.bounds)
    #expect(grid.line(1).hasPrefix("01:02:00 LIQ  sell   97,940.0  12.0K  $12.0K"))
    #expect(grid[0, 1].style.color == .warning && grid[0, 1].style.bold)
    #expect(ActivityView.merged(walls: Self.events, liquidations: [], limit: 1).count == 1)
  }

  @Test func emptySaysWhy() {
    var grid = Grid(width: 30, height: 2)
    ActivityView(items: [], priceDecimals: 1, empty: "no wall moved yet").render(
      into: &grid, area: grid.bounds)
    #expect(grid.line(0).hasPrefix("no wall moved yet"))
  }
}

extension String {
  fileprivate func padding(_ width: Int) -> String {
    self + String(repeating: " ", count: max(0, width - count))
  }
}
