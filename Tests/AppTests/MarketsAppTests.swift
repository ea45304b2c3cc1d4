import BitMEX
import MarketModel
import Screen
import Session
import Testing

@testable import App

/// The markets screen in the app: `m` toggles it, keys sort, filter and move, Enter opens the
/// dashboard on the row's symbol.
@Suite struct MarketsAppTests {
  /// A state whose session has the all-symbols partial of four instruments and an index, LIVE.
  static func state(width: Int = 80, height: Int = 24) -> AppState {
    var s = AppState(symbol: "XBTUSD", mode: .demo, width: width, height: height, ascii: false, color: true)
    var batch = MarketBatch()
    let rows: [(Symbol, String, Double, Double)] = [
      ("XBTUSD", "FFWCSX", 98_000, 300_000_000), ("ETHUSDT", "FFWCSX", 3_500, 90_000_000_000_000),
      ("SOL_USDT", "IFXXXP", 150, 5_000_000_000_000), ("XBTZ26", "FFCCSX", 99_000, 10_000_000),
      (".BXBT", "MRCXXX", 98_010, 0),
    ]
    for (symbol, typ, last, volume) in rows {
      var u = InstrumentUpdate(symbol: symbol)
      u.typ = typ
      u.lastPrice = last
      u.prevPrice24h = last * 0.99
      u.tickSize = 0.1
      if symbol.description.hasPrefix("XBT") && typ != "IFXXXP" {
        u.isInverse = true
        u.quoteCurrency = "USD"
        u.multiplier = -100_000_000
        u.volume24h = volume
      } else {
        u.isInverse = false
        u.fields.settle(.bitmex("USDt")!)
        u.turnover24h = volume
      }
      batch.instruments.append(u)
    }
    batch.events = [.instrument(TableSlice(action: .partial, filterSymbol: nil, rows: 0..<rows.count))]
    let update = FeedUpdate(
      status: FeedStatus(state: .live, symbol: "XBTUSD"),
      resetTopics: [
        Subscription(.book, "XBTUSD", depth: 25), Subscription(.trades, "XBTUSD"), Subscription(.ticker),
        Subscription(.liquidations),
      ])
    _ = App.update(&s, .feed(update, now: .init(seconds: 1), wallMs: 1_000), batch: batch)
    return s
  }

  /// The filter takes what a symbol can hold: `ß` (whose capital is two letters) is not typed.
  @Test func theFilterIgnoresCharactersNoSymbolHas() {
    var s = Self.state()
    s.screen = .markets
    _ = Self.press(&s, .character("/"), .character("ß"), .character("x"), .character("é"))
    #expect(s.markets.filter == "X")
  }

  static func press(_ s: inout AppState, _ keys: Key...) -> [Effect] {
    keys.flatMap { App.update(&s, .key($0)) }
  }

  static func symbols(_ s: AppState) -> [String] {
    s.markets.ordered(s.session.markets, rates: App.rates(s)).map(\.id.symbol.description)
  }

  @Test func mTogglesTheScreenAndItListsByVolume() {
    var s = Self.state()
    _ = Self.press(&s, .character("m"))
    #expect(s.screen == .markets)
    // USD volume: 90M ETHUSDT, 300M XBTUSD... ETHUSDT's turnover is 90,000,000 USDT.
    #expect(Self.symbols(s) == ["XBTUSD", "ETHUSDT", "XBTZ26", "SOL_USDT"])
    let text = DashboardView.render(s).text
    // The index is hidden: `all` lists the traded markets.
    #expect(text.contains("Markets  4/5"))
    #expect(!text.contains(".BXBT"))
    for column in ["Symbol", "Last", "24h %", "Vol $24h"] { #expect(text.contains(column)) }
    #expect(text.contains("300.0M") && text.contains("+1.01%"))
    _ = Self.press(&s, .character("m"))
    #expect(s.screen != .markets)
  }

  /// The dashboard's own keys do nothing on the markets screen: `s` used to open the symbol
  /// picker behind it (unseen, it then took every key), `1`/`+` changed the hidden dashboard.
  @Test func theDashboardsOwnKeysDoNothingThere() {
    var s = Self.state()
    _ = Self.press(&s, .character("m"))
    let before = s
    #expect(Self.press(&s, .character("s"), .character("1"), .character("+"), .character("t")).isEmpty)
    #expect(s.picker == nil && s.zoom == before.zoom && s.groupingIndex == before.groupingIndex)
    #expect(s.barsByTotal == before.barsByTotal && s.screen == .markets)
    // The keys that mean the same on both screens still work.
    #expect(Self.press(&s, .character("r")) == [.feed(.reconnectNow)])
    _ = Self.press(&s, .character("?"))
    #expect(s.overlay?.helpPage != nil)
  }

  @Test func sortCyclesAndFlips() {
    var s = Self.state()
    _ = Self.press(&s, .character("m"), .backTab)
    #expect(s.markets.sort == .change)
    _ = Self.press(&s, .backTab)
    #expect(s.markets.sort == .age && s.markets.descending)
    _ = Self.press(&s, .backTab, .backTab)
    #expect(s.markets.sort == .symbol && !s.markets.descending)
    #expect(Self.symbols(s) == ["ETHUSDT", "SOL_USDT", "XBTUSD", "XBTZ26"])
    _ = Self.press(&s, .character("d"))
    #expect(Self.symbols(s) == ["XBTZ26", "XBTUSD", "SOL_USDT", "ETHUSDT"])
  }

  @Test func filterThenEnterOpensTheDashboardOnThatSymbol() {
    var s = Self.state()
    _ = Self.press(&s, .character("m"), .character("/"), .character("e"), .character("t"), .enter)
    #expect(Self.symbols(s) == ["ETHUSDT"])
    let effects = Self.press(&s, .enter)
    #expect(effects == [.feed(.switchSymbol("ETHUSDT")), .loadStartData(symbol: "ETHUSDT")])
    #expect(s.screen != .markets)
    #expect(s.market.symbol == "ETHUSDT")
    // The list outlives the switch; back on it, the cursor is where it was.
    _ = Self.press(&s, .character("m"))
    #expect(s.session.markets.count == 5)
    #expect(s.markets.selected == .bitmex("ETHUSDT"))
    // Esc clears the filter first, then leaves.
    _ = Self.press(&s, .escape)
    #expect(s.screen == .markets && s.markets.filter.isEmpty)
    #expect(s.markets.cursor(in: s.markets.ordered(s.session.markets, rates: App.rates(s))) == 1)
    _ = Self.press(&s, .escape)
    #expect(s.screen != .markets)
  }

  @Test func theCursorFollowsItsInstrument() {
    var s = Self.state()
    _ = Self.press(&s, .character("m"), .down, .down)
    #expect(s.markets.selected == .bitmex("XBTZ26"))
    _ = Self.press(&s, .up, .pageDown)
    #expect(s.markets.selected == .bitmex("SOL_USDT"))
    // Enter on the watched symbol only goes back.
    _ = Self.press(&s, .home)
    #expect(Self.press(&s, .enter).isEmpty)
    #expect(s.screen != .markets)
  }

  /// The cursor names its instrument from the moment the list opens, so it stays on it when
  /// the list re-sorts (issue 29: it stayed on the first row, whichever instrument came there).
  @Test func theCursorStaysOnItsInstrumentWhenTheListReSorts() {
    var s = Self.state()
    _ = Self.press(&s, .character("m"))
    #expect(Self.symbols(s).first == "XBTUSD")
    #expect(s.markets.selected == .bitmex("XBTUSD"))
    // ETHUSDT's volume overtakes XBTUSD's: the list re-sorts under the cursor.
    var batch = MarketBatch()
    var u = InstrumentUpdate(symbol: "ETHUSDT")
    u.turnover24h = 900_000_000_000_000
    batch.instruments = [u]
    batch.events = [.instrument(TableSlice(action: .update, filterSymbol: nil, rows: 0..<1))]
    _ = App.update(&s, .feed(FeedUpdate(), now: .init(seconds: 2), wallMs: 2_000), batch: batch)
    #expect(Self.symbols(s).prefix(2) == ["ETHUSDT", "XBTUSD"])
    let order = s.markets.order(s.session.markets, rates: App.rates(s))
    #expect(s.markets.cursor(in: order, of: s.session.markets) == 1, "the cursor moved with XBTUSD")
    // A filter that hides the selected row selects the first row shown.
    _ = Self.press(&s, .character("/"), .character("S"), .character("O"), .enter)
    #expect(s.markets.selected == .bitmex("SOL_USDT"))
  }

  /// The symbol picker opens on the favourites, then the rest by 24 h volume, each with its last
  /// price and 24 h change; an index, which trades nothing, last (issue 29: an alphabetical list
  /// of indices came first).
  @Test func thePickerListsFavouritesThenByVolume() {
    var s = Self.state()
    _ = App.update(&s, .symbols([".BXBT", "ETHUSDT", "SOL_USDT", "XBTUSD", "XBTZ26"]))
    s.markets.favourites = [.bitmex("SOL_USDT")]
    _ = Self.press(&s, .character("s"))
    #expect(s.picker?.matches == ["SOL_USDT", "XBTUSD", "ETHUSDT", "XBTZ26", ".BXBT"])
    let text = DashboardView.render(s).text
    let xbt = text.split(separator: "\n").first { $0.contains("XBTUSD ") } ?? ""
    #expect(xbt.contains("98,000.0") && xbt.contains("+1.01%"), "\(xbt)")
    #expect(text.split(separator: "\n").contains { $0.contains("SOL_USDT") && $0.contains("★") })
    // Typed text: the symbols starting with it first, each group still by volume.
    _ = Self.press(&s, .character("X"), .character("B"), .character("T"))
    #expect(s.picker?.matches == ["XBTUSD", "XBTZ26", ".BXBT"])
  }

  @Test func aWaitingTableDimsTheListAndSaysSo() {
    var s = Self.state()
    _ = Self.press(&s, .character("m"))
    let update = FeedUpdate(resetTopics: [Subscription(.ticker)])
    _ = App.update(&s, .feed(update, now: .init(seconds: 3), wallMs: 3_000), batch: MarketBatch())
    let grid = DashboardView.render(s)
    #expect(grid.text.contains("2s old"))
    #expect(grid.text.contains("XBTUSD"))
  }

  @Test func fCyclesTheKindsShown() {
    var s = Self.state()
    _ = Self.press(&s, .character("m"), .character("f"))
    #expect(Self.symbols(s) == ["XBTUSD", "ETHUSDT"])
    #expect(DashboardView.render(s).text.contains("Markets  2/5  perpetuals"))
    _ = Self.press(&s, .character("f"))
    #expect(Self.symbols(s) == ["XBTZ26"])
    _ = Self.press(&s, .character("f"))
    #expect(Self.symbols(s) == ["SOL_USDT"])
    // Indices, then favourites (none starred yet), then all again.
    _ = Self.press(&s, .character("f"))
    #expect(Self.symbols(s) == [".BXBT"])
    _ = Self.press(&s, .character("f"))
    #expect(Self.symbols(s).isEmpty)
    _ = Self.press(&s, .character("f"))
    #expect(Self.symbols(s).count == 4)
  }

  @Test func starsKeepTheUsersOrderAndAskToBeSaved() {
    var s = Self.state()
    _ = Self.press(&s, .character("m"), .down, .down)
    #expect(Self.press(&s, .character("*")) == [.saveFavourites([.bitmex("XBTZ26")])])
    _ = Self.press(&s, .home)
    #expect(Self.press(&s, .character("*")) == [.saveFavourites([.bitmex("XBTZ26"), .bitmex("XBTUSD")])])
    #expect(DashboardView.render(s).text.contains("★XBTUSD"))
    // The favourites view: only the starred, in the order given (not by volume).
    _ = Self.press(&s, .character("f"), .character("f"), .character("f"), .character("f"), .character("f"))
    #expect(s.markets.kinds == .favourites)
    #expect(Self.symbols(s) == ["XBTZ26", "XBTUSD"])
    // They keep the starred order: no column header claims a sort.
    let header = DashboardView.render(s).text
    #expect(!header.contains("▼") && !header.contains("▲"))
    _ = Self.press(&s, .character("f"))
    #expect(DashboardView.render(s).text.contains("Vol $24h▼"))
    _ = Self.press(&s, .character("f"), .character("f"), .character("f"), .character("f"), .character("f"))
    // Unstarring removes it.
    _ = Self.press(&s, .home)
    #expect(Self.press(&s, .character("*")) == [.saveFavourites([.bitmex("XBTUSD")])])
    #expect(Self.symbols(s) == ["XBTUSD"])
  }
}

/// `w` shows the Activity pane under the trades; it says what it waits for until the wall watch
/// has seen enough of the book.
@Suite struct ActivityPaneAppTests {
  @Test func wTogglesTheActivityPane() {
    var s = MarketsAppTests.state(width: 120, height: 40)
    #expect(!DashboardView.render(s).text.contains("Activity"))
    _ = MarketsAppTests.press(&s, .character("w"))
    #expect(s.activityVisible)
    let text = DashboardView.render(s).text
    #expect(text.contains("Activity  liq 1m: 0 sell · 0 buy"))
    #expect(text.contains("learning the book's sizes"))
    #expect(text.contains("Trades"))
    _ = MarketsAppTests.press(&s, .character("w"))
    #expect(!DashboardView.render(s).text.contains("Activity"))
    #expect(KeyBindings.standard.help.contains { $0.key == "w" })
  }
}
