import CrossVenue
import VenueCore

/// The venue strip: a header and one row per chosen instrument — its letter, `venue:SYMBOL`, its
/// state (LIVE, SYNCING, STALE, DOWN: each in its own colour, and in words, so it reads without
/// colour), the book's age, best bid and ask, integrity counts (checks, failures, resyncs) and,
/// for an instrument left out of the consolidated book, why. Columns go from the right as the
/// width shrinks, the reason last but one: what is left out always says so.
public struct VenueStripView: Sendable {
  public var strip: VenueStrip
  public var marks: VenueMarks
  public var ascii: Bool

  public init(strip: VenueStrip, marks: VenueMarks, ascii: Bool = false) {
    self.strip = strip
    self.marks = marks
    self.ascii = ascii
  }

  /// A column of the strip.
  enum Column: CaseIterable {
    case mark, key, state, age, bid, ask, integrity, why

    var title: String {
      switch self {
      case .mark: ""
      case .key: "instrument"
      case .state: "state"
      case .age: "age"
      case .bid: "bid"
      case .ask: "ask"
      case .integrity: "chk/fail/resync"
      case .why: "left out because"
      }
    }

    var rightAligned: Bool { self == .age || self == .bid || self == .ask || self == .integrity }
  }

  /// The columns shown at each width, the most first: quotes and counts go before the reason,
  /// and the instrument's name before its state and reason (its letter stays).
  static let sets: [[Column]] = [
    [.mark, .key, .state, .age, .bid, .ask, .integrity, .why],
    [.mark, .key, .state, .age, .bid, .ask, .why],
    [.mark, .key, .state, .age, .why],
    [.mark, .key, .state, .why],
    [.mark, .state, .age, .why],
    [.mark, .state, .why],
    [.mark, .state],
  ]

  /// The reason's narrowest column when fitting the others (`out of range`).
  static let minimumWhy = 12

  /// The rows it needs: a header and one per instrument (an area one row short drops the
  /// header, never an instrument).
  public var height: Int { 1 + strip.rows.count }

  public func render(into grid: inout Grid, area: Rect) {
    let area = area.intersection(grid.bounds)
    guard !area.isEmpty else { return }
    grid.fill(area)
    guard !strip.rows.isEmpty else {
      grid.put(" no instruments chosen", x: area.x, y: area.y, style: Style(.muted), clip: area)
      return
    }
    let texts = strip.rows.map { row in Column.allCases.map { text($0, row) } }
    // Each column as wide as its widest text (the reason takes what is left).
    var widths: [Int] = Column.allCases.indices.map { c in
      texts.reduce(Column.allCases[c].title.columns) { max($0, $1[c].columns) }
    }
    widths[Column.allCases.firstIndex(of: .why)!] = Self.minimumWhy
    widths[Column.allCases.firstIndex(of: .mark)!] = 1
    let set =
      Self.sets.first { set in
        set.reduce(0) { $0 + widths[Column.allCases.firstIndex(of: $1)!] + 2 } <= area.width
      } ?? Self.sets[Self.sets.count - 1]
    let header = area.height > strip.rows.count ? 1 : 0
    var x = area.x + 1
    for column in set {
      let c = Column.allCases.firstIndex(of: column)!
      let width = column == .why ? max(0, area.maxX - x) : widths[c]
      if header == 1 {
        put(
          column.title, column, x: x, width: width, y: area.y, style: Style(.muted), grid: &grid, area: area)
      }
      for (n, row) in strip.rows.enumerated() where n + header < area.height {
        let y = area.y + header + n
        if column == .mark {
          grid.put(marks.cell(n), x: x, y: y, clip: area)
          continue
        }
        var text = texts[n][c]
        if column == .why, text.columns > width, let why = row.exclusion { text = why.short }
        put(text, column, x: x, width: width, y: y, style: style(column, row), grid: &grid, area: area)
      }
      x += width + 2
    }
  }

  private func put(
    _ text: String, _ column: Column, x: Int, width: Int, y: Int, style: Style, grid: inout Grid, area: Rect
  ) {
    let clip = Rect(x: x, y: y, width: width, height: 1).intersection(area)
    if column.rightAligned {
      grid.put(text, x: x, y: y, rightAlignedIn: width, style: style, clip: clip)
    } else {
      grid.put(
        text.fitted(width, ellipsis: Glyphs.forTerminal(ascii: ascii).ellipsis), x: x, y: y, style: style,
        clip: clip)
    }
  }

  func text(_ column: Column, _ row: VenueStrip.Row) -> String {
    switch column {
    case .mark: return ""
    case .key: return row.key.description
    case .state: return row.state.description
    case .age: return row.ageNs.map { NumberFormat.age(ms: $0 / 1_000_000) } ?? NumberFormat.unknown
    case .bid: return row.bestBid.map(Self.price) ?? NumberFormat.unknown
    case .ask: return row.bestAsk.map(Self.price) ?? NumberFormat.unknown
    case .integrity:
      let i = row.integrity
      return "\(NumberFormat.size(Int64(i.checks)))/\(i.failures)/\(i.resyncs)"
    case .why: return row.exclusion?.description ?? ""
    }
  }

  /// A price at its own decimals, with thousands separators.
  static func price(_ value: FixedDecimal) -> String {
    NumberFormat.fixed(value.doubleValue, decimals: Int(value.scale))
  }

  func style(_ column: Column, _ row: VenueStrip.Row) -> Style {
    switch column {
    case .state:
      switch row.state {
      case .live: return Style(.live, bold: true)
      case .syncing: return Style(.warning, bold: true)
      case .stale: return Style(.warning, bold: true, reverse: true)
      case .down: return Style(.error, bold: true, reverse: true)
      }
    case .bid: return row.exclusion == nil ? Style(.buy) : Style(.buy, dim: true)
    case .ask: return row.exclusion == nil ? Style(.sell) : Style(.sell, dim: true)
    case .integrity: return row.integrity.failures > 0 ? Style(.warning) : Style(.muted)
    case .why: return Style(.warning)
    case .age: return row.state == .live ? Style(.muted) : Style(.warning)
    case .mark, .key: return row.exclusion == nil ? .plain : Style(dim: true)
    }
  }
}
