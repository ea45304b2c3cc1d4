import App
import MarketModel
import Screen
import VenueCore

extension Settings {
  /// The settings as a config file would give them: what `tradeterm config` prints.
  public var toml: String {
    var out: [String] = []
    out.append("venue = \(Self.quoted(venue.rawValue))")
    if let symbol {
      out.append("symbol = \(Self.quoted(symbol))")
    } else {
      out.append(
        "# symbol: none (\(venueNames[venue] ?? venue.name) has no default instrument: the command line names it)"
      )
    }
    out.append("depth = \(depth == "full" ? "\"full\"" : depth)")
    out.append("fps = \(fps)")
    out.append("start-screen = \(Self.quoted(startScreen.rawValue))")
    out.append("confirm-quit = \(confirmQuit)")
    out.append("favourites = [\(favourites.map(Self.quoted).joined(separator: ", "))]")
    if let logFile { out.append("log-file = \(Self.quoted(logFile))") }
    out.append("log-level = \(Self.quoted(logLevel))")
    out.append("")
    out.append("[large-trade]")
    for (symbol, size) in largeTrade.sorted(by: { $0.key < $1.key }) {
      out.append("\(Self.key(symbol)) = \(size)")
    }
    out.append("")
    out.append("[theme]")
    let base = Theme.builtIn.contains { $0.name == theme.name } ? theme.name : theme.base
    out.append("base = \(Self.quoted(base))")
    if !theme.monochrome {
      for (name, role) in Theme.roleNames { out.append("\(name) = \(Self.color(theme[role]))") }
      // Every role, the stale one too: "none" when stale text is only dimmed.
      out.append("\(Theme.staleRoleName) = \(theme.stale.map(Self.color) ?? Self.quoted(Theme.noStaleColor))")
    }
    out.append("")
    out.append("[keys]")
    let bindings = KeyBindings(overrides: keys)
    for (name, keys) in bindings.table {
      out.append("\(name) = [\(keys.map { Self.quoted($0.name) }.joined(separator: ", "))]")
    }
    out.append("")
    out.append("[across]")
    out.append("stablecoins-at-par = \(stablecoinsAtPar)")
    out.append("fps = \(acrossFps)")
    for (asset, keys) in acrossInstruments.sorted(by: { $0.key < $1.key }) {
      out.append("")
      out.append("[across.\(Self.key(asset.description))]")
      out.append("instruments = [\(keys.map { Self.quoted($0.description) }.joined(separator: ", "))]")
    }
    out.append("")
    out.append("[fees]")
    for (venue, fee) in takerFeePercent.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      out.append("\(Self.key(venue.rawValue)) = \(fee.normalized)")
    }
    for rule in alerts {
      out.append("")
      out.append(contentsOf: Self.alertLines(rule))
    }
    for p in positions {
      out.append("")
      out.append("[[positions]]")
      out.append("symbol = \(Self.quoted(p.symbol.description))")
      out.append("quantity = \(AlertRule.number(p.quantity))")
      out.append("entry = \(AlertRule.number(p.entry))")
    }
    return out.joined(separator: "\n") + "\n"
  }

  /// One `[[alerts]]` table, as the config and the alerts state file write it.
  public static func alertLines(_ rule: AlertRule) -> [String] {
    // Another venue's symbol after its venue's name (`kraken:BTC/USD`); BitMEX's bare.
    var out = ["[[alerts]]", "symbol = \(quoted(rule.instrument.description))"]
    func n(_ v: Double) -> String { AlertRule.number(v) }
    switch rule.kind {
    case .above(let level, let source): out += ["above = \(n(level))", "price = \(quoted(source.rawValue))"]
    case .below(let level, let source): out += ["below = \(n(level))", "price = \(quoted(source.rawValue))"]
    case .move(let percent, let minutes): out += ["move = \(n(percent))", "within = \(n(minutes))"]
    case .fundingAbove(let rate): out += ["funding-above = \(AlertRule.percent(rate))"]
    case .fundingBelow(let rate): out += ["funding-below = \(AlertRule.percent(rate))"]
    case .trade(let size): out += ["trade = \(size)"]
    case .wall(let size, let bps): out += ["wall = \(size)", "within-bps = \(n(bps))"]
    case .spread(let bps): out += ["spread = \(n(bps))"]
    }
    switch rule.rearm {
    case .once: out.append("repeat = \"once\"")
    case .every(let cooldown): out += ["repeat = \"every\"", "cooldown = \(n(cooldown))"]
    }
    if !rule.run.isEmpty { out.append("run = [\(rule.run.map(quoted).joined(separator: ", "))]") }
    return out
  }

  /// The alerts state file's text for `rules`, and the rules left out of it: each is written
  /// only if its lines read back as the same rule (checked by loading them), so a rule that
  /// would not (a symbol with a space in it) never makes the file fail to load.
  public static func alertsFile(_ rules: [AlertRule]) -> (text: String, refused: [AlertRule]) {
    var text = "# tradeterm's alerts added with `a`, kept across runs (the config's [[alerts]] form).\n"
    var refused: [AlertRule] = []
    for rule in rules {
      let lines = alertLines(rule).joined(separator: "\n") + "\n"
      guard case .success(let again) = ConfigLoader.loadAlerts(lines, file: "alerts"), again.rules == [rule]
      else {
        refused.append(rule)
        continue
      }
      text += "\n" + lines
    }
    return (text, refused)
  }

  /// A colour as the config writes it: an index as a number, else a string.
  static func color(_ c: ThemeColor) -> String {
    let text = c.text
    return Int(text) != nil ? text : quoted(text)
  }

  /// A TOML basic string.
  static func quoted(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
      switch u {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      default:
        // Controls, C1 and bidi overrides are written as escapes: the printed file is safe in a
        // terminal and reads back as the same text.
        if !TerminalText.isSafe(u) {
          let hex = String(u.value, radix: 16)
          let width = u.value > 0xFFFF ? 8 : 4
          out += (width == 8 ? "\\U" : "\\u") + String(repeating: "0", count: width - hex.count) + hex
        } else {
          out.unicodeScalars.append(u)
        }
      }
    }
    return out + "\""
  }

  /// A bare key when it can be one, else quoted.
  static func key(_ s: String) -> String {
    let bare =
      !s.isEmpty
      && s.unicodeScalars.allSatisfy {
        ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "-" || $0 == "_"
      }
    return bare ? s : quoted(s)
  }

  /// A commented example config: `tradeterm config --example` prints it. Its venue is `home`
  /// (the venue a bare symbol means by default), its symbols that venue's default instrument and
  /// its second example (`VenueAbout`).
  public static func example(_ home: VenueAbout) -> String {
    let venue = home.venue.rawValue
    let symbols = home.exampleSymbols
    let first = home.defaultSymbol ?? symbols.first ?? "SYMBOL"
    let second = symbols.first { $0 != first } ?? first
    return """
      # tradeterm's config: $XDG_CONFIG_HOME/tradeterm/config.toml (~/.config/tradeterm/config.toml),
      # or --config PATH. Every setting is optional; command-line flags override the file.

      venue = "\(venue)"           # the venue of a bare symbol (tradeterm kraken:BTC/USD / --venue override it)
      symbol = "\(first)"          # the dashboard's symbol on that venue (tradeterm \(second) / --symbol override it)
      depth = 25                 # order-book depth: 25 or "full"
      fps = 10                   # most frames a second the market moves (a key draws at once), 1-120
      start-screen = "dashboard" # or "markets"
      confirm-quit = false       # true: q asks before quitting
      favourites = ["\(first)", "\(second)"]   # starred on the markets list (with the favourites file's)
      # log-file = "/tmp/tradeterm.log"   # connection changes, resyncs, REST failures, alerts
      log-level = "info"         # trace, debug, info, notice, warning, error, critical

      # A trade at or above this size is large (bold on the tape); other symbols use the tape's
      # 95th percentile.
      [large-trade]
      \(first) = 100000
      \(second) = 50000

      # theme = "light" picks a built-in: dark (the default), light, high-contrast, monochrome
      # (NO_COLOR or --no-color give monochrome). A [theme] table starts from `base` and sets roles:
      # text muted accent bid ask up down warning error live bid-bar ask-bar border banner stale.
      # Colours: a name (red, bright-blue, grey…), an index 0-255, "#rrggbb" (24-bit on a
      # direct-colour terminal, else the nearest of 256), or "default".
      # stale = "none" only dims. On 8 or 16 colours (TERM=screen) each built-in role has its own
      # fallback (green bids, red asks); a colour set here becomes the nearest (black only if near black).
      [theme]
      base = "dark"
      bid = "#00d787"
      ask = 203
      border = "grey"
      stale = 240

      # Any command can take other keys: one key or a list. `tradeterm config` lists every command
      # with the keys in force; a key given to two commands is reported when tradeterm starts.
      # Keys: one character, or Up Down Left Right PgUp PgDn Home End Tab Shift-Tab Enter Esc
      # Backspace Space Ctrl-C.
      [keys]
      scroll-down = ["j", "Down"]
      scroll-up = ["k", "Up"]
      toggle-bars = "b"

      # Alerts: one of above / below (price = "last" or "mark"), move (percent) with within
      # (minutes), funding-above / funding-below (percent), trade (size), wall (size) with
      # within-bps; spread (bps, symbol = an asset such as "BTC": its venues crossed by that
      # much on `tradeterm --across BTC`). repeat = "once" (the default) or "every" with cooldown (seconds). They fire
      # on live data only, once per crossing: a banner (any key acknowledges it, and acts), the bell, and a
      # desktop notification (OSC 777 and OSC 9, through tmux too); `run` starts a program (no
      # shell; {symbol} {price} {alert} are replaced) and is stopped after 10 seconds.
      [[alerts]]
      symbol = "\(first)"
      above = 100000
      price = "last"

      [[alerts]]
      symbol = "\(first)"
      move = 2          # percent
      within = 5        # minutes
      repeat = "every"
      cooldown = 300
      # run = ["notify-send", "tradeterm", "{symbol} {price}"]

      [[alerts]]
      symbol = "\(first)"
      wall = 1000000
      within-bps = 20

      [[alerts]]
      symbol = "BTC"
      spread = 5       # bps: one venue's bid above another's ask (tradeterm --across BTC)

      # The cross-venue screen (tradeterm --across BTC): its instruments instead of the default
      # choice, USD/USDT/USDC merged at par, its frame rate while only the market moves (keys are
      # answered at once; --fps sets it too), and each venue's taker fee in percent (the spread
      # matrix is then after fees).
      # [across]
      # stablecoins-at-par = false
      # fps = 20
      # [across.BTC]
      # instruments = ["\(venue):\(first)", "kraken:BTC/USD", "binance:BTCUSDT", "coinbase:BTC-USD"]
      # [fees]
      # binance = 0.10
      # kraken = 0.40

      # Positions for the portfolio (contracts; negative for a short).
      # [[positions]]
      # symbol = "\(first)"
      # quantity = 1000
      # entry = 95000

      """
  }
}
