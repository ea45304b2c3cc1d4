import MarketModel
import Session
import Testing
import VenueCore

@testable import App

/// What the dashboard keeps of the instrument on screen beside its session (`InstrumentView`)
/// is replaced whole when another instrument comes on screen: with every field changed, each
/// way in (a symbol of the same venue, another venue's session, a swap of the split view's
/// books) leaves every field as a fresh view has it. (It used to be two hand-kept lists of
/// fields to reset: the symbol switch's forgot the tape's new-trade highlight.)
@Suite struct InstrumentViewTests {
  /// Each field of `view` as text, by name; the heatmap by what it holds (its generation moves
  /// on when it is emptied, so that the pane is drawn again), a set in order.
  static func fields(_ view: InstrumentView) -> [String: String] {
    Dictionary(
      uniqueKeysWithValues: Mirror(reflecting: view).children.map { child in
        let text =
          if let heatmap = child.value as? LiquidityHeatmap {
            "\(heatmap.count) moments, newest \(String(describing: heatmap.newestMoment))"
          } else if let widths = child.value as? Set<CandleInterval> {
            widths.map(\.label).sorted().joined(separator: " ")
          } else {
            String(describing: child.value)
          }
        return (child.label ?? "?", text)
      })
  }

  /// Every field of the view away from a fresh one's value.
  static func changeEveryField(_ s: inout AppState) {
    s.view.flashes[50_000] = TicketAppTests.wallMs
    s.view.newTrades = 3
    s.view.newTradesUntil = TicketAppTests.wallMs + 200
    s.view.walls = WallWatch(fixedThreshold: 5)
    s.view.liquidations = LiquidationLog(symbol: "SOLUSD")
    App.sampleHeatmap(&s)
    s.view.bookScroll = 4
    s.view.tapeScroll = 2
    s.view.candleCursorMs = 60_000
    s.view.candlesRequested = [.oneHour]
    s.view.olderCandlesAsked = [.oneHour: 60_000]
    s.view.candleRefreshAsked = true
    s.view.shownDataAt = MonotonicTime(nanoseconds: 5)
  }

  /// `s` after `changeEveryField`, then `enter` (a way another instrument comes on screen):
  /// every field is a fresh view's.
  static func expectFresh(_ how: String, _ enter: (inout AppState) -> Void) {
    var s = VenueSwitchTests.bitmex()
    App.splitOpened(.bitmex("ETHUSD"), MarketSession(symbol: "ETHUSD"), &s)
    Self.changeEveryField(&s)
    enter(&s)
    let symbol = s.market.symbol
    let fresh = Self.fields(
      InstrumentView(
        symbol: symbol, wallThreshold: s.wallThresholds[symbol], candlesRequested: App.startCandlesAsked(s)))
    for (name, value) in Self.fields(s.view) {
      #expect(value == fresh[name], "\(how): \(name) is the old instrument's")
    }
  }

  /// A field added to `InstrumentView` is changed by `changeEveryField`, so that the switches
  /// below are seen to reset it.
  @Test func theTestChangesEveryField() {
    var s = VenueSwitchTests.bitmex()
    let fresh = Self.fields(
      InstrumentView(symbol: s.market.symbol, candlesRequested: App.startCandlesAsked(s)))
    Self.changeEveryField(&s)
    let changed = Self.fields(s.view)
    #expect(changed.count == fresh.count && changed.count > 10)
    for (name, value) in changed {
      #expect(value != fresh[name], "\(name): changeEveryField leaves it as it was")
    }
  }

  @Test func everySwitchStartsTheViewAfresh() {
    Self.expectFresh("a symbol of the venue on screen") { _ = App.switchDashboard(to: "SOLUSD", &$0) }
    Self.expectFresh("another venue's session") {
      _ = App.update(&$0, .marketOpened(VenueSwitchTests.venueSession(VenueSwitchTests.kraken)))
    }
    Self.expectFresh("a swap of the split view's books") { _ = App.update(&$0, .splitSwapped) }
  }
}
