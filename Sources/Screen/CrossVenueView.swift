import CrossVenue
import VenueCore

/// The cross-venue screen's body, not yet wired to a session: the venue strip across the top;
/// under it the consolidated book on the left and, on the right, the spread matrix over the
/// merged tape (with each venue's minute of volume above the trades when there is room). Each
/// part in its own box; a pure function of the size, like `Layout`.
public struct CrossVenueView: Sendable {
  public var strip: VenueStripView
  public var book: ConsolidatedBookView
  public var matrix: SpreadMatrixView
  public var tape: MergedTapeView
  public var volume: VenueVolumeView
  public var ascii: Bool

  public init(
    strip: VenueStripView, book: ConsolidatedBookView, matrix: SpreadMatrixView, tape: MergedTapeView,
    volume: VenueVolumeView, ascii: Bool = false
  ) {
    self.strip = strip
    self.book = book
    self.matrix = matrix
    self.tape = tape
    self.volume = volume
    self.ascii = ascii
  }

  /// Where each box goes in `area`.
  public struct Boxes: Sendable, Hashable {
    public var strip: Rect
    public var book: Rect
    public var matrix: Rect
    public var tape: Rect
  }

  /// The boxes of an area: the strip as tall as its rows (a third of the height when that is
  /// more than it needs, never fewer than one row per instrument), the book half the width below
  /// 120 columns and three fifths from there, the matrix as tall as its rows (its footnote and
  /// then its header go first, leaving the tape at least four rows).
  public func boxes(_ area: Rect) -> Boxes {
    let instruments = strip.strip.rows.count
    let stripHeight = min(strip.height + 2, max(instruments + 2, area.height / 3))
    let (top, rest) = area.splitTop(min(stripHeight, max(3, area.height - 8)))
    let bookWidth = area.width < 120 ? area.width / 2 : area.width * 3 / 5
    let (left, right) = rest.splitLeft(bookWidth)
    let matrixHeight = min(matrix.height + 2, max(matrix.matrix.count + 3, right.height / 2))
    let (upper, lower) = right.splitTop(min(matrixHeight, max(3, right.height - 4)))
    return Boxes(strip: top, book: left, matrix: upper, tape: lower)
  }

  public func render(into grid: inout Grid, area: Rect) {
    let area = area.intersection(grid.bounds)
    guard !area.isEmpty else { return }
    let b = boxes(area)
    let box = { (title: [Span], rect: Rect, grid: inout Grid) -> Rect in
      Box(title: title, ascii: self.ascii).render(into: &grid, area: rect)
      return Box(title: title).inner(rect)
    }
    let asset = book.book.options.asset.description
    let live = strip.strip.rows.filter { $0.exclusion == nil }.count
    let stripTitle = [
      Span("Venues", Style(bold: true)),
      Span("  \(live) of \(strip.strip.rows.count) in the book", Style(.muted)),
    ]
    strip.render(into: &grid, area: box(stripTitle, b.strip, &grid))
    let step = book.book.options.step
    let bookTitle = [
      Span("\(asset) across venues", Style(bold: true)),
      Span("  grp \(step)", Style(.muted)),
    ]
    book.render(into: &grid, area: box(bookTitle, b.book, &grid))
    let fees = matrix.afterFees ? "  after fees" : ""
    matrix.render(
      into: &grid,
      area: box([Span("Spread bps", Style(bold: true)), Span(fees, Style(.muted))], b.matrix, &grid))
    // The minute's volume per venue over the trades, with a rule between, when both fit.
    let withVolume = Box(title: []).inner(b.tape).height >= volume.height + 4
    let tapeTitle = [
      Span(withVolume ? "1m volume · trades" : "Trades", Style(bold: true)),
      Span("  sizes in \(asset)", Style(.muted)),
    ]
    let inner = box(tapeTitle, b.tape, &grid)
    if withVolume {
      let (top, rest) = inner.splitTop(volume.height)
      volume.render(into: &grid, area: top)
      let glyphs = Glyphs.forTerminal(ascii: ascii)
      grid.repeatCharacter(
        glyphs.rule, count: rest.width, x: rest.x, y: rest.y, style: Style(.border), clip: rest)
      grid.put(" trades ", x: rest.x + 2, y: rest.y, style: Style(.muted), clip: rest)
      tape.render(into: &grid, area: rest.splitTop(1).1)
    } else {
      tape.render(into: &grid, area: inner)
    }
  }
}
