import MarketModel
import Screen
import Session
import Testing

@testable import App

/// One overlay at a time, each with its own state (`AppOverlay`), over one screen (`AppScreen`):
/// the help opened from the ticket holds the ticket, back as it was when the help closes; a
/// market coming on screen closes the picker and the ticket, and leaves the rest open.
@Suite struct AppOverlayTests {
  @Test func theHelpOverTheTicketGivesItBackAsItWas() {
    var s = TicketAppTests.live("XBTUSD", bid: 50_000, ask: 50_000.5, step: 0.5)
    _ = TicketAppTests.press(&s, .character("o"))
    _ = TicketAppTests.type(&s, "25")
    #expect(s.ticket?.unitsText == "25")
    _ = TicketAppTests.press(&s, .character("?"))
    #expect(s.overlay?.helpPage == 0 && s.ticket?.unitsText == "25", "the ticket waits under the help")
    let help = TicketAppTests.screen(s)
    #expect(help.contains("order ticket, PAPER orders only"), "the help on top:\n\(help)")
    // A key closes the help, not the ticket; the next is the ticket's again.
    _ = TicketAppTests.press(&s, .escape)
    guard case .ticket(let ticket)? = s.overlay else {
      Issue.record("the ticket is gone with the help: \(String(describing: s.overlay))")
      return
    }
    #expect(ticket.unitsText == "25")
    _ = TicketAppTests.type(&s, "0")
    #expect(s.ticket?.unitsText == "250")
    _ = TicketAppTests.press(&s, .escape)
    #expect(s.overlay == nil)
  }

  @Test func aMarketComingOnScreenClosesThePickerAndTheTicketOnly() {
    var s = VenueSwitchTests.bitmex()
    let session = VenueSwitchTests.venueSession(VenueSwitchTests.kraken)
    _ = TicketAppTests.press(&s, .character("o"), .character("?"))
    _ = App.update(&s, .marketOpened(session))
    #expect(s.overlay == .help(page: 0, ticket: nil), "the help stays, without the old market's ticket")
    _ = TicketAppTests.press(&s, .escape)
    #expect(s.overlay == nil)

    _ = TicketAppTests.press(&s, .character("s"))
    #expect(s.picker != nil)
    _ = App.update(&s, .marketOpened(session))
    #expect(s.overlay == nil)

    _ = TicketAppTests.press(&s, .character("A"))
    _ = App.update(&s, .marketOpened(session))
    #expect(s.overlay == .alertList(selected: 0))
  }

  /// Each overlay closes with Esc, back to the screen it was opened on.
  @Test func escClosesEachOverlayBackToItsScreen() {
    for screen in [AppScreen.dashboard, .markets, .portfolio] {
      var s = VenueSwitchTests.bitmex()
      s.screen = screen
      _ = TicketAppTests.press(&s, .character("?"))
      #expect(s.overlay?.helpPage == 0, "\(screen)")
      _ = TicketAppTests.press(&s, .escape)
      #expect(s.overlay == nil && s.screen == screen, "\(screen)")
    }
    var s = VenueSwitchTests.bitmex()
    for key in ["o", "s", "a", "A", "C"] {
      _ = TicketAppTests.press(&s, .character(Character(key)))
      #expect(s.overlay != nil, "\(key) opens an overlay")
      _ = TicketAppTests.press(&s, .escape)
      #expect(s.overlay == nil && s.screen == .dashboard, "Esc closes \(key)'s overlay")
    }
  }
}
