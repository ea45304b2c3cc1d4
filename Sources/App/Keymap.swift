import Screen
import Session

/// The one keymap: what each key does, and the help overlay's text.
public enum Command: Sendable, Hashable {
  case focusNext
  case focusPrevious
  case zoom(Pane)
  case unzoom
  case groupFiner
  case groupCoarser
  case toggleBars
  case cycleChart
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
  /// A replay's controls (they say so and do nothing outside a replay).
  case replay(ReplayControl)
  case openTicket
}

public enum Keymap {
  /// The command for `key` in the dashboard (not in the picker or help overlay).
  public static func command(for key: Key) -> Command? {
    switch key {
    case .tab: .focusNext
    case .backTab: .focusPrevious
    case .character("1"): .zoom(.book)
    case .character("2"): .zoom(.trades)
    case .character("3"): .zoom(.chart)
    case .character("0"), .escape: .unzoom
    case .character("+"), .character("="): .groupCoarser
    case .character("-"), .character("_"): .groupFiner
    case .character("t"): .toggleBars
    case .character("c"): .cycleChart
    case .character("s"), .character("/"): .openPicker
    case .character("m"): .toggleMarkets
    case .character("o"): .openTicket
    case .character("p"): .togglePause
    case .character("r"): .reconnect
    case .character("?"), .character("h"): .help
    case .character("q"), .character("Q"), .interrupt: .quit
    case .up, .character("k"): .scrollUp
    case .down, .character("j"): .scrollDown
    case .pageUp: .pageUp
    case .pageDown: .pageDown
    case .home: .scrollHome
    case .left: .scrollLeft
    case .right: .scrollRight
    case .character(" "): .replay(.togglePause)
    case .character("."): .replay(.seek(seconds: 10))
    case .character(","): .replay(.seek(seconds: -10))
    case .character(">"): .replay(.seek(seconds: 60))
    case .character("<"): .replay(.seek(seconds: -60))
    case .character("]"): .replay(.faster(true))
    case .character("["): .replay(.faster(false))
    case .character("R"): .replay(.restart)
    default: nil
    }
  }

  /// The help overlay's lines: keys and what they do.
  public static let help: [(keys: String, action: String)] = [
    ("Tab / Shift-Tab", "focus next / previous pane"),
    ("1  2  3", "zoom book / trades / chart (again, 0 or Esc: split)"),
    ("+  -", "coarser / finer price grouping (1–100 ticks)"),
    ("t", "depth bars by cumulative total or by level size"),
    ("c", "chart: sparkline 1s/1m/5m, candles 1m/5m/1h/1d, heatmap"),
    ("← →", "chart (focused or zoomed, candles): cursor back / forward in time"),
    ("s  /", "switch symbol (type to filter, Enter, Esc)"),
    ("m", "markets list (m or Esc: back to the dashboard)"),
    ("  Enter  *", "markets: open the row's symbol · star it"),
    ("  Tab  d  /  f", "markets: sort · direction · filter · type/favourites"),
    ("  ↑ ↓ j k PgUp PgDn", "markets: move the cursor"),
    ("o", "order ticket, PAPER orders only (Esc closes)"),
    ("  Tab  digits  .", "ticket: units / amount / price field · type"),
    ("  b  s  ← →", "ticket: side Buy / Sell"),
    ("  t", "ticket: type Market / Limit (price snaps to the tick)"),
    ("  Enter", "ticket: Confirm (dim, with the reason, when invalid)"),
    ("  ↑ ↓  x", "ticket: select an open order · cancel it"),
    ("  limit fills", "a trade past the price; at it, after the queue ahead"),
    ("p", "pause drawing (the feed keeps running)"),
    ("r", "reconnect now"),
    ("↑ ↓ PgUp PgDn Home", "scroll the focused pane"),
    ("space  .  ,  >  <", "replay: pause · +10 s · −10 s · +1 min · −1 min"),
    ("[  ]  R", "replay: half / double speed · restart"),
    ("?", "this help (any key closes)"),
    ("q  Ctrl-C", "quit"),
  ]
}
