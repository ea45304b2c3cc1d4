import MarketModel

/// The trade tape, newest on top: `HH:MM:SS.mmm  BUY   50,000.5   4,242  ×3  212.1K` per row.
///
/// With `aggregate`, the trades of one taker order (the same time and aggressor, one after
/// another) show as one print: the summed size, the price where it stopped and how many trades
/// (`×3`); `filter` hides prints under a minimum; `notional` adds their notional in the quote
/// currency. Buys use the buy colour role, sells the sell role, side-less index prints are muted.
/// Prints younger than `highlightMs` at `nowMs` show in reverse video (new rows flash),
/// prints of at least `largeSize` in bold. On narrow areas the notional goes first, then the
/// count, then the milliseconds, then the side shrinks to one letter, then the time goes.
/// `scroll` skips that many of the newest prints (clamped so the oldest stays in view).
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

  /// Whether the runs of one taker order show as one print (see `TapePrint.group`).
  public var aggregate = false
  /// The smallest print shown.
  public var filter: TapeFilter = .none
  /// The notional column's maths, nil for no notional column.
  public var notional: TapeNotional?
  /// ASCII only: the count reads `x3`, not `×3`.
  public var ascii = false

  /// The prints of the tape (aggregated and filtered as set), newest first: `skip` passed over,
  /// at most `limit`.
  func prints(skip: Int = 0, limit: Int = .max) -> [TapePrint] {
    TapePrint.group(
      trades, aggregate: aggregate, filter: filter, notional: notional, skip: skip, limit: limit)
  }

  /// The largest useful `scroll` for an area of `height` rows.
  public func maxScroll(height: Int) -> Int {
    guard aggregate || filter != .none else { return max(0, trades.count - height) }
    return max(0, prints().count - height)
  }

  /// The prints in view in an area of `height` rows, top row first: `scroll` clamped so the
  /// oldest stays in view; at the top (not scrolled) the liquidations among them by time.
  public func rowsInView(height: Int) -> [TapePrint] {
    guard height > 0 else { return [] }
    let skip = scroll > 0 ? min(scroll, maxScroll(height: height)) : 0
    let rows = prints(skip: skip, limit: height)
    guard skip == 0, !liquidations.isEmpty else { return rows }
    var shown: [TapePrint] = []
    shown.reserveCapacity(height)
    var i = 0
    var l = 0
    while shown.count < height, i < rows.count || l < liquidations.count {
      if l < liquidations.count, i >= rows.count || liquidations[l].timeMs >= rows[i].timeMs {
        let e = liquidations[l]
        let print = TapePrint(
          timeMs: e.timeMs, side: e.side, size: e.size, lastPrice: e.price,
          notional: notional?.value(size: e.size, price: e.price), liquidation: true)
        // The minimum size holds for liquidations too.
        if filter.passes(print) { shown.append(print) }
        l += 1
      } else {
        shown.append(rows[i])
        i += 1
      }
    }
    return shown
  }

  /// Which of the first `rows` prints in view (`rowsInView(height: rows)`) are highlighted: bit
  /// i for the i-th, at most 64. At the top of an unfiltered tape (how it is watched), the rows
  /// are found by walking the trades as `TapePrint.group` folds them and the liquidations as
  /// `rowsInView` puts them among the prints, without making either: this runs at every frame,
  /// for the trades pane's memo key.
  // Specialized for the dashboard's tape: called from App, the generic body went through the
  // collection's witnesses and allocated at every frame.
  @_specialize(where Trades == TradeTape)
  public func highlightBits(rows: Int) -> UInt64 {
    let rows = min(rows, 64)
    guard highlightMs > 0, rows > 0 else { return 0 }
    var bits: UInt64 = 0
    guard walksForHighlights else {
      for (bit, print) in rowsInView(height: rows).enumerated() where isHighlighted(print) {
        bits |= 1 << UInt64(bit)
      }
      return bits
    }
    return walkedHighlightBits(rows: rows)
  }

  /// Whether `highlightBits` walks the trades (at the top of an unfiltered tape) rather than
  /// making the prints in view. (`TapeFilter.none` spelled out: a bare `.none` here would be
  /// `Optional.none`, and the comparison always false.)
  var walksForHighlights: Bool { scroll == 0 && filter == TapeFilter.none }

  /// `highlightBits` at the top of an unfiltered tape, by walking the trades and liquidations.
  @_specialize(where Trades == TradeTape)
  func walkedHighlightBits(rows: Int) -> UInt64 {
    let rows = min(rows, 64)
    guard highlightMs > 0, rows > 0 else { return 0 }
    var bits: UInt64 = 0
    var i = trades.startIndex
    var l = 0
    var row = 0
    while row < rows, i < trades.endIndex || l < liquidations.count {
      // A print's trades all have its time: its time is its newest trade's.
      let time: Int64
      if l < liquidations.count, i >= trades.endIndex || liquidations[l].timeMs >= trades[i].timeMs {
        time = liquidations[l].timeMs
        l += 1
      } else {
        let first = trades[i]
        time = first.timeMs
        i += 1
        if aggregate, first.side != nil {
          while i < trades.endIndex, trades[i].side == first.side, trades[i].timeMs == first.timeMs { i += 1 }
        }
      }
      if TapeRows.isFresh(time, nowMs: nowMs, highlightMs: highlightMs) { bits |= 1 << UInt64(row) }
      row += 1
    }
    return bits
  }

  /// Whether `print` shows highlighted as new (in reverse video) at `nowMs`.
  public func isHighlighted(_ print: TapePrint) -> Bool {
    TapeRows.isFresh(print.timeMs, nowMs: nowMs, highlightMs: highlightMs)
  }

  /// Whether the notional column shows in an area of `width` × `height` (it is the first
  /// column to go when the pane is narrow): the pane's footer names its currency only then.
  public func showsNotional(width: Int, height: Int) -> Bool {
    guard notional != nil, !trades.isEmpty else { return false }
    return rowsRenderer.showsNotional(rowsInView(height: height), width: width)
  }

  private var rowsRenderer: TapeRows {
    TapeRows(
      priceDecimals: priceDecimals, nowMs: nowMs, highlightMs: highlightMs, largeSize: largeSize,
      utcOffsetMinutes: utcOffsetMinutes, sizeScale: sizeScale, counts: aggregate,
      notional: notional != nil, ascii: ascii)
  }

  /// Draws one print per row over the whole of `area` (clearing it first).
  public func render(into grid: inout Grid, area: Rect) {
    let area = area.intersection(grid.bounds)
    guard !area.isEmpty else { return }
    grid.fill(area)
    guard !trades.isEmpty else {
      grid.put(" no trades yet", x: area.x, y: area.y, style: Style(.muted), clip: area)
      return
    }
    let shown = rowsInView(height: area.height)
    guard !shown.isEmpty else {
      grid.put(
        " no trades at "
          + filter.label(
            currency: notional?.currency ?? "", sizeScale: sizeScale, ascii: ascii) + " yet",
        x: area.x, y: area.y, style: Style(.muted), clip: area)
      return
    }
    rowsRenderer.render(shown, into: &grid, area: area)
  }
}

/// The tape's rows drawn from prints in an array (see `TapeView`).
private struct TapeRows {
  var priceDecimals: Int
  var nowMs: Int64
  var highlightMs: Int64
  var largeSize: Int64?
  var utcOffsetMinutes: Int
  var sizeScale: UInt8
  /// Whether a count column (`×3`) follows the size.
  var counts = false
  /// Whether a notional column comes last.
  var notional = false
  var ascii = false

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

  /// A format with the columns after the size it keeps (0 wide: none).
  private struct Columns {
    var format: Format
    var count: Int
    var notional: Int

    func width(price: Int, size: Int) -> Int {
      format.width(price: price, size: size) + (count > 0 ? 1 + count : 0) + (notional > 0 ? 2 + notional : 0)
    }
  }

  /// A print younger than `highlightMs` at `nowMs` shows as new. One stamped a little ahead
  /// of `nowMs` (clock skew) is new too.
  static func isFresh(_ timeMs: Int64, nowMs: Int64, highlightMs: Int64) -> Bool {
    highlightMs > 0 && nowMs - timeMs < highlightMs
  }

  /// The prints' numbers as text: price, size, count, notional.
  private func texts(_ prints: [TapePrint]) -> [(TapePrint, String, String, String, String)] {
    let times = ascii ? "x" : "×"
    return prints.map { p in
      (
        p, NumberFormat.price(p.lastPrice, decimals: priceDecimals),
        NumberFormat.size(p.size, scale: sizeScale),
        p.count > 1 ? times + "\(p.count)" : "",
        p.notional.map { NumberFormat.compact($0) } ?? ""
      )
    }
  }

  /// The widest columns that fit `width` for `rows`, with the price and size columns' widths.
  private func columns(
    _ rows: [(TapePrint, String, String, String, String)], width: Int
  ) -> (Columns, price: Int, size: Int) {
    let priceWidth = rows.reduce(5) { max($0, $1.1.columns) }
    // Wide enough for 125,000 so the column rarely moves as trades scroll through.
    let sizeWidth = rows.reduce(7) { max($0, $1.2.columns) }
    // Room for `×99` and `999.9K`, so these columns too rarely move.
    let countWidth = counts ? rows.reduce(3) { max($0, $1.3.columns) } : 0
    let notionalWidth = notional ? rows.reduce(6) { max($0, $1.4.columns) } : 0
    // The widest that fits: the notional goes first, then the count, then as before the
    // milliseconds, the side's word and the time.
    let candidates = [
      Columns(format: .full, count: countWidth, notional: notionalWidth),
      Columns(format: .seconds, count: countWidth, notional: notionalWidth),
      Columns(format: .shortSide, count: countWidth, notional: notionalWidth),
      Columns(format: .seconds, count: countWidth, notional: 0),
      Columns(format: .shortSide, count: countWidth, notional: 0),
      Columns(format: .full, count: 0, notional: 0),
      Columns(format: .seconds, count: 0, notional: 0),
      Columns(format: .shortSide, count: 0, notional: 0),
      Columns(format: .noTime, count: 0, notional: 0),
    ]
    let columns =
      candidates.first { $0.width(price: priceWidth, size: sizeWidth) <= width }
      ?? candidates[candidates.count - 1]
    return (columns, priceWidth, sizeWidth)
  }

  /// Whether `prints` drawn `width` wide show the notional column.
  func showsNotional(_ prints: [TapePrint], width: Int) -> Bool {
    notional && columns(texts(prints), width: width).0.notional > 0
  }

  func render(_ prints: [TapePrint], into grid: inout Grid, area: Rect) {
    // Numbers formatted once: for the column widths and for the rows.
    let rows = texts(prints)
    var (columns, priceWidth, sizeWidth) = columns(rows, width: area.width)
    let format = columns.format
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
        row.0, price: row.1, size: row.2, count: row.3, notional: row.4, into: &grid, row: area.row(n),
        columns: columns, priceWidth: priceWidth, sizeWidth: sizeWidth)
    }
  }

  private func renderRow(
    _ print: TapePrint, price priceText: String, size sizeText: String, count countText: String,
    notional notionalText: String, into grid: inout Grid, row: Rect, columns: Columns, priceWidth price: Int,
    sizeWidth size: Int
  ) {
    let format = columns.format
    let role: Style.Color
    let side: String
    switch print.side {
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
    let fresh = Self.isFresh(print.timeMs, nowMs: nowMs, highlightMs: highlightMs)
    let large = largeSize.map { print.size >= $0 } ?? false
    var style = Style(role, bold: large || fresh, reverse: fresh)
    var timeStyle = fresh ? style : Style(.muted, bold: large)
    if print.liquidation {
      // A liquidation: its own colour and a mark in the margin.
      style = Style(.warning, bold: true, reverse: fresh)
      timeStyle = style
      grid.put(Cell("!", style), x: row.x, y: row.y, clip: row)
    }

    var x = row.x + 1
    let width =
      (size > 0 ? columns.width(price: price, size: size) : format.width(price: price, size: size)) - 1
    if fresh {
      grid.fill(Rect(x: x, y: row.y, width: width, height: 1).intersection(row), with: Cell(" ", style))
    }
    if format.timeWidth > 0 {
      let time = NumberFormat.timeOfDay(
        ms: print.timeMs, utcOffsetMinutes: utcOffsetMinutes, milliseconds: format.timeWidth == 12)
      x = grid.put(time, x: x, y: row.y, style: timeStyle, clip: row) + format.gap
    }
    x = grid.put(side, x: x, y: row.y, style: style, clip: row) + format.gap
    let priceText = NumberFormat.fit(priceText, width: price, value: print.lastPrice)
    x = grid.put(priceText, x: x, y: row.y, rightAlignedIn: price, style: style, clip: row) + format.gap
    guard size > 0 else { return }
    let sizeText = NumberFormat.fit(sizeText, width: size, value: Double(print.size))
    x = grid.put(sizeText, x: x, y: row.y, rightAlignedIn: size, style: style, clip: row)
    if columns.count > 0 {
      grid.put(countText, x: x + 1, y: row.y, style: style, clip: row)
      x += 1 + columns.count
    }
    if columns.notional > 0 {
      // Muted: a derived number, beside the size the exchange printed.
      let notionalStyle = fresh || print.liquidation ? style : Style(.muted, bold: large)
      grid.put(
        notionalText, x: x + 2, y: row.y, rightAlignedIn: columns.notional, style: notionalStyle, clip: row)
    }
  }
}
