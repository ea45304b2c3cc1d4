import Binance
import Kraken
import OKX
import Screen
import TestSupport
import Testing
import VenueCore

/// What each adapter declares of its venue (`VenueAbout`) and what the app and screens draw of it.
@Suite struct VenueFactsTests {
  /// The cross-venue screen marks each instrument with its venue's letter as the adapter declares
  /// it (a second of the same letter in lower case); a venue with none given, its name's first.
  @Test func marksAreTheAdaptersLetters() {
    let keys = ["binance-usdm:BTCUSDT", "okx:BTC-USDT-SWAP", "bybit-linear:BTCUSDT", "bybit-spot:BTCUSDT"]
      .compactMap { try? InstrumentKey.parse($0).get() }
    let letters = RegisteredVenues.all.mapValues(\.mark)
    #expect(VenueMarks(keys, venueLetters: letters).letters == ["F", "O", "Y", "y"])
    #expect(VenueMarks(keys, venueLetters: [:]).letters == ["B", "O", "b", "1"])
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
