import Screen
import Testing
import VenueCore

/// What each adapter declares of its venue (`VenueAbout`) and what the app and screens draw of it.
@Suite struct VenueFactsTests {
  /// Each adapter's declared letter is the one the cross-venue widgets draw (`VenueMarks`, which
  /// still spells them itself: this keeps the two the same until it reads them).
  @Test func marksAreTheAdaptersLetters() {
    for about in RegisteredVenues.list {
      #expect(VenueMarks.letter(about.venue) == about.mark, "\(about.venue)")
    }
  }

  /// A spot pair reads by its venue's separator; a swap's three parts and a venue whose symbols
  /// run base and quote together do not.
  @Test func spotPairsReadByTheirVenuesSeparator() {
    #expect(RegisteredVenues.all[.kraken]?.spotPair("BTC/USD").map { "\($0.base) \($0.quote)" } == "BTC USD")
    #expect(RegisteredVenues.all[.okx]?.spotPair("BTC-USDT").map { "\($0.base) \($0.quote)" } == "BTC USDT")
    #expect(RegisteredVenues.all[.okx]?.spotPair("BTC-USDT-SWAP") == nil)
    #expect(RegisteredVenues.all[.binance]?.spotPair("BTCUSDT") == nil)
  }
}
