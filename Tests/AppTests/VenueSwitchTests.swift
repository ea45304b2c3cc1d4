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

/// A switch of venue inside the dashboard, as the app decides it: the picker's `VENUE:SYMBOL`,
/// another venue's row or favourite asks the runner for that venue (`Effect.openMarket`); the
/// runner's answer (`AppEvent.marketOpened`, a fresh session) leaves nothing of the old market
/// on screen; a venue that cannot be followed is refused and the market on screen stays.
@Suite struct VenueSwitchTests {
  static let kraken = InstrumentID(venue: .kraken, symbol: "ETH/USD")

  /// A fresh session on a venue's book rule, as the runner gives one.
  static func venueSession(_ id: InstrumentID) -> MarketSession {
    MarketSession(
      symbol: id.symbol, bookPolicy: .sequence(SequenceLinkSync(link: .increment)), bookDepth: 25,
      venue: id.venue)
  }

  /// A live BitMEX XBTUSD (book, tape, instrument) from which BitMEX, Kraken and OKX can be followed.
  static func bitmex() -> AppState {
    var s = TicketAppTests.live("XBTUSD", bid: 50_000, ask: 50_000.5, step: 0.5)
    s.followableVenues = [.bitmex, .kraken, .okx]
    s.venues = RegisteredVenues.all
    s.markets.venueOrder = RegisteredVenues.names
    s.symbols = ["XBTUSD", "ETHUSD"]
    return s
  }

  static func press(_ s: inout AppState, _ keys: Key...) -> [Effect] {
    keys.flatMap { App.update(&s, .key($0)) }
  }

  static func type(_ s: inout AppState, _ text: String) -> [Effect] {
    text.flatMap { App.update(&s, .key(.character($0))) }
  }

  static func screen(_ s: AppState) -> String {
    let g = DashboardView.render(s)
    return (0..<g.height).map { g.line($0) }.joined(separator: "\n")
  }

  @Test func thePickerTakesAnotherVenuesInstrumentAndTheRunnersSessionReplacesTheMarket() {
    var s = Self.bitmex()
    #expect(s.market.book.bestBid != nil && !s.market.tape.isEmpty)
    _ = Self.press(&s, .character("/"))
    #expect(Self.screen(s).contains("Symbol on BitMEX (VENUE:SYMBOL: another venue)"))
    _ = Self.type(&s, "kraken:eth/usd")
    #expect(s.picker?.filter == "KRAKEN:ETH/USD")
    #expect(Self.press(&s, .enter) == [.openMarket(Self.kraken)])
    // Until the runner answers, the market on screen stays.
    #expect(s.venue == .bitmex && s.market.symbol == "XBTUSD" && s.market.book.bestBid != nil)

    // Something of the old market beside the session: flashes, a ticket, scrolled panes, candles asked.
    s.view.flashes[50_000] = TicketAppTests.wallMs
    s.view.newTrades = 3
    s.view.bookScroll = 4
    s.view.tapeScroll = 2
    s.view.candlesRequested = [.oneHour]
    _ = Self.press(&s, .character("o"))
    #expect(s.ticket != nil)
    let effects = App.update(&s, .marketOpened(Self.venueSession(Self.kraken)))
    #expect(effects.isEmpty, "no BitMEX REST for a Kraken market")
    #expect(s.venue == .kraken && s.market.symbol == "ETH/USD" && s.market.bookPolicy != nil)
    #expect(s.market.book.bestBid == nil && s.market.tape.isEmpty && s.status == nil)
    #expect(
      s.view.flashes.isEmpty && s.view.newTrades == 0 && s.view.bookScroll == 0 && s.view.tapeScroll == 0)
    // The runner's start data for the new market asks for its 1 m and 5 m candles: only those
    // count as asked.
    #expect(s.ticket == nil && s.view.candlesRequested == [.oneMinute, .fiveMinutes] && s.symbols.isEmpty)
    #expect(s.view.liquidations.symbol == "ETH/USD")
    let screen = Self.screen(s)
    #expect(screen.contains("kraken:ETH/USD"), "the header names the venue")
    #expect(screen.contains("now on Kraken ETH/USD"))
    #expect(!screen.contains("50,000"), "nothing of XBTUSD's book or tape under ETH/USD:\n\(screen)")
    #expect(!screen.contains("LIVE"))
  }

  @Test func backToBitMEXAsksForItsListFactsAndHistoryAgain() {
    var s = Self.bitmex()
    _ = App.update(&s, .marketOpened(Self.venueSession(Self.kraken)))
    s.chartMode = .candles
    _ = Self.press(&s, .character("s"))
    #expect(Self.screen(s).contains("Symbol on Kraken (VENUE:SYMBOL: another venue)"))
    _ = Self.type(&s, "bitmex:xbtusd")
    #expect(Self.press(&s, .enter) == [.openMarket(.bitmex("XBTUSD"))])
    let effects = App.update(&s, .marketOpened(MarketSession(symbol: "XBTUSD")))
    #expect(s.venue == .bitmex && s.market.symbol == "XBTUSD" && s.market.bookPolicy == nil)
    // The start data's candles are the 1 m chart's history: it asks for nothing more.
    #expect(effects == [.loadSymbols, .loadStartData(symbol: "XBTUSD")])
    #expect(s.view.candlesRequested == [.oneMinute, .fiveMinutes])
    #expect(!Self.screen(s).contains("kraken:"))
  }

  /// A bare symbol on a venue's screen is that venue's: a trader on Kraken who types `XBTUSD`
  /// asks Kraken; BitMEX's is `bitmex:XBTUSD`.
  @Test func aBareSymbolStaysOnTheVenueOnScreen() {
    var s = Self.bitmex()
    _ = App.update(&s, .marketOpened(Self.venueSession(Self.kraken)))
    _ = Self.press(&s, .character("s"))
    _ = Self.type(&s, "xbtusd")
    #expect(Self.press(&s, .enter).first == .feed(.switchSymbol("XBTUSD")))
    #expect(s.venue == .kraken && s.market.symbol == "XBTUSD")
    // And on BitMEX a bare symbol is BitMEX's, as it always was.
    var b = Self.bitmex()
    _ = Self.press(&b, .character("s"))
    _ = Self.type(&b, "ethusd")
    #expect(Self.press(&b, .enter) == [.feed(.switchSymbol("ETHUSD")), .loadStartData(symbol: "ETHUSD")])
  }

  /// Binance names its streams in the URL: another pair there is a connection of its own, opened
  /// as another venue's market is (it stayed SYNCING for ever on the old connection).
  @Test func anotherPairOnBinanceIsOpenedAfresh() {
    var s = Self.bitmex()
    s.followableVenues.insert(.binance)
    s.venuesReopenedPerSymbol = [.binance]
    let btc = InstrumentID(venue: .binance, symbol: "BTCUSDT")
    _ = App.update(&s, .marketOpened(Self.venueSession(btc)))
    _ = Self.press(&s, .character("/"))
    _ = Self.type(&s, "ethusdt")
    #expect(Self.press(&s, .enter) == [.openMarket(InstrumentID(venue: .binance, symbol: "ETHUSDT"))])
    #expect(s.market.symbol == "BTCUSDT", "until the runner answers")
    _ = Self.press(&s, .character("/"))
    _ = Self.type(&s, "btcusdt")
    #expect(Self.press(&s, .enter).isEmpty, "the pair on screen is not opened again")
    // Kraken's feed changes its pair in place.
    _ = App.update(&s, .marketOpened(Self.venueSession(Self.kraken)))
    _ = Self.press(&s, .character("/"))
    _ = Self.type(&s, "btc/usd")
    #expect(Self.press(&s, .enter).first == .feed(.switchSymbol("BTC/USD")))
  }

  @Test(arguments: [
    ("binance-usdm:BTCUSDT", "Binance USDⓈ-M: not followed here yet (see `tradeterm venues`)"),
    ("coinbase:BTC-USD", "Coinbase: not followed here yet"),
    ("nasdaq:AAPL", "unknown venue \"NASDAQ\" (venues: bitmex, kraken, binance, binance-usdm, coinbase"),
  ])
  func aVenueThatCannotBeFollowedIsRefusedAndTheMarketStays(typed: String, says: String) {
    var s = Self.bitmex()
    _ = Self.press(&s, .character("/"))
    _ = Self.type(&s, typed)
    #expect(Self.press(&s, .enter).isEmpty)
    #expect(s.venue == .bitmex && s.market.symbol == "XBTUSD" && s.market.book.bestBid != nil)
    #expect(s.notice?.text.contains(says) == true, "\(s.notice?.text ?? "no notice")")
  }

  @Test func aReplayOrARecordingStaysOnItsVenue() {
    var s = Self.bitmex()
    s.venueSwitchRefusal = "--record keeps to one venue"
    _ = Self.press(&s, .character("/"))
    #expect(!Self.screen(s).contains("VENUE:SYMBOL"), "the picker offers no other venue")
    _ = Self.type(&s, "kraken:eth/usd")
    #expect(Self.press(&s, .enter).isEmpty)
    #expect(s.notice?.text == "Kraken not opened: --record keeps to one venue")
    // The runner's own refusal says why too, and the market stays.
    _ = App.update(&s, .marketRefused(Self.kraken, reason: "Kraken is not followed here"))
    #expect(s.notice?.text == "kraken:ETH/USD not opened: Kraken is not followed here")
    #expect(s.market.symbol == "XBTUSD" && s.market.book.bestBid != nil)
  }

  @Test func theFilterTakesAVenuesNameAndASymbolOfFullLength() {
    var s = Self.bitmex()
    _ = Self.press(&s, .character("/"))
    let long = String(repeating: "x", count: Symbol.maxLength + 3)
    _ = Self.type(&s, "bybit-inverse:" + long)
    #expect(s.picker?.filter == "BYBIT-INVERSE:" + String(repeating: "X", count: Symbol.maxLength))
    #expect(PickerState.fits("kraken:BTC/USD") && !PickerState.fits("kraken:BTC:USD"))
    #expect(!PickerState.fits(String(repeating: "X", count: Symbol.maxLength + 1)))
  }

  /// Issue 25/27: Enter on another venue's row of the markets list (rows keyed by
  /// `InstrumentID`) follows that venue, not the same symbol on the venue on screen.
  @Test func enterOnAnotherVenuesMarketsRowFollowsItsVenue() {
    var s = Self.bitmex()
    s.screen = .markets
    let row = MarketRow(
      id: InstrumentID(venue: .okx, symbol: "BTC-USDT"), instrument: Instrument(symbol: "BTC-USDT"))
    #expect(App.openRow(row, &s) == [.openMarket(row.id)])
    #expect(s.screen != .markets && s.market.symbol == "XBTUSD")
    // A row of the venue on screen switches the symbol there, through the list's own Enter.
    _ = Self.press(&s, .character("m"))
    _ = App.update(
      &s, .rest(.active([InstrumentUpdate(symbol: "XBTUSD"), InstrumentUpdate(symbol: "ETHUSD")])))
    s.markets.selected = .bitmex("ETHUSD")
    #expect(Self.press(&s, .enter) == [.feed(.switchSymbol("ETHUSD")), .loadStartData(symbol: "ETHUSD")])
  }

  /// Alerts are kept per venue: BitMEX's symbol list refuses only BitMEX's unknown symbols (a
  /// Kraken alert is not deleted when the run comes back to BitMEX), and `a` on a venue's market
  /// arms an alert of that venue.
  @Test func alertsKeepTheirVenueAcrossASwitch() {
    var s = Self.bitmex()
    let kraken = AlertRule(symbol: "BTC/USD", venue: .kraken, kind: .above(200_000, .last))
    s.alerts.add(AlertRule(symbol: "NOPE", kind: .above(1, .last)))
    s.alerts.add(kraken)
    _ = App.update(&s, .rest(.active([InstrumentUpdate(symbol: "XBTUSD")])))
    #expect(s.alerts.alerts.map(\.rule) == [kraken])
    _ = App.update(&s, .marketOpened(Self.venueSession(Self.kraken)))
    _ = Self.press(&s, .character("a"))
    _ = Self.type(&s, "5000")
    #expect(Self.press(&s, .enter) == [.saveAlerts(s.alerts.persistent)])
    #expect(s.alerts.alerts.last?.rule.instrument == Self.kraken)
    #expect(s.notice?.text == "alert armed: kraken:ETH/USD last >= 5000")
  }

  /// Favourites are instruments: another venue's shows in the picker as `venue:SYMBOL`, starred,
  /// and opens its venue; on that venue it is a bare pair again.
  @Test func aFavouriteOfAnotherVenueIsListedAndOpensItsVenue() {
    var s = Self.bitmex()
    s.markets.favourites = [.bitmex("ETHUSD"), Self.kraken]
    _ = Self.press(&s, .character("s"))
    #expect(s.picker?.symbols == ["ETHUSD", "kraken:ETH/USD", "XBTUSD"])
    #expect(DashboardView.pickerItem(s, "kraken:ETH/USD").detail == "★")
    _ = Self.press(&s, .down)
    #expect(Self.press(&s, .enter) == [.openMarket(Self.kraken)])
    _ = App.update(&s, .marketOpened(Self.venueSession(Self.kraken)))
    _ = Self.press(&s, .character("s"))
    #expect(s.picker?.symbols == ["bitmex:ETHUSD", "ETH/USD"])
    #expect(Self.press(&s, .enter) == [.openMarket(.bitmex("ETHUSD"))])
  }
}
