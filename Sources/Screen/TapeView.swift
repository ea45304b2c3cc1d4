import MarketModel

/// The trade tape, newest on top: `HH:MM:SS.mmm  BUY   50,000.5   4,242` per row.
///
/// Buys use the buy colour role, sells the sell role, side-less index prints are muted.
/// Trades younger than `highlightMs` at `nowMs` show in reverse video (new rows flash),
/// trades of at least `largeSize` in bold. On narrow areas the milliseconds go first, then
/// the side shrinks to one letter, then the time goes. `scroll` skips that many of the
/// newest trades (clamped so the oldest stays in view).
///
/// Generic over the collection so a `TradeTape` renders without copying its trades.
public struct TapeView<Trades: RandomAccessCollection<Trade>>: Sendable
where Trades: Sendable, Trades.Index == Int {
  /// The trades, newest first.
  public var trades: Trades
  /// Decimal places of prices (the instrument's tick decimals).
  public var priceDecimals: Int
  /// Decimals of the trade size units (0 for whole contracts).
  public var sizeScale: UInt8
  /// The current time in Unix milliseconds, on the trades' clock (for the highlight).
  public var nowMs: Int64
  /// How long a new trade stays highlighted; 0 turns highlighting off.
  public var highlightMs: Int64
  /// Trades of at least this size are bold; nil for none.
  public var largeSize: Int64?
  /// The shift from UTC of the shown times, in minutes.
  public var utcOffsetMinutes: Int
  /// How many of the newest trades to skip (scrolling back in time).
  public var scroll: Int
  /// Liquidations, newest first: at the top of the tape (not scrolled), each shows among the
  /// trades at its time, marked `!` in the liquidation colour.
  public var liquidations: [LiquidationLog.Event] = []

  public init(
    trades: Trades, priceDecimals: Int, nowMs: Int64, highlightMs: Int64 = 200, largeSize: Int64? = nil,
    utcOffsetMinutes: Int = 0, scroll: Int = 0, sizeScale: UInt8 = 0
  ) {
    self.trades = trades
    self.priceDecimals = priceDecimals
    self.sizeScale = sizeScale
    self.nowMs = nowMs
    self.highlightMs = highlightMs
    self.largeSize = largeSize
    self.utcOffsetMinutes = utcOffsetMinutes
    self.scroll = scroll
  }

  /// The largest useful `scroll` for an area of `height` rows.
  public func maxScroll(height: Int) -> Int { max(0, trades.count - height) }

  /// The positions of the trades in view in an area of `height` rows, top row first: `scroll`
  /// clamped so the oldest trade stays in view.
  public func inView(height: Int) -> Range<Trades.Index> {
    let start = trades.startIndex + min(max(0, scroll), maxScroll(height: height))
    return start..<min(trades.endIndex, start + height)
  }

  /// Whether `trade` shows highlighted as new (in reverse video) at `nowMs`.
  public func isHighlighted(_ trade: Trade) -> Bool {
    TapeRows.isFresh(trade, nowMs: nowMs, highlightMs: highlightMs)
  }

  /// Draws one trade per row over the whole of `area` (clearing it first).
  public func render(into grid: inout Grid, area: Rect) {
    let area = area.intersection(grid.bounds)
    guard !area.isEmpty else { return }
    grid.fill(area)
    guard !trades.isEmpty else {
      grid.put(" no trades yet", x: area.x, y: area.y, style: Style(.muted), clip: area)
      return
    }
    let rows = inView(height: area.height)
    // The rows in view, copied once: the drawing below is not generic, so it runs specialised
    // whatever collection the trades come in (generic code called from another module is not).
    var shown: [Trade] = []
    shown.reserveCapacity(rows.count)
    var marked: Set<Int> = []
    if scroll == 0, !liquidations.isEmpty {
      var i = rows.lowerBound
      var l = 0
      while shown.count < area.height, i < rows.upperBound || l < liquidations.count {
        if l < liquidations.count, i >= rows.upperBound || liquidations[l].timeMs >= trades[i].timeMs {
          let e = liquidations[l]
          marked.insert(shown.count)
          shown.append(Trade(timeMs: e.timeMs, symbol: .empty, side: e.side, size: e.size, price: e.price))
          l += 1
        } else {
          shown.append(trades[i])
          i += 1
        }
      }
    } else {
      for i in rows { shown.append(trades[i]) }
    }
    TapeRows(
      priceDecimals: priceDecimals, nowMs: nowMs, highlightMs: highlightMs, largeSize: largeSize,
      utcOffsetMinutes: utcOffsetMinutes, sizeScale: sizeScale
    ).render(shown, liquidations: marked, into: &grid, area: area)
  }
}

/// The tape's rows drawn from trades in an array (see `TapeView`).
private struct TapeRows {
  var priceDecimals: Int
  var nowMs: Int64
  var highlightMs: Int64
  var largeSize: Int64?
  var utcOffsetMinutes: Int
  var sizeScale: UInt8

  // Column formats from the widest to the narrowest.
  private enum Format: CaseIterable {
    case full, seconds, shortSide, noTime

    var timeWidth: Int {
      switch self {
      case .full: 12
      case .seconds, .shortSide: 8
      case .noTime: 0
      }
    }
    var sideWidth: Int { self == .full || self == .seconds ? 4 : 1 }
    var gap: Int { self == .full || self == .seconds ? 2 : 1 }

    func width(price: Int, size: Int) -> Int {
      1 + (timeWidth > 0 ? timeWidth + gap : 0) + sideWidth + gap + price + gap + size
    }
  }

  /// A trade younger than `highlightMs` at `nowMs` shows as new. One stamped a little ahead
  /// of `nowMs` (clock skew) is new too.
  static func isFresh(_ trade: Trade, nowMs: Int64, highlightMs: Int64) -> Bool {
    highlightMs > 0 && nowMs - trade.timeMs < highlightMs
  }

  func render(_ trades: [Trade], liquidations: Set<Int> = [], into grid: inout Grid, area: Rect) {
    // Numbers formatted once: for the column widths and for the rows.
    let rows = trades.map { trade in
      (
        trade, NumberFormat.price(trade.price, decimals: priceDecimals),
        NumberFormat.size(trade.size, scale: sizeScale)
      )
    }
    var priceWidth = rows.reduce(5) { max($0, $1.1.columns) }
    // Wide enough for 125,000 so the column rarely moves as trades scroll through.
    var sizeWidth = rows.reduce(7) { max($0, $1.2.columns) }
    let format =
      Format.allCases.first { $0.width(price: priceWidth, size: sizeWidth) <= area.width } ?? .noTime
    // Even the narrowest format too wide: the numbers get narrower columns and their short
    // forms (`NumberFormat.fit`), sizes first; never cut at the pane's edge.
    // A size column under 4 (too narrow for `4.2K`) goes, and the price has its room.
    var over = format.width(price: priceWidth, size: sizeWidth) - area.width
    if over > 0 {
      let shrink = min(over, sizeWidth)
      sizeWidth -= shrink
      over -= shrink
      if sizeWidth < 4 {
        over -= sizeWidth + format.gap
        sizeWidth = 0
      }
      if over > 0 { priceWidth = max(1, priceWidth - over) }
    }
    for (n, row) in rows.enumerated() {
      renderRow(
        row.0, price: row.1, size: row.2, into: &grid, row: area.row(n), format: format,
        priceWidth: priceWidth, sizeWidth: sizeWidth, liquidation: liquidations.contains(n))
    }
  }

  private func renderRow(
    _ trade: Trade, price priceText: String, size sizeText: String, into grid: inout Grid, row: Rect,
    format: Format, priceWidth price: Int, sizeWidth size: Int, liquidation: Bool = false
  ) {
    let role: Style.Color
    let side: String
    switch trade.side {
    case .buy:
      role = .buy
      side = format.sideWidth == 1 ? "B" : "BUY "
    case .sell:
      role = .sell
      side = format.sideWidth == 1 ? "S" : "SELL"
    case nil:
      role = .muted
      side = format.sideWidth == 1 ? "-" : "    "
    }
    let fresh = Self.isFresh(trade, nowMs: nowMs, highlightMs: highlightMs)
    let large = largeSize.map { trade.size >= $0 } ?? false
    var style = Style(role, bold: large || fresh, reverse: fresh)
    var timeStyle = fresh ? style : Style(.muted, bold: large)
    if liquidation {
      // A liquidation: its own colour and a mark in the margin.
      style = Style(.warning, bold: true, reverse: fresh)
      timeStyle = style
      grid.put(Cell("!", style), x: row.x, y: row.y, clip: row)
    }

    var x = row.x + 1
    let width = format.width(price: price, size: size) - 1
    if fresh {
      grid.fill(Rect(x: x, y: row.y, width: width, height: 1).intersection(row), with: Cell(" ", style))
    }
    if format.timeWidth > 0 {
      let time = NumberFormat.timeOfDay(
        ms: trade.timeMs, utcOffsetMinutes: utcOffsetMinutes, milliseconds: format.timeWidth == 12)
      x = grid.put(time, x: x, y: row.y, style: timeStyle, clip: row) + format.gap
    }
    x = grid.put(side, x: x, y: row.y, style: style, clip: row) + format.gap
    let priceText = NumberFormat.fit(priceText, width: price, value: trade.price)
    x = grid.put(priceText, x: x, y: row.y, rightAlignedIn: price, style: style, clip: row) + format.gap
    guard size > 0 else { return }
    let sizeText = NumberFormat.fit(sizeText, width: size, value: Double(trade.size))
    grid.put(sizeText, x: x, y: row.y, rightAlignedIn: size, style: style, clip: row)
  }
}
