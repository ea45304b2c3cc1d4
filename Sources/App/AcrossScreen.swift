import CrossVenue
import MarketModel
import Screen
import VenueCore

/// The cross-venue screen drawn from an `AcrossState`: a title line (the asset, the grouping, the
/// mode), `CrossVenueView` (strip, consolidated book, spread matrix, merged tape) from the state's
/// last `refresh`, and a status line with the keys and what the screen must say (instruments not
/// followed, specs read off symbols). Pure.
public enum AcrossScreen {
  /// Below this the screen says it is too small.
  public static let minWidth = 60
  public static let minHeight = 14

  /// The whole screen at the state's size; `wallMs` the wall clock for the tape's highlight.
  public static func render(_ s: AcrossState, wallMs: Int64) -> Grid {
    var grid = Grid(width: max(0, s.width), height: max(0, s.height))
    let area = grid.bounds
    guard area.width >= minWidth, area.height >= minHeight else {
      TooSmall(minWidth: minWidth, minHeight: minHeight, ascii: s.ascii).render(into: &grid, area: area)
      return grid
    }
    let (top, rest) = area.splitTop(1)
    let (body, bottom) = rest.splitBottom(1)
    title(s, into: &grid, area: top)
    view(s, wallMs: wallMs).render(into: &grid, area: body)
    status(s, into: &grid, area: bottom)
    return grid
  }

  /// The widgets of the state's last refresh.
  public static func view(_ s: AcrossState, wallMs: Int64) -> CrossVenueView {
    let marks = VenueMarks(s.instruments.map(\.key), venueLetters: s.venueLetters)
    return CrossVenueView(
      strip: VenueStripView(strip: s.strip, marks: marks, ascii: s.ascii),
      book: ConsolidatedBookView(book: s.book, marks: marks, ascii: s.ascii),
      matrix: SpreadMatrixView(
        matrix: s.matrix, marks: marks, afterFees: !s.takerFeePercent.isEmpty, ascii: s.ascii),
      tape: MergedTapeView(
        tape: s.tape, marks: marks, nowMs: wallMs, highlightMs: 200, utcOffsetMinutes: s.utcOffsetMinutes),
      volume: VenueVolumeView(tape: s.tape, marks: marks, now: s.refreshedAt, ascii: s.ascii),
      ascii: s.ascii)
  }

  static func title(_ s: AcrossState, into grid: inout Grid, area: Rect) {
    let live = s.strip.rows.filter { $0.exclusion == nil }.count
    var spans = [
      Span(" \(s.asset)", Style(bold: true)),
      Span(" across venues", Style(bold: true)),
      Span("  \(live) of \(s.instruments.count) live  grp \(s.step)", Style(.muted)),
    ]
    if s.instruments.isEmpty { spans.append(Span("  no instrument followed", Style(.warning))) }
    _ = grid.put(spans, x: area.x, y: area.y, clip: area)
    let marker = s.mode.label
    if !marker.isEmpty, area.width > marker.count + 40 {
      _ = grid.put(
        marker, x: area.x + area.width - marker.count - 1, y: area.y, style: Style(.warning, bold: true),
        clip: area)
    }
  }

  /// The key hints, then what the screen must say: what a feed says is wrong, instruments with a
  /// spec read off the symbol, and the state's notes (what is not followed, and why).
  static func status(_ s: AcrossState, into grid: inout Grid, area: Rect) {
    let group = KeyHint("\(s.keys.short(.groupCoarser))/\(s.keys.short(.groupFiner))", "group")
    // Opened from the dashboard, Esc (and the key that opened it) goes back there.
    let hints =
      s.returnsToDashboard
      ? [
        group, KeyHint("\(s.keys.short(.openAcross))/Esc", "dashboard"), KeyHint(s.keys.short(.quit), "quit"),
      ]
      : [group, KeyHint("\(s.keys.short(.quit))/Esc", "quit")]
    var spans: [Span] = [Span(" ")]
    for hint in hints {
      spans += [Span(hint.key, Style(bold: true)), Span(" \(hint.action)  ", Style(.muted))]
    }
    if let words = s.replayWords {
      spans.append(Span("\(TerminalText.sanitized(words))  ", Style(.warning, bold: true)))
    }
    if let fired = s.lastFired, fired.untilNs > s.refreshedAt {
      spans.append(Span("alert: \(TerminalText.sanitized(fired.message))  ", Style(.warning, bold: true)))
    }
    // By index: an instrument (its session, books and tape) is not copied for a line of text.
    var said = s.instruments.indices.compactMap { i in
      s.instruments[i].problem.map { "\(s.instruments[i].key): \($0)" }
    }
    let guessed = s.instruments.indices.filter { s.instruments[$0].specFromSymbol }.map {
      s.instruments[$0].key.symbol.description
    }
    if !guessed.isEmpty { said.append("spot spec from symbol: \(guessed.joined(separator: ", "))") }
    // The venues in the plan's order (the registration's: `AcrossPlan`), as the strip lists them.
    let planned = s.factsFailure.isEmpty ? [] : s.instruments.indices.map { s.instruments[$0].key.venue }
    func place(_ v: Venue) -> (Int, Venue) { (planned.firstIndex(of: v) ?? planned.count, v) }
    for (venue, why) in s.factsFailure.sorted(by: { place($0.key) < place($1.key) }) {
      said.append(
        "\(s.venueNames[venue] ?? venue.name) instrument facts not loaded: \(TerminalText.sanitized(why)) (asking again)"
      )
    }
    said += s.notes
    if !said.isEmpty { spans.append(Span(said.joined(separator: "; "), Style(.muted))) }
    _ = grid.put(spans, x: area.x, y: area.y, clip: area)
  }
}
