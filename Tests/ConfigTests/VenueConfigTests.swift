import BitMEX
import Config
import Kraken
import MarketModel
import OKX
import TestSupport
import VenueCore
import XCTest

/// `venue` in the config (issue 23): the venue a bare symbol means, under the command line's.
final class VenueConfigTests: XCTestCase {
  /// BitMEX's registration's default instrument, as the executable fills it in.
  private static let defaults: [Venue: String] = [.bitmex: VenueAbout.bitmex.defaultSymbol ?? ""]

  /// The file's settings with the venues' defaults.
  private func load(_ text: String) -> Result<LoadedConfig, ConfigError> {
    ConfigLoader.load(text, file: "c.toml", venues: RegisteredVenues.names).map { loaded in
      var c = loaded
      c.settings.venueDefaults = Self.defaults
      c.settings.venueNames = RegisteredVenues.displayNames
      return c
    }
  }

  /// Settings with the venues' defaults and nothing from a file.
  private func defaultSettings() -> Settings {
    var s = Settings()
    s.venueDefaults = Self.defaults
    s.venueNames = RegisteredVenues.displayNames
    return s
  }

  func testAVenueAndItsSymbolLoadAndPrintBack() throws {
    let c = try load("venue = \"Kraken\"\nsymbol = \"BTC/USD\"\n").get()
    XCTAssertEqual(c.warnings, [])
    XCTAssertEqual(c.settings.venue, .kraken)
    XCTAssertEqual(c.settings.symbol, "BTC/USD")
    let text = c.settings.toml
    XCTAssertTrue(text.hasPrefix("venue = \"kraken\"\nsymbol = \"BTC/USD\"\n"), text)
    let again = try load(text).get().settings
    XCTAssertEqual(again.venue, .kraken)
    XCTAssertEqual(again.symbol, "BTC/USD")
  }

  /// `symbol = "kraken:BTC/USD"` names its venue too (it used to be read as a BitMEX symbol
  /// `KRAKEN:BTC/USD`); with a `venue` that says the same it loads, with another it is refused
  /// where it is.
  func testAVenuePrefixedSymbolIsThatVenuesSymbol() throws {
    let s = try load("symbol = \"kraken:BTC/USD\"\n").get().settings
    XCTAssertEqual(s.venue, .kraken)
    XCTAssertEqual(s.symbol, "BTC/USD")
    XCTAssertTrue(s.toml.hasPrefix("venue = \"kraken\"\nsymbol = \"BTC/USD\"\n"), s.toml)
    let same = try load("venue = \"kraken\"\nsymbol = \"Kraken:BTC/USD\"\n").get().settings
    XCTAssertEqual(same.venue, .kraken)
    XCTAssertEqual(same.symbol, "BTC/USD")
    guard case .failure(let two) = load("venue = \"okx\"\nsymbol = \"kraken:BTC/USD\"\n") else {
      return XCTFail("two venues loaded")
    }
    XCTAssertEqual(two.position.line, 2, "\(two)")
    XCTAssertTrue(two.message.hasPrefix("symbol is on kraken but venue is okx"), two.message)
    guard case .failure(let unknown) = load("symbol = \"nasdaq:AAPL\"\n") else {
      return XCTFail("an unknown venue loaded")
    }
    XCTAssertEqual(unknown.position.line, 1, "\(unknown)")
    XCTAssertTrue(unknown.message.contains("unknown venue"), unknown.message)
  }

  /// Without a `venue` the file is BitMEX's, as before: XBTUSD unless it names a symbol, and
  /// `tradeterm config` says so.
  func testNoVenueIsBitMEXWithItsDefaultSymbol() throws {
    let s = try load("fps = 10\n").get().settings
    XCTAssertEqual(s.venue, .bitmex)
    XCTAssertEqual(s.symbol, "XBTUSD")
    XCTAssertTrue(s.toml.hasPrefix("venue = \"bitmex\"\nsymbol = \"XBTUSD\"\n"), s.toml)
  }

  /// Another venue has no default instrument: none is made up (XBTUSD on Kraken is nothing), and
  /// what `tradeterm config` prints for it loads back the same.
  func testAnotherVenueWithoutASymbolHasNone() throws {
    let s = try load("venue = \"okx\"\n").get().settings
    XCTAssertNil(s.symbol)
    XCTAssertTrue(s.toml.contains("# symbol: none (OKX has no default instrument"), s.toml)
    let again = try load(s.toml).get().settings
    XCTAssertEqual(again.venue, .okx)
    XCTAssertNil(again.symbol)
  }

  func testAnUnknownVenueIsRefusedWhereItIsWithAGuess() throws {
    guard case .failure(let e) = load("fps = 10\nvenue  = \"krakn\"\n") else { return XCTFail("loaded") }
    XCTAssertEqual(e.position, SourcePosition(line: 2, column: 10), "\(e)")
    XCTAssertTrue(e.message.hasPrefix("venue must be one of bitmex, kraken, binance"), e.message)
    XCTAssertTrue(e.message.hasSuffix("not \"krakn\" (did you mean \"kraken\"?)"), e.message)
    guard case .failure(let far) = load("venue = \"nasdaq\"") else { return XCTFail("loaded") }
    XCTAssertEqual(far.description.prefix(9), "c.toml:1:")
    XCTAssertFalse(far.message.contains("did you mean"), far.message)
    guard case .failure(let number) = load("venue = 3") else { return XCTFail("loaded") }
    XCTAssertEqual(number.description, "c.toml:1:9: venue must be a string, not an integer")
  }

  /// A favourite on a venue tradeterm does not follow is refused where it is, not kept as one
  /// nothing opens and written back to the favourites file.
  func testAFavouriteOnAnUnknownVenueIsRefusedWhereItIs() throws {
    let ok = try load("favourites = [\"ETHUSD\", \"kraken:BTC/USD\"]\n").get().settings
    XCTAssertEqual(ok.favourites, ["ETHUSD", "kraken:BTC/USD"])
    guard case .failure(let e) = load("fps = 10\nfavourites = [\"ETHUSD\", \"krakn:BTC/USD\"]\n") else {
      return XCTFail("an unknown venue's favourite loaded")
    }
    XCTAssertEqual(e.position.line, 2, "\(e)")
    XCTAssertTrue(e.message.hasPrefix("favourites: unknown venue \"krakn\""), e.message)
  }

  func testAMisspeltVenueKeyIsAWarningWithAGuess() throws {
    let c = try load("symbol = \"ETHUSD\"\nvenu = \"kraken\"\n").get()
    XCTAssertEqual(c.warnings.map(\.position), [SourcePosition(line: 2, column: 1)])
    XCTAssertTrue(
      c.warnings.first?.message.contains("unknown key \"venu\", ignored (did you mean \"venue\"?)") == true,
      "\(c.warnings)")
    XCTAssertEqual(c.settings.venue, .bitmex)
  }

  /// Which venue and symbol a run opens on: the command line's `venue:` prefix or `--venue`, else
  /// the config's venue; the command line's symbol, else the config's on its own venue only.
  func testTheCommandLineWinsOverTheConfig() throws {
    var kraken = defaultSettings()
    kraken.venue = .kraken
    kraken.configuredSymbol = "BTC/USD"
    var bitmexETH = defaultSettings()
    bitmexETH.configuredSymbol = "ETHUSD"
    let cases: [(given: String?, option: String?, settings: Settings, venue: Venue, symbol: String?)] = [
      // Nothing on the command line: the config's.
      (nil, nil, kraken, .kraken, "BTC/USD"),
      (nil, nil, defaultSettings(), .bitmex, "XBTUSD"),
      (nil, nil, bitmexETH, .bitmex, "ETHUSD"),
      // A bare symbol is on the config's venue.
      ("ETH/USD", nil, kraken, .kraken, "ETH/USD"),
      ("ETHUSD", nil, defaultSettings(), .bitmex, "ETHUSD"),
      // A prefix or --venue wins; the config's symbol is not carried to another venue.
      ("bitmex:ETHUSD", nil, kraken, .bitmex, "ETHUSD"),
      (nil, "bitmex", kraken, .bitmex, "XBTUSD"),
      (nil, "okx", kraken, .okx, nil),
      ("BTC-USDT", "OKX", kraken, .okx, "BTC-USDT"),
      ("okx:BTC-USDT", "okx", kraken, .okx, "BTC-USDT"),
      (nil, "kraken", kraken, .kraken, "BTC/USD"),
      (nil, "kraken", bitmexETH, .kraken, nil),
    ]
    for c in cases {
      let chosen = try StartInstrument.resolve(given: c.given, venueOption: c.option, settings: c.settings)
        .get()
      XCTAssertEqual(
        chosen, StartInstrument(venue: c.venue, symbol: c.symbol),
        "\(c.given ?? "-") --venue \(c.option ?? "-") over venue \(c.settings.venue)")
    }
  }

  /// What the command line names is refused as it was before the config could name a venue.
  func testACommandLineVenueThatCannotBeReadIsAProblem() {
    let cases: [(String?, String?, String)] = [
      ("nasdaq:AAPL", nil, "unknown venue \"nasdaq\" (venues: bitmex, kraken,"),
      (nil, "nyse", "unknown venue \"nyse\""),
      ("kraken:", nil, "no symbol after the venue"),
      ("kraken:BTC/USD", "bitmex", "two venues: kraken in kraken:BTC/USD and --venue bitmex; give one"),
    ]
    var kraken = defaultSettings()
    kraken.venue = .kraken
    for (given, option, words) in cases {
      guard
        case .failure(let problem) = StartInstrument.resolve(
          given: given, venueOption: option, settings: kraken, venues: RegisteredVenues.names)
      else {
        XCTFail("\(given ?? "-") --venue \(option ?? "-") was read")
        continue
      }
      XCTAssertTrue(problem.message.hasPrefix(words), problem.message)
    }
  }
}
