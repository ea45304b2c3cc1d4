import BitMEX
import MarketModel
import Screen
import Session
import Testing

@testable import App

/// The markets list grouped by asset (`g`, rebindable: `markets-by-asset`): every instrument of
/// one asset together (its underlying as every venue spells it: XBT is BTC), the assets by their
/// instruments' summed USD volume and each asset's instruments by their own; `g` again goes back
/// to the sort.
@Suite struct MarketsByAssetTests {
  /// BitMEX's list: three XBT instruments, two ETH (the largest single one among them), one SOL,
  /// with their underlyings and 24 h turnovers (USDt, millionths); one without a volume.
  static func state() -> AppState {
    var s = AppState(symbol: "XBTUSDT", mode: .demo, width: 120, height: 30, ascii: false, color: true)
    var batch = MarketBatch()
    let rows: [(Symbol, String, String, Double?)] = [
      ("ETHUSDT", "FFWCSX", "ETH", 60e6), ("SOL_USDT", "IFXXXP", "SOL", 2e6),
      ("XBTZ26", "FFCCSX", "XBT", 5e6),
      ("XBTUSDT", "FFWCSX", "XBT", 40e6), ("ETH_USDT", "IFXXXP", "ETH", 1e6),
      ("XBT_USDT", "IFXXXP", "XBT", 30e6),
      ("XBTH27", "FFCCSX", "XBT", nil),
    ]
    for (symbol, typ, underlying, usd) in rows {
      var u = InstrumentUpdate(symbol: symbol)
      u.typ = typ
      u.underlying = underlying
      u.lastPrice = 100
      u.tickSize = 0.1
      u.isInverse = false
      u.fields.settle(.bitmex("USDt")!)
      u.turnover24h = usd.map { $0 * 1_000_000 }
      batch.instruments.append(u)
    }
    batch.events = [.instrument(TableSlice(action: .partial, filterSymbol: nil, rows: 0..<rows.count))]
    _ = App.update(
      &s,
      .feed(
        FeedUpdate(status: FeedStatus(state: .live, symbol: "XBTUSDT")), now: .init(seconds: 1), wallMs: 1_000
      ),
      batch: batch)
    s.screen = .markets
    return s
  }

  static func symbols(_ s: AppState) -> [String] {
    s.markets.ordered(s.session.markets, rates: App.rates(s)).map(\.id.symbol.description)
  }

  @Test func gGroupsByAssetByUSDVolumeAndBack() {
    var s = Self.state()
    // By volume alone ETHUSDT leads.
    #expect(Self.symbols(s).first == "ETHUSDT")
    _ = App.update(&s, .key(.character("g")))
    #expect(s.markets.byAsset)
    // BTC's 75 M before ETH's 61 M and SOL's 2 M; within each, the largest first, no volume last.
    #expect(
      Self.symbols(s) == ["XBTUSDT", "XBT_USDT", "XBTZ26", "XBTH27", "ETHUSDT", "ETH_USDT", "SOL_USDT"],
      "\(Self.symbols(s))")
    let g = MarketsScreen.render(s)
    #expect(g.line(0).contains("by asset"), "\(g.line(0))")
    _ = App.update(&s, .key(.character("g")))
    #expect(!s.markets.byAsset && Self.symbols(s).first == "ETHUSDT")
  }

  @Test func theFiltersStillApplyAndTheKeyIsRebindable() {
    var s = Self.state()
    s.keys = KeyBindings(overrides: ["markets-by-asset": [.character("G")]])
    _ = App.update(&s, .key(.character("g")))
    #expect(!s.markets.byAsset)
    _ = App.update(&s, .key(.character("G")))
    #expect(s.markets.byAsset)
    // `f` to spot: the grouping keeps to the rows shown, its totals too (SOL's 2 M spot before
    // ETH's 1 M).
    while s.markets.kinds != .spot { _ = App.update(&s, .key(.character("f"))) }
    #expect(Self.symbols(s) == ["XBT_USDT", "SOL_USDT", "ETH_USDT"], "\(Self.symbols(s))")
    #expect(
      KeyBindings.standard.help.contains {
        $0.key == "  g" && $0.action.hasPrefix("markets: group by asset")
      })
  }
}
