import MarketModel

/// The top line: symbol and name, last price with its tick arrow and 24 h change, mark,
/// index, funding rate with a countdown, 24 h volume and VWAP; at the right end, markers (DEMO,
/// REPLAY, PAUSED) and, when the data is stale, how old it is. Mark, index and funding show only
/// on a market that has them (`showsMark`, `showsIndex`, `showsFunding`): a spot pair has none,
/// and a `-` there would say "not known yet" of a value that never comes. VWAP shows when known.
///
/// When the line is too narrow, the least important parts go first (VWAP, name, volume, index,
/// funding, mark); the symbol, last price, the staleness warning and markers stay. While
/// `dataAgeMs` is set the prices are dimmed: stale numbers never look live (a negative
/// age says no data has arrived yet).
public struct HeaderBar: Sendable, Equatable {
  public var symbol: String
  /// The instrument's name or description; may be empty.
  public var name: String
  public var lastPrice: Double?
  public var tickDirection: TickDirection?
  /// The 24 h change as a fraction (0.0204 = +2.04 %).
  public var change24h: Double?
  public var markPrice: Double?
  public var indexPrice: Double?
  /// The funding rate as a fraction per interval.
  public var fundingRate: Double?
  /// Milliseconds until the next funding.
  public var fundingCountdownMs: Int64?
  public var volume24h: Double?
  /// The 24 h volume-weighted average price; not shown when nil.
  public var vwap: Double?
  /// Whether the market has a mark price, an index, funding (shown as `-` while unknown).
  public var showsMark: Bool
  public var showsIndex: Bool
  public var showsFunding: Bool
  /// The unit of `volume24h` after it (`cts`: a contract's volume is counted in contracts, which
  /// the markets list turns into USD), or empty.
  public var volumeUnit: String
  /// Decimal places of prices (the instrument's tick decimals).
  public var priceDecimals: Int
  /// Mode markers shown at the right end: `DEMO`, `REPLAY`, `PAUSED`.
  public var markers: [String]
  /// The age of the newest data when it is stale (not LIVE); nil while live.
  public var dataAgeMs: Int64?
  /// ASCII glyphs only (`--ascii`, or a locale without UTF-8).
  public var ascii: Bool

  public init(
    symbol: String, name: String = "", lastPrice: Double? = nil, tickDirection: TickDirection? = nil,
    change24h: Double? = nil, markPrice: Double? = nil, indexPrice: Double? = nil, fundingRate: Double? = nil,
    fundingCountdownMs: Int64? = nil, volume24h: Double? = nil, volumeUnit: String = "",
    vwap: Double? = nil, showsMark: Bool = true, showsIndex: Bool = true, showsFunding: Bool = true,
    priceDecimals: Int = 2,
    markers: [String] = [],
    dataAgeMs: Int64? = nil, ascii: Bool = false
  ) {
    self.volumeUnit = volumeUnit
    self.vwap = vwap
    self.showsMark = showsMark
    self.showsIndex = showsIndex
    self.showsFunding = showsFunding
    self.symbol = symbol
    self.name = name
    self.lastPrice = lastPrice
    self.tickDirection = tickDirection
    self.change24h = change24h
    self.markPrice = markPrice
    self.indexPrice = indexPrice
    self.fundingRate = fundingRate
    self.fundingCountdownMs = fundingCountdownMs
    self.volume24h = volume24h
    self.priceDecimals = priceDecimals
    self.markers = markers
    self.dataAgeMs = dataAgeMs
    self.ascii = ascii
  }

  /// The header of an instrument at `nowMs` (for the funding countdown). `tickDirection`
  /// overrides the instrument's (the tape's is fresher).
  ///
  /// Mark and index show for a contract (a perpetual or a future) and funding for a perpetual,
  /// or when the instrument has them. `kindKnown`: whether an instrument without a type is
  /// known not to be a contract (a venue's pair, whose ticker says all there is) rather than
  /// one whose type has not come yet (BitMEX before its instrument table: shown as `-`).
  public init(
    instrument: Instrument, nowMs: Int64, name: String = "", tickDirection: TickDirection? = nil,
    markers: [String] = [], dataAgeMs: Int64? = nil, ascii: Bool = false, kindKnown: Bool = false
  ) {
    let kind = instrument.kind
    let unknown = !kindKnown && instrument.typ == nil
    let countdown = instrument.fundingCountdown(now: nowMs)
    self.init(
      symbol: instrument.symbol.description, name: name, lastPrice: instrument.lastPrice,
      tickDirection: tickDirection ?? instrument.lastTickDirection, change24h: instrument.change24h,
      markPrice: instrument.markPrice, indexPrice: instrument.indexPrice, fundingRate: instrument.fundingRate,
      fundingCountdownMs: countdown, volume24h: instrument.volume24h,
      volumeUnit: kind.hasBasis ? "cts" : "", vwap: instrument.vwap,
      showsMark: unknown || kind.hasBasis || instrument.markPrice != nil,
      showsIndex: unknown || kind.hasBasis || instrument.indexPrice != nil,
      showsFunding: unknown || kind.funds || instrument.fundingRate != nil || countdown != nil,
      priceDecimals: instrument.priceDecimals,
      markers: markers, dataAgeMs: dataAgeMs, ascii: ascii)
  }

  /// The same header with its clocks at the precision they are drawn: the funding countdown in
  /// the whole seconds it shows (rounded up), an age of a second or more in whole seconds (below
  /// a second it shows milliseconds). It draws the same cells, and two headers that draw the same
  /// clocks compare equal: the dashboard draws the header again only when it changed.
  public var asDrawn: HeaderBar {
    var drawn = self
    if let countdown = fundingCountdownMs {
      // Back in ms, kept within `Int64` (a countdown from a time out of range must not trap).
      let seconds = NumberFormat.wholeSeconds(ms: countdown, roundingUp: true)
      drawn.fundingCountdownMs = min(seconds, Int64.max / 1000) * 1000
    }
    if let age = dataAgeMs, age >= 1000 { drawn.dataAgeMs = age / 1000 * 1000 }
    return drawn
  }

  /// Draws the header on the first row of `area` (clearing all of it).
  public func render(into grid: inout Grid, area: Rect) {
    let area = area.intersection(grid.bounds)
    guard !area.isEmpty else { return }
    grid.fill(area)
    let row = area.row(0)
    let glyphs = Glyphs.forTerminal(ascii: ascii)

    // The right end first: it is never dropped.
    var right: [Span] = []
    let warn = Style(.warning, bold: true, reverse: true)
    // A negative age means nothing has arrived yet.
    if let dataAgeMs {
      right.append(
        Span(dataAgeMs < 0 ? " no data yet " : " data \(NumberFormat.age(ms: dataAgeMs)) old ", warn))
    }
    for marker in markers {
      if !right.isEmpty { right.append(Span(" ")) }
      right.append(Span(" \(marker) ", Style(.accent, bold: true, reverse: true)))
    }
    let rightWidth = right.isEmpty ? 0 : right.width + 1

    // (priority, spans) in display order; a lower priority number is kept longer.
    let segments = leftSegments(glyphs: glyphs)
    var room = row.width - 1 - rightWidth
    // Kept in priority order (equal priorities in display order): a handful of segments, so
    // a pass per priority rather than a sort and a set.
    var kept = [Bool](repeating: false, count: segments.count)
    var anyKept = false
    let priorities = segments.reduce((Int.max, Int.min)) { (min($0.0, $1.0), max($0.1, $1.0)) }
    for priority in priorities.0...max(priorities.0, priorities.1) {
      for (index, segment) in segments.enumerated() where segment.0 == priority {
        let cost = segment.1.width + (anyKept ? 2 : 0)
        if cost <= room {
          kept[index] = true
          anyKept = true
          room -= cost
        }
      }
    }
    var line: [Span] = []
    for (index, segment) in segments.enumerated() where kept[index] {
      if !line.isEmpty { line.append(Span("  ")) }
      line += segment.1
    }
    if !anyKept, let first = segments.first {
      // Not even the symbol fits whole: show what does.
      line = first.1.fitted(row.width - 1 - rightWidth, ellipsis: glyphs.ellipsis)
    }
    grid.put(line, x: row.x + 1, y: row.y, clip: row)
    if !right.isEmpty {
      grid.put(right, x: max(row.x, row.maxX - right.width - 1), y: row.y, clip: row)
    }
  }

  private func leftSegments(glyphs: Glyphs) -> [(Int, [Span])] {
    let stale = dataAgeMs != nil
    let label = Style(.muted)
    func value(_ color: Style.Color = .normal, bold: Bool = false) -> Style {
      Style(color, bold: bold, dim: stale)
    }
    func price(_ p: Double?) -> String { NumberFormat.price(p, decimals: priceDecimals) }

    var segments: [(Int, [Span])] = [(0, [Span(symbol, Style(.accent, bold: true))])]
    if !name.isEmpty { segments.append((8, [Span(name, label)])) }

    let direction: Style.Color = tickDirection.map { $0.isUp ? .up : .down } ?? .normal
    var last = [Span("Last ", label), Span(price(lastPrice), value(direction, bold: true))]
    if let tickDirection {
      last.append(Span(" " + String(tickDirection.isUp ? glyphs.up : glyphs.down), value(direction)))
    }
    if let change24h {
      let color: Style.Color = change24h > 0 ? .up : change24h < 0 ? .down : .normal
      last.append(Span(" " + NumberFormat.percent(change24h), value(color)))
    }
    segments.append((1, last))
    if showsMark { segments.append((3, [Span("Mark ", label), Span(price(markPrice), value())])) }
    if showsIndex { segments.append((5, [Span("Index ", label), Span(price(indexPrice), value())])) }
    if showsFunding { segments.append((4, fundingSpans(label: label, value: value()))) }
    segments.append(
      (
        6,
        [Span("Vol ", label), Span(volume24h.map(NumberFormat.compact) ?? NumberFormat.unknown, value())]
          + (volumeUnit.isEmpty || volume24h == nil ? [] : [Span(" " + volumeUnit, label)])
      ))
    if let vwap { segments.append((9, [Span("VWAP ", label), Span(price(vwap), value())])) }
    return segments
  }

  /// `Fund 0.0100% in 3h12m`.
  private func fundingSpans(label: Style, value: Style) -> [Span] {
    var funding = [
      Span("Fund ", label), Span(fundingRate.map(NumberFormat.fundingRate) ?? NumberFormat.unknown, value),
    ]
    if let fundingCountdownMs {
      funding.append(Span(" in ", label))
      funding.append(Span(NumberFormat.duration(ms: fundingCountdownMs, roundingUp: true), value))
    }
    return funding
  }
}
