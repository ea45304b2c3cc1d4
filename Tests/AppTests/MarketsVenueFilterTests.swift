import Binance
import Kraken
import MarketModel
import OKX
import Screen
import Session
import TestSupport
import Testing
import VenueCore

@testable import App

/// The markets list's venue filter (`v`, rebindable: `markets-venue`): the venue on screen's
/// list (live), every venue's in one list, then each other venue's, then back; another venue's
/// rows come from its REST instruments and tickers (`Effect.loadMarkets`, answered with
/// `AppEvent.otherVenueREST`), and Enter on one follows that venue.
@Suite struct MarketsVenueFilterTests {
  /// BitMEX's list (four instruments and an index, live), with Kraken and OKX followable.
  static func state() -> AppState {
    var s = MarketsAppTests.state(width: 160, height: 30)
    s.followableVenues = [.bitmex, .kraken, .okx]
    _ = App.update(&s, .key(.character("m")))
    return s
  }

  static func ticker(_ symbol: Symbol, last: String, quoteVolume: String) -> SymbolTicker {
    var t = VenueTicker()
    t.last = FixedDecimal(last)
    t.quoteVolume24h = FixedDecimal(quoteVolume)
    return SymbolTicker(symbol, t)
  }

  static func listed(_ s: AppState) -> [String] {
    let universe = App.listedMarkets(s)
    return s.markets.ordered(universe, rates: App.rates(s)).map(\.id.description)
  }

  static func title(_ s: AppState) -> String { MarketsScreen.render(s).line(0) }

  @Test func vCyclesAllEachOtherVenueAndBackAskingTheirLists() {
    var s = Self.state()
    #expect(Self.listed(s).allSatisfy { !$0.contains(":") || $0.hasPrefix("bitmex:") }, "\(Self.listed(s))")
    let effects = App.update(&s, .key(.character("v")))
    #expect(s.markets.venues == .all)
    #expect(Set(effects) == [.loadMarkets(.kraken), .loadMarkets(.okx)], "\(effects)")
    #expect(Self.title(s).contains("all venues"), "\(Self.title(s))")
    // Asked once per refresh: a tick within it asks nothing again.
    #expect(!App.update(&s, .tick(now: s.now + 1, wallMs: s.wallMs)).contains(.loadMarkets(.kraken)))

    // Its instruments first (what its tickers' volumes are in), then its tickers.
    let spec = InstrumentSpec(
      key: InstrumentKey(venue: .kraken, symbol: "BTC/USD"), kind: .spot, base: "BTC", quote: "USD",
      settle: "USD",
      tickSize: FixedDecimal("0.1")!, lotSize: FixedDecimal("0.00000001")!, contract: .base)
    _ = App.update(&s, .otherVenueREST(.kraken, .instruments(VenueRows(rows: [spec]))))
    _ = App.update(
      &s,
      .otherVenueREST(
        .kraken,
        .tickers(VenueRows(rows: [Self.ticker("BTC/USD", last: "98000.1", quoteVolume: "200000000000")]))))
    let all = Self.listed(s)
    // Kraken's 200 B USD leads BitMEX's rows; BitMEX's are all there.
    #expect(all.first == "kraken:BTC/USD", "\(all)")
    #expect(all.count == 5, "\(all)")

    _ = App.update(&s, .key(.character("v")))
    #expect(s.markets.venues == .only(.kraken))
    #expect(Self.listed(s) == ["kraken:BTC/USD"])
    #expect(Self.title(s).contains("  kraken"))
    // Enter follows the row's venue.
    #expect(App.update(&s, .key(.enter)) == [.openMarket(InstrumentID(venue: .kraken, symbol: "BTC/USD"))])
  }

  /// "All venues" by symbol, or by the venue column, lists each venue's rows together, the
  /// venues in the registration's order (`tradeterm venues`': BitMEX, then Kraken, Binance…), not
  /// by their names (which put binance before bitmex); the venue column descending reverses it.
  @Test(arguments: [
    (MarketsColumn.symbol, false, ["bitmex", "kraken", "binance"]),
    (.venue, false, ["bitmex", "kraken", "binance"]),
    (.venue, true, ["binance", "kraken", "bitmex"]),
  ])
  func allVenuesBySymbolListTheVenuesInTheRegistrationsOrder(
    sort: MarketsColumn, descending: Bool, expected: [String]
  ) {
    var s = Self.state()
    s.followableVenues = [.bitmex, .kraken, .binance]
    s.markets.venueOrder = RegisteredVenues.names
    _ = App.update(&s, .key(.character("v")))
    #expect(s.markets.venues == .all)
    (s.markets.sort, s.markets.descending) = (sort, descending)
    for (venue, symbol): (Venue, Symbol) in [(.binance, "BTCUSDT"), (.kraken, "BTC/USD")] {
      _ = App.update(
        &s,
        .otherVenueREST(venue, .tickers(VenueRows(rows: [Self.ticker(symbol, last: "1", quoteVolume: "1")]))))
    }
    let venues = Self.listed(s).map { $0.contains(":") ? String($0.prefix { $0 != ":" }) : "bitmex" }
    var runs: [String] = []
    for venue in venues where runs.last != venue { runs.append(venue) }
    #expect(runs == expected, "\(Self.listed(s))")
  }

  @Test func aVenueWhoseListFailsSaysSoAndTheCycleEndsOnScreen() {
    var s = Self.state()
    _ = App.update(&s, .key(.character("v")))
    _ = App.update(&s, .key(.character("v")))
    _ = App.update(&s, .key(.character("v")))
    #expect(s.markets.venues == .only(.okx))
    _ = App.update(&s, .otherVenueREST(.okx, .failed(.tickers, reason: "HTTP 503")))
    #expect(Self.title(s).contains("okx REST failed: HTTP 503"), "\(Self.title(s))")
    #expect(Self.listed(s).isEmpty)
    _ = App.update(&s, .key(.character("v")))
    #expect(s.markets.venues == .onScreen)
    #expect(!Self.title(s).contains("okx"))
  }

  @Test func aRunThatFollowsNoOtherVenueStaysOnItsOwn() {
    var s = Self.state()
    s.followableVenues = []
    #expect(App.update(&s, .key(.character("v"))).isEmpty)
    #expect(s.markets.venues == .onScreen)
  }

  /// From another venue (Kraken on screen) BitMEX is in the cycle too: its list comes from its
  /// REST `instrument/active` (asked as `.loadMarkets(.bitmex)`, answered as BitMEX's REST), and
  /// a failed ask is said in the title.
  @Test func fromAnotherVenueBitMEXIsInTheCycle() {
    var s = Self.state()
    s.session = VenueSwitchTests.venueSession(InstrumentID(venue: .kraken, symbol: "BTC/USD"))
    #expect(s.venue == .kraken)
    let effects = App.update(&s, .key(.character("v")))
    #expect(s.markets.venues == .all)
    #expect(Set(effects) == [.loadMarkets(.bitmex), .loadMarkets(.okx)], "\(effects)")
    _ = App.update(
      &s, .rest(.active(["XBTUSD", "ETHUSD"].map { InstrumentUpdate(symbol: Symbol($0)!) })))
    #expect(Set(Self.listed(s)).isSuperset(of: ["XBTUSD", "ETHUSD"]), "\(Self.listed(s))")

    _ = App.update(&s, .key(.character("v")))
    #expect(s.markets.venues == .only(.bitmex))
    #expect(Set(Self.listed(s)) == ["XBTUSD", "ETHUSD"], "\(Self.listed(s))")
    #expect(Self.title(s).contains("  bitmex"), "\(Self.title(s))")
    // The market on screen is still Kraken's: BitMEX's rows did not reach its session.
    #expect(s.session.markets.row("XBTUSD") == nil)
    _ = App.update(&s, .rest(.failed(.active, reason: "HTTP 503")))
    #expect(Self.title(s).contains("bitmex REST failed: HTTP 503"), "\(Self.title(s))")

    _ = App.update(&s, .key(.character("v")))
    #expect(s.markets.venues == .only(.okx))
    _ = App.update(&s, .key(.character("v")))
    #expect(s.markets.venues == .onScreen)
  }

  /// "All venues" is combined once per change of a venue's list, not per draw: the list kept
  /// after an event is current while no venue's list moved, made again when one did (its new
  /// row listed), and dropped when the filter moves on.
  @Test func theCombinedListIsMadeAgainOnlyWhenAVenuesListChanges() throws {
    var s = Self.state()
    _ = App.update(&s, .key(.character("v")))
    #expect(s.markets.venues == .all)
    let first = try #require(s.combinedMarkets)
    #expect(first.isCurrent(for: App.allVenueLists(s)))
    // A tick changes no list: the same one is kept.
    _ = App.update(&s, .tick(now: s.now + 1, wallMs: s.wallMs))
    #expect(s.combinedMarkets?.generations == first.generations)
    #expect(!Self.listed(s).contains("kraken:BTC/USD"))
    _ = App.update(
      &s,
      .otherVenueREST(
        .kraken, .tickers(VenueRows(rows: [Self.ticker("BTC/USD", last: "98000.1", quoteVolume: "2000")]))))
    let again = try #require(s.combinedMarkets)
    #expect(again.generations != first.generations && again.isCurrent(for: App.allVenueLists(s)))
    #expect(Self.listed(s).contains("kraken:BTC/USD"), "\(Self.listed(s))")
    // What a frame draws is what combining the lists now gives.
    let fresh = MarketUniverse.combining(App.allVenueLists(s), venue: s.venue)
    #expect(App.listedMarkets(s).rows.map(\.id) == fresh.rows.map(\.id))
    _ = App.update(&s, .key(.character("v")))
    #expect(s.markets.venues == .only(.kraken) && s.combinedMarkets == nil)
  }
}
