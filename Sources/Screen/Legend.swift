/// What the glyphs and abbreviations on the screens mean: the help overlay's last section, after
/// the keys (issue 29: a trader met `!`, `▐`, `age`, `/s`, `1m B 31%` and `grp` with no key to
/// them). Each line is a `KeyHint`: the mark as drawn, then what it says.
public enum Legend {
  /// The legend's lines, its heading first, with the glyphs `--ascii` draws when `ascii`.
  public static func lines(ascii: Bool) -> [KeyHint] {
    let g = Glyphs.forTerminal(ascii: ascii)
    return [
      KeyHint("", ""),
      KeyHint("On screen", "what the marks mean"),
      KeyHint("\(g.up) \(g.down)", "header: the last trade ticked up / down"),
      KeyHint("Mark Fund Vol", "header: mark price, funding rate and its countdown, 24 h volume (contracts)"),
      KeyHint("grp 2.5", "book: levels merged into price bands this wide"),
      KeyHint("bars: size", "book: bars are each level's size (bars: total: the running total)"),
      KeyHint(ascii ? "#" : "▐", "book: a wall, a level the Activity pane watches"),
      KeyHint(
        "1m B 31%", "trades title: of the last minute's volume, 31 % bought by takers (B), the rest sold (S)"),
      KeyHint("B S", "tape: a taker's buy / sell"),
      KeyHint("!", "tape: a liquidation"),
      KeyHint(ascii ? "x3" : "×3", "tape: one taker order of 3 trades (size summed, its last price)"),
      KeyHint(ascii ? ">=1K USD" : "≥1K USD", "trades title: prints under this notional are hidden"),
      KeyHint(ascii ? "= *" : "═ ─", "candles: VWAP (from the UTC day's start) / EMA of 20 closes"),
      KeyHint("CVD", "candles: cumulative volume delta, the tape's buys minus sells"),
      KeyHint(
        ascii ? ". E A B S" : "┄ E A B S", "candles: your entry, an alert's level, a resting bid / offer"),
      KeyHint(ascii ? "o" : "•", "heatmap: the price traded in that second"),
      KeyHint("max 1.2M", "heatmap: the size of the strongest shade (mx when short of room)"),
      KeyHint("K M B", "thousand, million, billion"),
      KeyHint("Basis Basis/y", "markets: mark minus index (the spot); a dated future's, as % a year"),
      KeyHint("\(g.pointer) 3s", "watchlist: the instrument on screen; how old the line's numbers are"),
      KeyHint(
        "\(g.pointer) ETHUSD  LIVE",
        "split view: the book the header, tape, chart and ticket follow; its state"),
      KeyHint("8s old", "a dimmed pane: its data is this old, it is not live"),
      KeyHint("scrolled", "a pane away from the newest data; its title says the key back"),
      KeyHint("42/s", "status: messages a second from the feed"),
      KeyHint("age 120ms", "status: since the newest book data (paused: of what is shown)"),
      KeyHint("ping 18ms", "status: the heartbeat's round trip to the exchange"),
      KeyHint("resync", "status: the book was reloaded whole after a fault"),
      KeyHint("skipped", "status: frames that could not be read, skipped"),
      KeyHint("DEMO REC PAUSED", "markers: simulated exchange, recording, drawing paused"),
      KeyHint("STALE SYNCING", "status: the feed is silent / loading its first data"),
    ]
  }
}
