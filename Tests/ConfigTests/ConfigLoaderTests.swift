import App
import Binance
import BitMEX
import Config
import Kraken
import MarketModel
import Screen
import TestSupport
import Trading
import XCTest

final class ConfigLoaderTests: XCTestCase {
  /// The file's settings with the venues' defaults, as the executable fills them in.
  private func load(_ text: String) -> Result<LoadedConfig, ConfigError> {
    ConfigLoader.load(text, file: "c.toml", venues: RegisteredVenues.names).map { loaded in
      var c = loaded
      c.settings.venueDefaults = [.bitmex: VenueAbout.bitmex.defaultSymbol ?? ""]
      return c
    }
  }

  private func settings(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> LoadedConfig? {
    switch load(text) {
    case .success(let c): return c
    case .failure(let e):
      XCTFail("unexpected error: \(e)", file: file, line: line)
      return nil
    }
  }

  private func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> ConfigError? {
    switch load(text) {
    case .success: XCTFail("loaded a bad file", file: file, line: line)
    case .failure(let e): return e
    }
    return nil
  }

  func testEmptyFileGivesDefaults() throws {
    let c = try XCTUnwrap(settings(""))
    XCTAssertEqual(c.settings.symbol, "XBTUSD")
    XCTAssertEqual(c.settings.fps, 10)
    XCTAssertEqual(c.settings.theme, .dark)
    XCTAssertTrue(c.warnings.isEmpty)
  }

  func testTheExampleLoadsWithoutWarnings() throws {
    let c = try XCTUnwrap(settings(Settings.example(.bitmex)))
    XCTAssertEqual(c.warnings, [])
    XCTAssertEqual(c.settings.alerts.count, 4)
    XCTAssertEqual(c.settings.largeTrade["XBTUSD"], 100_000)
    XCTAssertEqual(c.settings.theme[.buy], .rgb(0, 0xd7, 0x87))
    XCTAssertEqual(c.settings.theme[.sell], .index(203))
    XCTAssertEqual(c.settings.theme.stale, .index(240))
    XCTAssertEqual(c.settings.keys["toggle-bars"], [.character("b")])
  }

  /// What `tradeterm config` prints loads back to the same settings.
  func testEffectiveSettingsRoundTrip() throws {
    let first = try XCTUnwrap(settings(Settings.example(.bitmex))).settings
    let again = try XCTUnwrap(settings(first.toml)).settings
    XCTAssertEqual(again.toml, first.toml)
    XCTAssertEqual(again.alerts, first.alerts)
    XCTAssertEqual(Theme.roleNames.map { again.theme[$0.role] }, Theme.roleNames.map { first.theme[$0.role] })
  }

  /// `tradeterm config` prints the theme in force, all of it: the base the file named (it said
  /// `base = "dark"` for `"high-contrast"`), every role, and the stale role, `"none"` when stale
  /// text is only dimmed (it was left out); what it prints loads back the same.
  func testTheThemeInForceIsPrintedWhole() throws {
    for base in ["dark", "light", "high-contrast"] {
      let loaded = try XCTUnwrap(settings("[theme]\nbase = \"\(base)\"\nbid = 2\n")).settings
      let text = loaded.toml
      XCTAssertTrue(text.contains("base = \"\(base)\"\n"), text)
      XCTAssertTrue(text.contains("bid = \"green\"\n"), text)
      XCTAssertTrue(text.contains("stale = \"none\"\n"), text)
      for (name, _) in Theme.roleNames { XCTAssertTrue(text.contains("\n\(name) = "), "\(name) in\n\(text)") }
      let again = try XCTUnwrap(settings(text)).settings
      XCTAssertEqual(again.theme.base, base)
      XCTAssertNil(again.theme.stale)
      XCTAssertEqual(
        Theme.roleNames.map { again.theme[$0.role] }, Theme.roleNames.map { loaded.theme[$0.role] })
      XCTAssertEqual(again.toml, text)
    }
    let plain = try XCTUnwrap(settings("theme = \"high-contrast\"\n")).settings.toml
    XCTAssertTrue(plain.contains("base = \"high-contrast\"\n") && plain.contains("stale = \"none\"\n"), plain)
  }

  func testSyntaxErrorHasLineAndColumn() throws {
    let e = try XCTUnwrap(error("symbol = \"XBTUSD\"\nfps = 30\n[theme\nbid = 2\n"))
    XCTAssertEqual(e.position.line, 3)
    XCTAssertGreaterThan(e.position.column, 1)
    XCTAssertTrue(e.description.hasPrefix("c.toml:3:"), e.description)
  }

  /// Type and range errors in valid TOML are placed at their key, found in the text.
  func testValueErrorsAreTable() throws {
    let cases: [(text: String, line: Int, column: Int, says: String)] = [
      ("fps = \"fast\"", 1, 7, "fps must be an integer"),
      ("\n\nfps = 500", 3, 7, "fps must be from 1 to 120"),
      ("depth = 10", 1, 9, "depth must be 25 or \"full\""),
      ("[theme]\nbase = \"light\"\n  bid = \"blurple\"", 3, 9, "theme.bid must be a colour"),
      ("theme = \"neon\"", 1, 9, "theme must be one of dark, light, high-contrast, monochrome"),
      ("[keys]\nquit = \"F13\"", 2, 8, "\"F13\" is not a key"),
      (
        "[[alerts]]\nsymbol = \"XBTUSD\"\nabove = 1\n[[alerts]]\nsymbol = \"X\"\nabove = \"high\"", 6, 9,
        "above must be a number"
      ),
      ("[[alerts]]\nsymbol = \"XBTUSD\"\nmove = 2", 3, 8, "needs within"),
      ("[[alerts]]\nsymbol = \"XBTUSD\"\nabove = 1\nbelow = 2", 4, 9, "not several"),
      ("[[alerts]]\nabove = 1", 1, 1, "needs a symbol"),
      ("[[positions]]\nsymbol = \"XBTUSD\"\nquantity = 0\nentry = 1", 3, 12, "quantity must be"),
      (
        "[[positions]]\nsymbol = \"XBTUSD\"\nquantity = 10\nentry = -1", 4, 9, "entry must be a price above 0"
      ),
      ("a = 1\n'confirm-quit'   =   \"yes\"", 2, 22, "confirm-quit must be true or false"),
      ("[large-trade]\nXBTUSD = -5", 2, 10, "large-trade.XBTUSD must be a positive size"),
    ]
    for c in cases {
      guard let e = error(c.text) else { continue }
      XCTAssertEqual(e.position, SourcePosition(line: c.line, column: c.column), "\(c.text) -> \(e)")
      XCTAssertTrue(e.message.contains(c.says), "\(c.text) -> \(e.message)")
    }
  }

  func testUnknownKeysAreWarningsWithSuggestions() throws {
    let c = try XCTUnwrap(
      settings(
        "symbl = \"ETHUSD\"\n[keys]\nqiut = \"x\"\n[[alerts]]\nsymbol = \"XBTUSD\"\nabove = 1\nrepaet = \"every\"\nzzz = 1"
      ))
    XCTAssertEqual(c.warnings.map(\.position.line), [1, 3, 7, 8])
    XCTAssertTrue(
      c.warnings[0].message.contains("\"symbl\"") && c.warnings[0].message.contains("did you mean \"symbol\"")
    )
    XCTAssertTrue(c.warnings[1].message.contains("did you mean \"quit\""), c.warnings[1].message)
    XCTAssertTrue(c.warnings[2].message.contains("did you mean \"repeat\""))
    XCTAssertFalse(c.warnings[3].message.contains("did you mean"))
    XCTAssertEqual(c.settings.symbol, "XBTUSD")
  }

  /// A position whose key is misspelt says which and guesses, abbreviations too (issue 29: `qty =`
  /// gave only "each position needs symbol, quantity and entry").
  func testAMisspeltPositionKeyIsNamedWithAGuess() throws {
    let e = try XCTUnwrap(error("[[positions]]\nsymbol = \"XBTUSD\"\nqty = 1000\nentry = 95000\n"))
    XCTAssertTrue(e.description.contains("each position needs symbol, quantity and entry"), e.description)
    XCTAssertTrue(e.description.contains("unknown key \"qty\" (did you mean \"quantity\"?)"), e.description)
    let typo = try XCTUnwrap(error("[[positions]]\nsymbl = \"XBTUSD\"\nquantity = 1\nentry = 9\n"))
    XCTAssertTrue(
      typo.description.contains("unknown key \"symbl\" (did you mean \"symbol\"?)"), typo.description)
    // An abbreviation of a config key is guessed too, where only one key fits.
    let c = try XCTUnwrap(settings("[[alerts]]\nsymbol = \"XBTUSD\"\nabove = 1\nrpt = \"every\"\n"))
    XCTAssertTrue(c.warnings.first?.message.contains("did you mean \"repeat\"") == true, "\(c.warnings)")
  }

  func testAlertsParse() throws {
    let text = """
      [[alerts]]
      symbol = "XBTUSD"
      below = 90000
      price = "mark"
      repeat = "every"
      cooldown = 30
      run = ["notify-send", "{symbol}"]
      [[alerts]]
      symbol = "ETHUSD"
      funding-above = 0.05
      [[alerts]]
      symbol = "XBTUSD"
      trade = 50000
      [[alerts]]
      symbol = "XBTUSD"
      wall = 1000000
      within-bps = 15
      [[alerts]]
      symbol = "BTC"
      spread = 4.5
      """
    let alerts = try XCTUnwrap(settings(text)).settings.alerts
    XCTAssertEqual(
      alerts.map(\.kind),
      [
        .below(90_000, .mark), .fundingAbove(0.0005), .trade(size: 50_000), .wall(size: 1_000_000, bps: 15),
        .spread(bps: 4.5),
      ])
    // And written back as read.
    let again = try XCTUnwrap(settings(Settings.alertLines(alerts[4]).joined(separator: "\n")))
    XCTAssertEqual(again.settings.alerts.map(\.kind), [.spread(bps: 4.5)])
    XCTAssertEqual(alerts[0].rearm, .every(cooldownSeconds: 30))
    XCTAssertEqual(alerts[0].run, ["notify-send", "{symbol}"])
    XCTAssertEqual(alerts[1].rearm, .once)
  }

  func testPositionsParse() throws {
    let text = "[[positions]]\nsymbol = \"XBTUSD\"\nquantity = -500\nentry = 95000.5\n"
    let p = try XCTUnwrap(settings(text)).settings.positions
    XCTAssertEqual(p, [HeldPosition(symbol: "XBTUSD", quantity: -500, entry: 95_000.5)])
  }

  func testKeyConflictsNameBothBindings() throws {
    let c = try XCTUnwrap(settings("[keys]\nhelp = \"m\"\npause = \"m\""))
    XCTAssertEqual(c.keyConflicts.count, 2, "\(c.keyConflicts)")
    XCTAssertTrue(
      c.keyConflicts.contains { $0.contains("markets") && $0.contains("pause") }, "\(c.keyConflicts)")
    XCTAssertTrue(
      c.keyConflicts.contains { $0.contains("pause") && $0.contains("help") }, "\(c.keyConflicts)")
  }

  func testHostileStringsStayQuotedInOutput() throws {
    var s = Settings()
    s.logFile = "/tmp/a\"b\n[keys]"
    let again = try XCTUnwrap(settings(s.toml)).settings
    XCTAssertEqual(again.logFile, s.logFile)
  }

  /// Every number the config takes, given 1e19, 1e300, -1e300, nan and inf: a clear error at
  /// that key (file:line:column), never a trap (`trade = 1e19` was `Int64(1e19)`).
  func testEveryNumericFieldRefusesHugeAndNonFiniteNumbers() throws {
    // (the file around the value, with VALUE where it goes; the key's name)
    let fields: [(text: String, key: String)] = [
      ("fps = VALUE", "fps"),
      ("[large-trade]\nXBTUSD = VALUE", "XBTUSD"),
      ("[[alerts]]\nsymbol = \"XBTUSD\"\nabove = VALUE", "above"),
      ("[[alerts]]\nsymbol = \"XBTUSD\"\nbelow = VALUE", "below"),
      ("[[alerts]]\nsymbol = \"XBTUSD\"\nmove = VALUE\nwithin = 5", "move"),
      ("[[alerts]]\nsymbol = \"XBTUSD\"\nmove = 1\nwithin = VALUE", "within"),
      ("[[alerts]]\nsymbol = \"XBTUSD\"\nfunding-above = VALUE", "funding-above"),
      ("[[alerts]]\nsymbol = \"XBTUSD\"\nfunding-below = VALUE", "funding-below"),
      ("[[alerts]]\nsymbol = \"XBTUSD\"\ntrade = VALUE", "trade"),
      ("[[alerts]]\nsymbol = \"BTC\"\nspread = VALUE", "spread"),
      ("[[alerts]]\nsymbol = \"XBTUSD\"\nwall = VALUE\nwithin-bps = 20", "wall"),
      ("[[alerts]]\nsymbol = \"XBTUSD\"\nwall = 100\nwithin-bps = VALUE", "within-bps"),
      ("[[alerts]]\nsymbol = \"XBTUSD\"\nabove = 1\nrepeat = \"every\"\ncooldown = VALUE", "cooldown"),
      ("[[positions]]\nsymbol = \"XBTUSD\"\nquantity = VALUE\nentry = 1", "quantity"),
      ("[[positions]]\nsymbol = \"XBTUSD\"\nquantity = 1\nentry = VALUE", "entry"),
    ]
    for field in fields {
      let lines = field.text.split(separator: "\n", omittingEmptySubsequences: false)
      let line = try XCTUnwrap(lines.firstIndex { $0.contains("VALUE") }) + 1
      let column =
        try XCTUnwrap(lines[line - 1].range(of: "VALUE")).lowerBound.utf16Offset(in: lines[line - 1]) + 1
      for value in ["1e19", "1e300", "-1e300", "nan", "inf", "-inf"] {
        let text = field.text.replacingOccurrences(of: "VALUE", with: value)
        guard let e = error(text) else { continue }
        XCTAssertTrue(e.description.hasPrefix("c.toml:\(line):\(column): "), "\(value) -> \(e)")
        XCTAssertTrue(e.message.contains(field.key), "\(value) -> \(e)")
        if value.hasSuffix("nan") || value.hasSuffix("inf"), field.key != "fps", field.key != "XBTUSD" {
          XCTAssertTrue(e.message.contains("must be a finite number"), "\(value) -> \(e)")
        }
      }
    }
  }

  /// A spread alert is in basis points: beyond 10,000 (100 %) is refused where it is written.
  func testASpreadBeyondAHundredPercentIsRefused() throws {
    let e = try XCTUnwrap(error("[[alerts]]\nsymbol = \"BTC\"\nspread = 20000"))
    XCTAssertEqual(e.description, "c.toml:3:10: spread must be basis points from 0 to 10000, not 20000")
  }

  /// `above = nan` says what is wrong with it (it said "must be a number, not a number with a
  /// fraction").
  func testNotANumberIsSaidSo() throws {
    let e = try XCTUnwrap(error("[[alerts]]\nsymbol = \"XBTUSD\"\nabove = nan"))
    XCTAssertEqual(e.description, "c.toml:3:9: above must be a finite number, not nan")
  }

  /// A NUL byte ended the file for the TOML parser: what followed was silently dropped.
  func testANulByteIsAnErrorWhereItIs() throws {
    let e = try XCTUnwrap(error("symbol = \"ETHUSD\"\nfps = 30\u{0}\nfps = 500\n"))
    XCTAssertEqual(e.position, SourcePosition(line: 2, column: 9))
    XCTAssertTrue(e.description.hasPrefix("c.toml:2:9: a NUL byte"), e.description)
  }
}

/// `[across]`, `[across.ASSET]` and `[fees]`: the cross-venue screen's instruments, stablecoins at
/// par, and the venues' taker fees; read, written back by `tradeterm config`, and refused with
/// file:line:column where they are wrong.
final class AcrossConfigTests: XCTestCase {
  func load(_ text: String) -> Result<LoadedConfig, ConfigError> {
    ConfigLoader.load(text, file: "c.toml", venues: RegisteredVenues.names)
  }

  func testInstrumentsParAndFeesReadAndWriteBack() throws {
    let text = """
      [across]
      stablecoins-at-par = true
      fps = 12

      [across.btc]
      instruments = ["kraken:BTC/USD", "binance-usdm:BTCUSDT", "XBTUSD", "kraken:BTC/USD"]

      [fees]
      binance = 0.10
      Kraken = 0.4
      """
    let s = try load(text).get().settings
    XCTAssertTrue(s.stablecoinsAtPar)
    XCTAssertEqual(s.acrossFps, 12)
    XCTAssertEqual(s.fps, 10, "the dashboard's frame rate is its own")
    // An asset's table by its code (`btc` is BTC); a bare symbol is BitMEX's; twice is once.
    XCTAssertEqual(
      s.acrossInstruments["BTC"]?.map(\.description),
      ["kraken:BTC/USD", "binance-usdm:BTCUSDT", "bitmex:XBTUSD"])
    XCTAssertEqual(s.takerFeePercent[.binance]?.description, "0.1")
    XCTAssertEqual(s.takerFeePercent[.kraken]?.description, "0.4")
    let again = try load(s.toml).get().settings
    XCTAssertEqual(again.acrossInstruments, s.acrossInstruments)
    XCTAssertEqual(again.stablecoinsAtPar, true)
    XCTAssertEqual(again.acrossFps, 12)
    XCTAssertEqual(again.takerFeePercent, s.takerFeePercent)
  }

  func testWrongValuesSayWhereAndWhat() throws {
    let cases: [(String, String)] = [
      ("[fees]\nbinanse = 0.1", "c.toml:2:11: fees: unknown venue \"binanse\""),
      ("[fees]\nbinance = 150", "c.toml:2:11: fees.binance must be a number from -100 to 100, not 150"),
      (
        "[fees]\nbinance = -1",
        "c.toml:2:11: fees.binance must be a taker fee in percent from 0 to 100, not -1"
      ),
      ("[across.BTC]\ninstruments = [\"nasdaq:AAPL\"]", "c.toml:2:15: across.BTC.instruments: unknown venue"),
      (
        "[across.BTC]\ninstruments = \"kraken:BTC/USD\"",
        "c.toml:2:15: across.BTC.instruments must be an array"
      ),
      ("[across.BTC]\ninstruments = []", "across.BTC needs instruments"),
      ("[across]\nstablecoins-at-par = 1", "c.toml:2:22: across.stablecoins-at-par must be true or false"),
      ("[across]\nfps = 0", "c.toml:2:7: across.fps must be from 1 to 120, not 0"),
      ("[across]\nfps = \"fast\"", "c.toml:2:7: across.fps must be an integer, not a string"),
      (
        "[across.BTC]\ninstruments = [\"kraken:BTC\\u001B]2;x\\u0007/USD\"]",
        "c.toml:2:15: across.BTC.instruments must be \"venue:SYMBOL\", printable"
      ),
    ]
    for (text, words) in cases {
      guard case .failure(let e) = load(text) else {
        XCTFail("\(text) loaded")
        continue
      }
      XCTAssertTrue(e.description.hasPrefix(words) || e.description.contains(words), "\(text) -> \(e)")
    }
  }
}
