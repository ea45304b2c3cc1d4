import MarketModel
import Screen
import Session
import TestSupport
import Testing

@testable import App

/// The heatmap's frames: colour ramp, the ASCII ramp without colour, the trades over it; and
/// the chart pane's cycle reaching it.
@Suite struct HeatmapViewTests {
  static let t0: Int64 = 1_700_006_400_000

  /// Twelve seconds of a book drifting up a band every four seconds, with a wall at 103
  /// that is pulled after eight, and a trade every other second.
  static func heatmap() -> LiquidityHeatmap {
    var map = LiquidityHeatmap(columns: 30, rows: 16)
    for s in 0..<12 {
      let mid = 100.0 + Double(s / 4)
      var asks: [(Double, Int64)] = [(mid + 0.5, 400), (mid + 1.5, 200)]
      if s < 8 { asks.append((103, 5_000)) }
      let book = PriceBook.heatTest(bids: [(mid - 0.5, 300), (mid - 1.5, 100), (mid - 3.5, 50)], asks: asks)
      let trade = s % 2 == 0 ? (price: mid + 0.5, timeMs: t0 + Int64(s) * 1_000 + 10) : nil
      map.update(book: book, step: 1, timeMs: t0 + Int64(s) * 1_000 + 20, lastTrade: trade)
    }
    return map
  }

  @Test(arguments: [
    (true, false, "heatmap-colour"), (false, false, "heatmap-no-colour"), (true, true, "heatmap-ascii"),
  ])
  func frames(color: Bool, ascii: Bool, name: String) {
    let view = HeatmapView(heatmap: Self.heatmap(), priceDecimals: 1, color: color, ascii: ascii)
    let grid = Snapshot.framed(32, 12) { grid, area in view.render(into: &grid, area: area) }
    Snapshot.expect(grid, named: name)
    if !color {
      let ramp = Set(" .:-=+*#%@o•".map { $0 })
      let cells = (1..<11).flatMap { y in (1..<20).map { grid[$0, y].character } }
      #expect(cells.allSatisfy { ramp.contains($0) }, "no colour: the ASCII ramp only")
    }
  }

  /// A trade printed at 1e300 (a hostile feed) is off every row: drawn without a trap
  /// (`Int(_:)` of its row).
  @Test func aTradeFarOffTheViewDoesNotTrap() {
    var map = LiquidityHeatmap(columns: 4, rows: 8)
    let book = PriceBook.heatTest(bids: [(99.5, 300)], asks: [(100.5, 400)])
    map.update(book: book, step: 1, timeMs: Self.t0 + 20, lastTrade: (price: 1e300, timeMs: Self.t0 + 10))
    let view = HeatmapView(heatmap: map, priceDecimals: 1, color: true, ascii: false)
    let grid = Snapshot.framed(20, 10) { grid, area in view.render(into: &grid, area: area) }
    #expect(!(0..<grid.height).map { grid.line($0) }.joined().contains("•"))
  }

  /// The scale's label is never cut inside its number (issue 29: `┤max 180.0│` for 180.0K read
  /// as 180 contracts): the word shortens, or the label goes, as the axis narrows.
  @Test(arguments: [(1, 40), (2, 40), (3, 40), (1, 22), (1, 18)])
  func theScaleLabelIsWholeOrAbsent(priceDecimals: Int, width: Int) {
    var map = LiquidityHeatmap(columns: 30, rows: 16)
    for s in 0..<6 {
      let book = PriceBook.heatTest(
        bids: [(99.5, 180_000), (98.5, 2_000)], asks: [(100.5, 900), (101.5, 400)])
      map.update(book: book, step: 1, timeMs: Self.t0 + Int64(s) * 1_000 + 20, lastTrade: nil)
    }
    let view = HeatmapView(heatmap: map, priceDecimals: priceDecimals, color: true, ascii: false)
    let grid = Snapshot.framed(width, 12) { grid, area in view.render(into: &grid, area: area) }
    let row = grid.text.split(separator: "\n")[2]
    // The label: what follows the axis's tick, up to the frame; no tick, no label.
    var label = row.contains("┤") ? String(row.split(separator: "┤")[1].dropLast()) : ""
    while label.last == " " { label.removeLast() }
    #expect(
      ["", "max 180.0K", "mx 180.0K"].contains(label), "decimals \(priceDecimals), width \(width): \(row)")
    // Wide enough, the axis makes room for it.
    if width == 40 { #expect(label == "max 180.0K", "\(row)") }
  }

  @Test func cReachesTheHeatmapAfterTheCandles() {
    var s = AppState(symbol: "XBTUSD", mode: .replay, width: 80, height: 24, ascii: false, color: true)
    for _ in 0..<6 { _ = App.update(&s, .key(.character("c"))) }
    #expect(s.chartMode == .heatmap)
    _ = App.update(&s, .key(.character("c")))
    #expect(s.chartMode == .sparkline && s.chartInterval == .oneSecond)
  }

  /// `H` puts the heatmap beside the chart: candles, the Activity pane and the heatmap on one
  /// screen (issue 17's budget screen); with the chart on the heatmap already, one heatmap only.
  @Test func theHeatmapBesideTheCandlesWithTheActivityPane() throws {
    var s = try DashboardSnapshotTests.state(width: 200, height: 50)
    for key in "ccwH" { _ = App.update(&s, .key(.character(key))) }
    let text = DashboardView.render(s).text
    #expect(s.chartMode == .candles && s.heatmapBeside && s.activityVisible)
    for pane in ["Candles 1m", "Activity", "Liquidity heatmap", "H: hide"] {
      #expect(text.contains(pane), "\(pane) missing:\n\(text)")
    }
    for _ in 0..<4 { _ = App.update(&s, .key(.character("c"))) }
    #expect(s.chartMode == .heatmap)
    let heatmapOnly = DashboardView.render(s).text
    #expect(heatmapOnly.components(separatedBy: "Liquidity heatmap").count == 2, "one heatmap pane")
    #expect(!heatmapOnly.contains("Candles"))
    _ = App.update(&s, .key(.character("H")))
    #expect(!s.heatmapBeside)
  }

  /// The recorded session through the app fills the heatmap; the zoomed pane at 80×24.
  @Test func theRecordedSessionsHeatmap() throws {
    var s = try DashboardSnapshotTests.state(width: 80, height: 24)
    #expect(s.view.heatmap.count > 0)
    // The dashboard draws finished moments: one more second ends the one in progress.
    let moment = s.view.heatmap.newestMoment
    _ = App.update(&s, .tick(now: s.now + 1.0, wallMs: s.wallMs + 1_000))
    #expect(s.view.heatmap.newestMoment != moment, "a tick in a new second samples the quiet book")
    for _ in 0..<6 { _ = App.update(&s, .key(.character("c"))) }
    #expect(s.chartMode == .heatmap)
    _ = App.update(&s, .key(.character("3")))
    Snapshot.expect(DashboardView.render(s), named: "heatmap-80x24")
  }
}

extension PriceBook {
  static func heatTest(bids: [(Double, Int64)], asks: [(Double, Int64)]) -> PriceBook {
    PriceBook.contracts(bids: bids, asks: asks)
  }
}
