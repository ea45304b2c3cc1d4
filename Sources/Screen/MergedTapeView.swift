import CrossVenue
import VenueCore

/// The merged tape, newest on top: `HH:MM:SS.mmm K BUY  100,010.50  0.2500` — the time it was
/// received, the venue's letter in its colour, the taker's side, the price at its venue's
/// decimals and the size in the base asset. Buys in the buy colour, sells in the sell colour;
/// large trades (by base size) in bold; trades received less than `highlightMs` before `nowMs`
/// reversed. On narrow areas the milliseconds go first, then the side shrinks to a letter, then
/// the time goes.
public struct MergedTapeView: Sendable {
  public var tape: MergedTape
  public var marks: VenueMarks
  /// The wall clock now (Unix ms), for the highlight of new trades.
  public var nowMs: Int64
  /// How long a new trade stays highlighted; 0 turns it off.
  public var highlightMs: Int64
  /// Decimals of the sizes (in the base asset).
  public var sizeDecimals: Int
  /// The shift from UTC of the times shown, in minutes.
  public var utcOffsetMinutes: Int

  public init(
    tape: MergedTape, marks: VenueMarks, nowMs: Int64, highlightMs: Int64 = 200, sizeDecimals: Int = 4,
    utcOffsetMinutes: Int = 0
  ) {
    self.tape = tape
    self.marks = marks
    self.nowMs = nowMs
    self.highlightMs = highlightMs
    self.sizeDecimals = sizeDecimals
    self.utcOffsetMinutes = utcOffsetMinutes
  }

  /// Column formats, widest first.
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

    func width(price: Int, size: Int) -> Int {
      1 + (timeWidth > 0 ? timeWidth + 1 : 0) + 2 + sideWidth + 1 + price + 1 + size
    }
  }

  public func render(into grid: inout Grid, area: Rect) {
    let area = area.intersection(grid.bounds)
    guard !area.isEmpty else { return }
    grid.fill(area)
    guard tape.count > 0 else {
      grid.put(" no trades yet", x: area.x, y: area.y, style: Style(.muted), clip: area)
      return
    }
    let shown = (0..<min(area.height, tape.count)).map { tape.newest($0) }
    let scale = Double(FixedDecimal.powerOfTen(tape.baseScale))
    let rows = shown.map { e in
      (
        e, NumberFormat.fixed(e.price.doubleValue, decimals: Int(e.price.scale)),
        NumberFormat.fixed(Double(e.baseUnits) / scale, decimals: sizeDecimals)
      )
    }
    var priceWidth = rows.reduce(5) { max($0, $1.1.columns) }
    var sizeWidth = rows.reduce(6) { max($0, $1.2.columns) }
    let format =
      Format.allCases.first { $0.width(price: priceWidth, size: sizeWidth) <= area.width } ?? .noTime
    // Still too wide: the size, then the price, give up columns (their short forms, never cut).
    var over = format.width(price: priceWidth, size: sizeWidth) - area.width
    if over > 0 {
      let shrink = min(over, max(0, sizeWidth - 4))
      sizeWidth -= shrink
      over -= shrink
      if over > 0 { priceWidth = max(1, priceWidth - over) }
    }
    for (n, row) in rows.enumerated() {
      let (e, price, size) = row
      let y = area.y + n
      let line = area.row(n)
      let fresh = highlightMs > 0 && nowMs - e.wallMs < highlightMs
      let role: Style.Color = e.aggressor == .buy ? .buy : .sell
      let style = Style(role, bold: e.isLarge || fresh, reverse: fresh)
      var x = area.x + 1
      if fresh {
        let width = format.width(price: priceWidth, size: sizeWidth) - 1
        grid.fill(Rect(x: x, y: y, width: width, height: 1).intersection(line), with: Cell(" ", style))
      }
      if format.timeWidth > 0 {
        let time = NumberFormat.timeOfDay(
          ms: e.wallMs, utcOffsetMinutes: utcOffsetMinutes, milliseconds: format.timeWidth == 12)
        x = grid.put(time, x: x, y: y, style: fresh ? style : Style(.muted, bold: e.isLarge), clip: line) + 1
      }
      grid.put(marks.cell(e.instrument), x: x, y: y, clip: line)
      x += 2
      let side =
        format.sideWidth == 1 ? (e.aggressor == .buy ? "B" : "S") : (e.aggressor == .buy ? "BUY " : "SELL")
      x = grid.put(side, x: x, y: y, style: style, clip: line) + 1
      let priceText = NumberFormat.fit(price, width: priceWidth, value: e.price.doubleValue)
      x = grid.put(priceText, x: x, y: y, rightAlignedIn: priceWidth, style: style, clip: line) + 1
      let sizeText = NumberFormat.fit(size, width: sizeWidth, value: Double(e.baseUnits) / scale)
      grid.put(sizeText, x: x, y: y, rightAlignedIn: sizeWidth, style: style, clip: line)
    }
  }
}
