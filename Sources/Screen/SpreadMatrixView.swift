import CrossVenue
import VenueCore

/// The spread matrix: a row per instrument to buy at (its letter and the age of its ask), a
/// column per instrument to sell at (its letter), and in each cell what the round trip makes in
/// basis points (`+3.20`; after taker fees when `afterFees`). A crossed cell (positive, both
/// sides fresh) is highlighted — bold, reversed, in the up colour — so it shows without colour
/// too; a stale cell (a side older than 2 s) keeps its figure greyed and marked `~`; a cell
/// with no figure is `-`, and the diagonal is blank. A line under the matrix says how to read it
/// when there is room.
public struct SpreadMatrixView: Sendable {
  public var matrix: SpreadMatrix
  public var marks: VenueMarks
  /// Whether the figures are after taker fees (the footnote says so).
  public var afterFees: Bool
  public var ascii: Bool

  /// How wide its parts are: the row label (the letter, and the ask's age when there is
  /// room), a cell, and the decimals of a figure.
  struct Geometry: Equatable {
    var label: Int
    var cell: Int
    var decimals: Int
    var showsAge: Bool { label > 3 }

    /// Widest first: `K 120ms` labels and `-198.02` cells, then letters only, then cells of
    /// five columns (`+0.02`; a wider figure with fewer decimals).
    static let all = [
      Geometry(label: 9, cell: 8, decimals: 2), Geometry(label: 3, cell: 7, decimals: 2),
      Geometry(label: 2, cell: 6, decimals: 2),
    ]

    func width(columns: Int) -> Int { label + columns * cell }
  }

  public init(matrix: SpreadMatrix, marks: VenueMarks, afterFees: Bool = false, ascii: Bool = false) {
    self.matrix = matrix
    self.marks = marks
    self.afterFees = afterFees
    self.ascii = ascii
  }

  /// The rows it needs: a header, one per instrument, the footnote.
  public var height: Int { matrix.count + 2 }

  public func render(into grid: inout Grid, area: Rect) {
    let area = area.intersection(grid.bounds)
    guard !area.isEmpty else { return }
    grid.fill(area)
    let n = matrix.count
    guard n > 0 else {
      grid.put(" no instruments chosen", x: area.x, y: area.y, style: Style(.muted), clip: area)
      return
    }
    let g = Geometry.all.first { $0.width(columns: n) <= area.width } ?? Geometry.all[Geometry.all.count - 1]
    // As many sell columns as fit (the footnote says how many are cut).
    let columns = min(n, max(0, (area.width - g.label) / g.cell))
    grid.put(g.showsAge ? " buy\\sell" : "", x: area.x, y: area.y, style: Style(.muted), clip: area)
    for sell in 0..<columns {
      let x = area.x + g.label + sell * g.cell + g.cell - 2
      grid.put(marks.cell(sell), x: x, y: area.y, clip: area)
    }
    for buy in 0..<n where buy + 1 < area.height {
      let y = area.y + 1 + buy
      grid.put(marks.cell(buy), x: area.x + (g.showsAge ? 1 : 0), y: y, clip: area)
      if g.showsAge {
        let age = rowAge(buy).map { NumberFormat.age(ms: $0 / 1_000_000) } ?? NumberFormat.unknown
        let stale = rowAge(buy).map { $0 > matrix.staleSideNs } ?? true
        grid.put(
          age, x: area.x + 2, y: y, rightAlignedIn: 6, style: Style(stale ? .warning : .muted), clip: area)
      }
      for sell in 0..<columns {
        let (text, style) = cellText(matrix[buy, sell], geometry: g)
        let x = area.x + g.label + sell * g.cell
        let clip = Rect(x: x, y: y, width: g.cell - 1, height: 1).intersection(area)
        grid.put(text, x: x, y: y, rightAlignedIn: g.cell - 1, style: style, clip: clip)
      }
    }
    let footY = area.y + 1 + n
    guard footY < area.maxY else { return }
    let fees = afterFees ? "after taker fees" : "before fees"
    let cut = columns < n ? "; \(n - columns) sell column(s) cut" : ""
    var variants = [
      "bps, buy at row's ask, sell at column's bid, \(fees); >0 crossed; ~ a side > 2s old\(cut)",
      "bps \(fees); >0 crossed; ~ stale side\(cut)",
      "bps \(fees)\(cut)",
    ]
    if columns < n { variants.append("\(n - columns) cut") }
    if let text = variants.first(where: { $0.columns + 1 <= area.width }) {
      grid.put(" " + text, x: area.x, y: footY, style: Style(.muted), clip: area)
    }
  }

  /// The age of row `buy`'s ask (every cell of the row has it, the diagonal too; nil before a
  /// snapshot).
  private func rowAge(_ buy: Int) -> Int64? { matrix[buy, buy].askAgeNs }

  func cellText(_ cell: SpreadMatrix.Cell, geometry g: Geometry) -> (String, Style) {
    switch cell.status {
    case .unavailable(.same): return ("", .plain)
    case .unavailable: return (NumberFormat.unknown, Style(.muted))
    case .open: return (bps(cell.edgeBps, g, room: g.cell - 1), .plain)
    case .crossed: return (bps(cell.edgeBps, g, room: g.cell - 1), Style(.up, bold: true, reverse: true))
    case .stale: return ("~" + bps(cell.edgeBps, g, room: g.cell - 2), Style(.muted, dim: true))
    }
  }

  /// Basis points signed, at the geometry's decimals, shortened to `room` columns if need be.
  private func bps(_ value: Double?, _ g: Geometry, room: Int) -> String {
    guard let value else { return NumberFormat.unknown }
    let text = NumberFormat.fixed(value, decimals: g.decimals, grouping: false, plusSign: true)
    return NumberFormat.fit(text, width: room, value: value)
  }
}
