import Screen
import Session

/// What a key can do on the dashboard (and, for some, on every screen).
public enum Command: Sendable, Hashable {
  case focusNext
  case focusPrevious
  case zoom(Pane)
  case unzoom
  case groupFiner
  case groupCoarser
  case toggleBars
  /// The tape: one print per taker order, or every trade.
  case toggleTapeOrders
  /// The tape's minimum size: the next step.
  case cycleTapeFilter
  case cycleChart
  /// The VWAP and the EMA over the candles: shown or hidden.
  case toggleAverages
  case openPicker
  case togglePause
  case reconnect
  case help
  case quit
  case scrollUp
  case scrollDown
  case pageUp
  case pageDown
  case scrollHome
  /// `←`/`→`: the chart's cursor a candle back / forward in time.
  case scrollLeft
  case scrollRight
  case toggleMarkets
  case toggleActivity
  /// The watchlist pane: opened (with the keys) or closed.
  case toggleWatchlist
  /// The watchlist's selected line opened (while the pane has the keys).
  case watchlistOpen
  case toggleHeatmap
  case addAlert
  case listAlerts
  case openTicket
  /// The markets list's own commands (on that screen only).
  case marketsSort(forward: Bool)
  case marketsDirection
  case marketsKinds
  case marketsStar
  case marketsFilter
  case marketsOpen
  /// The markets list grouped by asset, or back to its sort.
  case marketsByAsset
  /// The markets list's venue filter: the next.
  case marketsVenue
  /// The order ticket's own commands (while it is open).
  case ticketField(forward: Bool)
  case ticketBuy
  case ticketSell
  case ticketFlipSide
  case ticketType
  case ticketConfirm
  case ticketCancelOrder
  /// A replay's controls (they say so and do nothing outside a replay).
  case replay(ReplayControl)
  case togglePortfolio
  /// The chart chooser: the next key picks a chart (`chooseChart`), any other goes on as usual.
  case chartMenu
  case chooseChart(ChartChoice)
  /// The cross-venue screen of the asset in view (`Effect.openAcross`); on that screen, back.
  case openAcross
  /// The split view of two books (`tradeterm ETHUSD kraken:ETH/USD`): left, or opened again.
  case toggleSplit
  /// The split view: the second book becomes the market on screen (the header, the tape, the
  /// chart and the ticket follow it), and the other the second book.
  case swapSplit
}

/// The one keymap: every command with its config name, default keys and help text. A command
/// added here is rebindable in the config's `[keys]` table and listed in the help overlay.
public enum Keymap {
  public struct Entry: Sendable {
    /// The name in the config file's `[keys]` table.
    public var name: String
    public var command: Command
    public var keys: [Key]
    /// The help overlay's text; nil to share the line above (its keys are listed there too).
    public var help: String?
    /// Where the binding acts: everywhere (the dashboard's keymap), or on one screen only, where
    /// it comes before the dashboard's (the markets list's Tab sorts; the dashboard's moves focus).
    public var scope: Scope

    init(_ name: String, _ command: Command, _ keys: [Key], _ help: String?, scope: Scope = .dashboard) {
      self.name = name
      self.command = command
      self.keys = keys
      self.help = help
      self.scope = scope
    }
  }

  /// Where a binding acts.
  public enum Scope: Sendable, Hashable, CaseIterable {
    case dashboard
    case markets
    case ticket
    /// The chart chooser's one key after `C`.
    case chartMenu
  }

  private static func c(_ s: Character) -> Key { .character(s) }

  /// Every command, in the help overlay's order.
  public static let table: [Entry] = [
    Entry("focus-next", .focusNext, [.tab], "focus next / previous pane"),
    Entry("focus-previous", .focusPrevious, [.backTab], nil),
    Entry("zoom-book", .zoom(.book), [c("1")], "zoom book / trades / chart (again, {unzoom} or Esc: split)"),
    Entry("zoom-trades", .zoom(.trades), [c("2")], nil),
    Entry("zoom-chart", .zoom(.chart), [c("3")], nil),
    Entry("unzoom", .unzoom, [c("0"), .escape], nil),
    Entry("group-coarser", .groupCoarser, [c("+"), c("=")], "coarser / finer price grouping (1–100 ticks)"),
    Entry("group-finer", .groupFiner, [c("-"), c("_")], nil),
    Entry("toggle-bars", .toggleBars, [c("t")], "depth bars by cumulative total or by level size"),
    Entry(
      "tape-orders", .toggleTapeOrders, [c("T")],
      "trades: one line per taker order (size summed, ×count) or every trade"),
    Entry(
      "tape-filter", .cycleTapeFilter, [c("f")], "trades: minimum size (none, 1K, 10K, 100K, 1M notional)"),
    Entry("cycle-chart", .cycleChart, [c("c")], "chart: sparkline 1s/1m/5m, candles 1m/5m/1h/1d, heatmap"),
    Entry(
      "chart-menu", .chartMenu, [c("C")],
      "chart, directly: then 1-3 line 1s/1m/5m · 4-7 candles 1m/5m/1h/1d · 8 heatmap"),
    Entry("chart-line-1s", .chooseChart(.line1s), [c("1")], nil, scope: .chartMenu),
    Entry("chart-line-1m", .chooseChart(.line1m), [c("2")], nil, scope: .chartMenu),
    Entry("chart-line-5m", .chooseChart(.line5m), [c("3")], nil, scope: .chartMenu),
    Entry("chart-candles-1m", .chooseChart(.candles1m), [c("4")], nil, scope: .chartMenu),
    Entry("chart-candles-5m", .chooseChart(.candles5m), [c("5")], nil, scope: .chartMenu),
    Entry("chart-candles-1h", .chooseChart(.candles1h), [c("6")], nil, scope: .chartMenu),
    Entry("chart-candles-1d", .chooseChart(.candles1d), [c("7")], nil, scope: .chartMenu),
    Entry("chart-heatmap", .chooseChart(.heatmap), [c("8")], nil, scope: .chartMenu),
    Entry("averages", .toggleAverages, [c("v")], "candles: VWAP and EMA20 lines on / off (named at the top)"),
    Entry(
      "chart-back", .scrollLeft, [.left], "chart (focused or zoomed, candles): cursor back / forward in time"),
    Entry("chart-forward", .scrollRight, [.right], nil),
    Entry("symbol", .openPicker, [c("s"), c("/")], "switch symbol (type to filter, Enter, Esc)"),
    Entry("markets", .toggleMarkets, [c("m")], "markets list ({markets} or Esc: back to the dashboard)"),
    Entry(
      "markets-open", .marketsOpen, [.enter], "markets: open the row's symbol · star it", scope: .markets),
    Entry("markets-star", .marketsStar, [c("*")], nil, scope: .markets),
    Entry(
      "markets-sort-next", .marketsSort(forward: true), [.tab],
      "markets: sort column · direction · filter · kinds/favourites", scope: .markets),
    Entry("markets-sort-previous", .marketsSort(forward: false), [.backTab], nil, scope: .markets),
    Entry("markets-direction", .marketsDirection, [c("d")], nil, scope: .markets),
    Entry("markets-filter", .marketsFilter, [c("/")], nil, scope: .markets),
    Entry("markets-kinds", .marketsKinds, [c("f")], nil, scope: .markets),
    Entry(
      "markets-venue", .marketsVenue, [c("v")],
      "markets: venues shown (this one, all, each other venue, from their REST tickers)", scope: .markets),
    Entry(
      "markets-by-asset", .marketsByAsset, [c("g")],
      "markets: group by asset (every instrument of one asset together, by USD volume)", scope: .markets),
    Entry("activity", .toggleActivity, [c("w")], "Activity: liquidations · walls added / pulled / eaten"),
    Entry(
      "watchlist", .toggleWatchlist, [c("W")],
      "watchlist: the favourites live, a line each ({markets} then {markets-star} stars a row)"),
    Entry(
      "watchlist-open", .watchlistOpen, [.enter],
      "watchlist (its keys after W, Tab or a click): open the line ({scroll-up} {scroll-down} select)"),
    Entry("heatmap", .toggleHeatmap, [c("H")], "liquidity heatmap beside the chart (with candles: c)"),
    Entry("ticket", .openTicket, [c("o")], "order ticket, PAPER orders only (Esc closes)"),
    Entry(
      "ticket-next-field", .ticketField(forward: true), [.tab],
      "ticket: next / previous field (digits and . type)",
      scope: .ticket),
    Entry("ticket-previous-field", .ticketField(forward: false), [.backTab], nil, scope: .ticket),
    Entry("ticket-buy", .ticketBuy, [c("b")], "ticket: side Buy / Sell / the other", scope: .ticket),
    Entry("ticket-sell", .ticketSell, [c("s")], nil, scope: .ticket),
    Entry("ticket-other-side", .ticketFlipSide, [.left, .right], nil, scope: .ticket),
    Entry(
      "ticket-type", .ticketType, [c("t")], "ticket: type Market / Limit (price snaps to the tick)",
      scope: .ticket),
    Entry(
      "ticket-confirm", .ticketConfirm, [.enter], "ticket: Confirm (dim, with the reason, when invalid)",
      scope: .ticket),
    Entry(
      "ticket-cancel-order", .ticketCancelOrder, [c("x")],
      "ticket: cancel the selected open order ({scroll-up} {scroll-down})",
      scope: .ticket),
    Entry(
      "portfolio", .togglePortfolio, [c("P")],
      "portfolio: file + paper positions, live P&L ({portfolio} or Esc back)"),
    Entry(
      "across", .openAcross, [c("X")],
      "across venues: the asset in view on every venue ({across} or Esc: back)"),
    Entry(
      "split", .toggleSplit, [c("|")],
      "split view: leave it / open it again; one book: pick a second"),
    Entry(
      "split-swap", .swapSplit, [c("S")],
      "split view: swap the books (▶ marks the one the header, tape, chart and ticket follow)"),
    Entry("add-alert", .addAlert, [c("a")], "add a price alert · list alerts (x removes one)"),
    Entry("alerts", .listAlerts, [c("A")], nil),
    Entry("pause", .togglePause, [c("p")], "pause drawing (the feed keeps running)"),
    Entry("reconnect", .reconnect, [c("r")], "reconnect now"),
    Entry("scroll-up", .scrollUp, [.up, c("k")], "scroll the focused pane"),
    Entry("scroll-down", .scrollDown, [.down, c("j")], nil),
    Entry("page-up", .pageUp, [.pageUp], nil),
    Entry("page-down", .pageDown, [.pageDown], nil),
    Entry("scroll-home", .scrollHome, [.home], nil),
    Entry(
      "replay-pause", .replay(.togglePause), [c(" ")], "replay: pause · +10 s · −10 s · +1 min · −1 min"),
    Entry("replay-forward", .replay(.seek(seconds: 10)), [c(".")], nil),
    Entry("replay-back", .replay(.seek(seconds: -10)), [c(",")], nil),
    Entry("replay-forward-minute", .replay(.seek(seconds: 60)), [c(">")], nil),
    Entry("replay-back-minute", .replay(.seek(seconds: -60)), [c("<")], nil),
    Entry("replay-slower", .replay(.faster(false)), [c("[")], "replay: half / double speed · restart"),
    Entry("replay-faster", .replay(.faster(true)), [c("]")], nil),
    Entry("replay-restart", .replay(.restart), [c("R")], nil),
    Entry("help", .help, [c("?"), c("h")], "this help (any key closes)"),
    Entry("quit", .quit, [c("q"), c("Q"), .interrupt], "quit"),
  ]

  /// The portfolio's own line, listed under its help line: it scrolls with these commands' keys.
  public static let portfolioHelp: (commands: [Command], action: String) = (
    [.scrollUp, .scrollDown, .pageUp, .pageDown], "portfolio: scroll · dim row: stale mark"
  )

  /// The ticket's own keys (fixed), listed under its help line.
  public static let ticketHelp: [(keys: String, action: String)] = [
    ("  limit fills", "a trade past the price; at it, after the queue ahead")
  ]

  /// The entry named `name`.
  public static func entry(named name: String) -> Entry? { table.first { $0.name == name } }

  /// The command for `key` with the default bindings.
  public static func command(for key: Key) -> Command? { KeyBindings.standard.command(for: key) }
}

/// The keys in force: the keymap's defaults with the config's `[keys]` table over them.
public struct KeyBindings: Sendable {
  private var commandByKey: [Keymap.Scope: [Key: Command]] = [:]
  private var keysByCommand: [Command: [Key]] = [:]
  /// Keys the config gave two commands, as lines to show at start.
  public private(set) var conflicts: [String] = []

  public static let standard = KeyBindings(overrides: [:])

  /// The defaults, with each command named in `overrides` bound to its keys instead of its
  /// defaults. A key the config gives a command takes it from the command it had by default; a
  /// key the config gives two commands stays with the first in the keymap's order, and both
  /// bindings are named in `conflicts`. Each scope (the dashboard, the markets list, the ticket)
  /// is a keymap of its own: a screen's keys may be the dashboard's keys too, and win there.
  public init(overrides: [String: [Key]]) {
    for scope in Keymap.Scope.allCases {
      let entries = Keymap.table.filter { $0.scope == scope }
      var map: [Key: Command] = [:]
      var userKey: [Key: String] = [:]
      for entry in entries {
        guard let keys = overrides[entry.name] else { continue }
        keysByCommand[entry.command] = []
        for key in keys {
          if let other = userKey[key] {
            // A key listed twice for one command is no conflict: it is bound once.
            if other != entry.name {
              conflicts.append(
                "key \(key.name) is bound to both \(other) and \(entry.name); \(other) keeps it")
            }
            continue
          }
          userKey[key] = entry.name
          map[key] = entry.command
          keysByCommand[entry.command, default: []].append(key)
        }
      }
      for entry in entries where overrides[entry.name] == nil {
        for key in entry.keys {
          if let other = userKey[key] {
            if key != .interrupt {
              conflicts.append(
                "key \(key.name) is bound to \(other) in the config and to \(entry.name) by default; \(other) takes it"
              )
            }
            continue
          }
          map[key] = entry.command
          keysByCommand[entry.command, default: []].append(key)
        }
      }
      commandByKey[scope] = map
    }
    // Ctrl-C always quits, whatever the config says.
    commandByKey[.dashboard, default: [:]][.interrupt] = .quit
    if !(keysByCommand[.quit]?.contains(.interrupt) ?? false) {
      keysByCommand[.quit, default: []].append(.interrupt)
    }
  }

  /// The dashboard's command for `key`.
  public func command(for key: Key) -> Command? { commandByKey[.dashboard]?[key] }

  /// The command `key` has on a screen of its own (`scope`), if any; the dashboard's keys do the
  /// rest there, as each screen allows.
  public func command(for key: Key, in scope: Keymap.Scope) -> Command? { commandByKey[scope]?[key] }

  /// The keys bound to `command`, first the main one.
  public func keys(for command: Command) -> [Key] { keysByCommand[command] ?? [] }

  /// The first key of `command`, as shown in a hint (`-` for none).
  public func label(_ command: Command) -> String { keys(for: command).first?.name ?? "-" }

  /// The first key of `command` as a footer or the help's text names it: an arrow key as its
  /// arrow (`--ascii` folds it to `<-`, `->`, `Up`, `Down`), any other by name; `-` for none.
  public func short(_ command: Command) -> String {
    switch keys(for: command).first {
    case .left?: "←"
    case .right?: "→"
    case .up?: "↑"
    case .down?: "↓"
    case let key?: key.name
    case nil: "-"
    }
  }

  /// `text` with each `{name}` (a command's name in the `[keys]` table) replaced by that
  /// command's first key in force (`short`): help text that names a key names the one bound.
  public func naming(_ text: String) -> String {
    guard text.contains("{") else { return text }
    var out = text
    for entry in Keymap.table where out.contains("{\(entry.name)}") {
      out = out.replacing("{\(entry.name)}", with: short(entry.command))
    }
    return out
  }

  /// A status-line hint for `command`, nil when no key is bound to it.
  public func hint(_ command: Command, _ action: String) -> KeyHint? {
    keys(for: command).first.map { KeyHint($0.name, action) }
  }

  /// The help overlay's lines: the keys in force and what they do.
  public var help: [KeyHint] {
    var lines: [KeyHint] = []
    for entry in Keymap.table {
      let keys = self.keys(for: entry.command).map(\.name).joined(separator: "  ")
      if entry.help == nil, !lines.isEmpty {
        if !keys.isEmpty {
          lines[lines.count - 1].key += (lines[lines.count - 1].key.isEmpty ? "" : "  ") + keys
        }
      } else {
        // A screen's own keys are listed under the line that opens it, indented.
        lines.append(KeyHint((entry.scope == .dashboard ? "" : "  ") + keys, naming(entry.help ?? "")))
      }
      if entry.command == .togglePortfolio {
        let (commands, action) = Keymap.portfolioHelp
        lines.append(
          KeyHint("  " + commands.flatMap { self.keys(for: $0) }.map(\.name).joined(separator: " "), action))
      }
      if entry.command == .ticketCancelOrder {
        lines += Keymap.ticketHelp.map { KeyHint($0.keys, $0.action) }
      }
    }
    return lines
  }

  /// Every command with its keys, as the config's `[keys]` table.
  public var table: [(name: String, keys: [Key])] {
    Keymap.table.map { ($0.name, keys(for: $0.command)) }
  }
}
