import MarketModel
import Screen
import Session
import Testing

@testable import App

/// Alerts inside the app: they see only live data, fire once, and show a banner until a key.
@Suite struct AlertAppTests {
  static func fired(_ effects: [Effect]) -> [FiredAlert] {
    effects.compactMap { if case .alertFired(let f) = $0 { f } else { nil } }
  }

  /// A book partial of 5 levels a side of 100 contracts around 50,000.
  static func partial() -> MarketBatch {
    var batch = MarketBatch()
    for i in 0..<5 {
      batch.bookRows.append(
        BookRow(
          symbol: "XBTUSD", id: Int64(1_000 + i), side: .sell, size: 100,
          price: FixedDecimal(mantissa: 500_005 + 10 * Int64(i), scale: 1)))
      batch.bookRows.append(
        BookRow(
          symbol: "XBTUSD", id: Int64(2_000 + i), side: .buy, size: 100,
          price: FixedDecimal(mantissa: 50_000 - Int64(i), scale: 0)))
    }
    batch.events = [
      .book(
        BookMessage(table: .top25, action: .partial, filterSymbol: "XBTUSD", rows: 0..<batch.bookRows.count))
    ]
    return batch.mapped()
  }

  @Test func aWallAlertFiresOnLiveDataOnlyAndOnce() {
    var s = AppUpdateTests.state()
    s.alerts.add(AlertRule(symbol: "XBTUSD", kind: .wall(size: 100, bps: 10)), fromConfig: true)
    // The book's partial arrives while the connection is not up: nothing is fresh, nothing fires.
    var effects = App.update(
      &s, .feed(RenderMemoTests.status(.connecting), now: .init(seconds: 1), wallMs: 1_000),
      batch: Self.partial())
    #expect(Self.fired(effects).isEmpty)
    #expect(s.banners.isEmpty)
    // Live: the 100-contract levels next to mid are a wall.
    effects = App.update(&s, .feed(RenderMemoTests.status(.live), now: .init(seconds: 2), wallMs: 2_000))
    let first = Self.fired(effects)
    #expect(first.count == 1)
    #expect(first.first?.message.contains("wall of 100") == true)
    #expect(s.banners.count == 1)
    #expect(DashboardView.render(s).line(s.height - 1).contains("ALERT"))
    // Still there: not again.
    effects = App.update(&s, .feed(RenderMemoTests.status(.live), now: .init(seconds: 3), wallMs: 3_000))
    #expect(Self.fired(effects).isEmpty)
    // Esc acknowledges the banner (and does nothing else).
    #expect(AppUpdateTests.press(&s, .escape).isEmpty)
    #expect(s.banners.isEmpty && !s.quitting)
  }

  /// Why the alerts file was not read is longer than the status line: the `A` list shows it
  /// whole, wrapped (it was cut on the status line).
  @Test func theAlertsFileProblemShowsWholeInTheAlertList() {
    var s = AppUpdateTests.state()
    let problem =
      "alerts file: /home/someone/.local/state/tradeterm/alerts:3:9: above must be a finite number, not nan (the file is left alone)"
    s.alertsFileProblem = problem
    _ = AppUpdateTests.press(&s, .character("A"))
    #expect(s.overlay == .alertList(selected: 0))
    let grid = DashboardView.render(s)
    let screen = (0..<grid.height).map { grid.line($0) }.joined(separator: "\n")
    for word in problem.split(separator: " ") {
      #expect(screen.contains(word), "\(word) missing from\n\(screen)")
    }
  }

  /// A key that acknowledges a banner also does its job (issue 29: `A` only dismissed it), and
  /// the note that armed the alert does not come back once the banner is gone.
  @Test func aKeyThatAcknowledgesABannerAlsoActs() {
    var s = AppUpdateTests.state()
    s.alerts.add(AlertRule(symbol: "XBTUSD", kind: .wall(size: 100, bps: 10)), fromConfig: true)
    s.notice = Notice("alert armed: XBTUSD wall", until: .init(seconds: 60))
    let effects = App.update(
      &s, .feed(RenderMemoTests.status(.live), now: .init(seconds: 2), wallMs: 2_000), batch: Self.partial())
    #expect(Self.fired(effects).count == 1)
    #expect(s.notice == nil, "the banner replaces the arming note")
    #expect(DashboardView.render(s).line(s.height - 1).contains("Esc: OK"))
    _ = AppUpdateTests.press(&s, .character("A"))
    #expect(s.banners.isEmpty && s.overlay == .alertList(selected: 0))
    #expect(!DashboardView.render(s).text.contains("alert armed"))
  }

  /// An alert on a symbol the exchange does not list is refused when the list arrives, with the
  /// close matches (issue 29: `armed NOPE last >= 5` stayed armed for ever); a known one stays.
  @Test func anAlertOnAnUnknownSymbolIsRefused() {
    var s = AppUpdateTests.state()
    s.alerts.add(AlertRule(symbol: "XBTUSX", kind: .above(100, .last)), fromConfig: true)
    s.alerts.add(AlertRule(symbol: "XBTUSD", kind: .above(100, .last)), fromConfig: true)
    s.alerts.add(AlertRule(symbol: "NOPE", kind: .below(5, .last)))
    let effects = App.update(
      &s, .rest(.active(["XBTUSD", "ETHUSD", "XBTUSDT"].map { InstrumentUpdate(symbol: Symbol($0)!) })))
    #expect(s.alerts.alerts.map(\.rule.symbol) == ["XBTUSD"])
    let notice = s.notice?.text ?? ""
    #expect(notice.contains("XBTUSX unknown (close: XBTUSD"), "\(notice)")
    #expect(notice.contains("NOPE unknown"), "\(notice)")
    #expect(effects.contains(.saveAlerts([])), "the alerts file's NOPE is gone from it too")
  }

  /// An asset's `spread` alert (`BTC`) is the cross-venue screen's: BitMEX's symbol list, which
  /// has no `BTC`, does not refuse it.
  @Test func aSpreadAlertIsNotRefusedByTheSymbolList() {
    var s = AppUpdateTests.state()
    s.alerts.add(AlertRule(symbol: "BTC", kind: .spread(bps: 5)), fromConfig: true)
    _ = App.update(&s, .rest(.active(["XBTUSD", "ETHUSD"].map { InstrumentUpdate(symbol: Symbol($0)!) })))
    #expect(s.alerts.alerts.map(\.rule.symbol) == ["BTC"])
    #expect(s.notice == nil || !(s.notice?.text ?? "").contains("BTC unknown"))
  }

  @Test func aReconnectingFeedIsNotObserved() {
    var s = AppUpdateTests.state()
    _ = App.update(
      &s, .feed(RenderMemoTests.status(.live), now: .init(seconds: 1), wallMs: 1_000),
      batch: Self.partial())
    #expect(App.observation(of: "XBTUSD", s, liveTrades: 0)?.mid != nil)
    _ = App.update(
      &s,
      .feed(
        RenderMemoTests.status(
          .reconnecting(attempt: 1, nextTryAt: .init(seconds: 3), lastError: nil, wait: .backoff)),
        now: .init(seconds: 2), wallMs: 2_000))
    #expect(App.observation(of: "XBTUSD", s, liveTrades: 0) == nil)
  }
}

@Suite struct LargeTradeSettingTests {
  /// The config's large-trade size for the symbol makes its trades bold on the tape (the tape's
  /// own 95th percentile needs 20 trades; this one has one).
  @Test(arguments: [(Int64?.none, false), (50, true), (1_000, false)])
  func theConfiguredSizeBoldsTrades(size: Int64?, bold: Bool) throws {
    var s = AppUpdateTests.state()
    if let size { s.largeTradeSizes["XBTUSD"] = size }
    _ = App.update(
      &s, .feed(RenderMemoTests.status(.live), now: .init(seconds: 1), wallMs: 1_700_000_000_000),
      batch: RenderMemoTests.partial())
    let grid = DashboardView.render(s)
    let y = try #require((0..<grid.height).first { grid.line($0).contains("BUY") })
    let x = try #require(Array(grid.line(y)).firstIndex(of: "B"))
    #expect(grid[x, y].style.bold == bold)
  }
}
