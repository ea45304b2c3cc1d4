/// The bottom line: the connection badge, why the last attempt failed, mode markers,
/// messages per second, age of the newest data, ping round trip, a notice (why a key did
/// nothing, why recording stopped, why the book resyncs), and key hints at the right. The last
/// hints (`? help`, `q quit`) are the last to go: the others are dropped from the end first.
///
/// The badge always shows (cut with an ellipsis if even it is too long); the notice and the
/// failure reason keep up to 64 columns against the hints and take whatever they leave.
public struct StatusLine: Sendable {
  public var connection: ConnectionBadge
  /// Mode markers: `DEMO`, `REPLAY`, `PAUSED`.
  public var markers: [String]
  public var messagesPerSecond: Double?
  /// Milliseconds since the newest data arrived.
  public var dataAgeMs: Int64?
  /// The last ping round trip in milliseconds.
  public var pingMs: Int64?
  /// Since start: new connections after the first, book resyncs, and frames skipped as
  /// undecodable. Shown only when not zero, after the figures above.
  public var reconnects: Int
  public var resyncs: Int
  public var skipped: Int
  /// Something the user should know now, in a few words; shown before the failure reason.
  public var notice: String?
  /// Key hints in the order shown; the last `lastingHints` of them (help and quit) are kept the
  /// longest, then the others from the first.
  public var hints: [KeyHint]

  /// How many of the last hints are kept before any other: where help is, and how to quit.
  public static let lastingHints = 2
  /// ASCII glyphs only (`--ascii`, or a locale without UTF-8).
  public var ascii: Bool
  /// A replay's position, shown right after the badge.
  public var replay: ReplayStatus?
  /// What takes the line after the badge when set: a fired alert's banner, a prompt.
  public var banner: [Span]?

  public init(
    connection: ConnectionBadge, markers: [String] = [], messagesPerSecond: Double? = nil,
    dataAgeMs: Int64? = nil, pingMs: Int64? = nil, reconnects: Int = 0, resyncs: Int = 0, skipped: Int = 0,
    notice: String? = nil, hints: [KeyHint] = [], ascii: Bool = false, banner: [Span]? = nil,
    replay: ReplayStatus? = nil
  ) {
    self.banner = banner
    self.connection = connection
    self.markers = markers
    self.messagesPerSecond = messagesPerSecond
    self.dataAgeMs = dataAgeMs
    self.pingMs = pingMs
    self.reconnects = reconnects
    self.resyncs = resyncs
    self.skipped = skipped
    self.notice = notice
    self.hints = hints
    self.ascii = ascii
    self.replay = replay
  }

  /// How many columns the reason keeps against the hints.
  static let reasonReserve = 64

  /// Draws the status on the first row of `area` (clearing all of it).
  public func render(into grid: inout Grid, area: Rect) {
    let area = area.intersection(grid.bounds)
    guard !area.isEmpty else { return }
    grid.fill(area)
    let row = area.row(0)
    let glyphs = Glyphs.forTerminal(ascii: ascii)
    let width = row.width - 2  // a column of margin at either end

    var left = [Span(" \(connection.label) ", connection.style)].fitted(width, ellipsis: glyphs.ellipsis)
    var extras: [[Span]] = replay?.parts ?? []
    extras += markers.map {
      [Span(" \($0.folded(ascii: ascii)) ", Style(.accent, bold: true, reverse: true))]
    }
    let age = dataAgeMs.map { [Span("age ", Style(.muted)), Span(NumberFormat.age(ms: $0), Style())] }
    if let banner {
      // An alert's banner takes the hints' place, never the data's age or the markers (PAUSED,
      // REC, REPLAY): an alert fires when nobody is watching, and stale must still say so.
      var keep = extras
      if let age { keep.append(age) }
      var leftWidth = left.width
      let bannerRoom = min(banner.width, 40)
      for extra in keep where leftWidth + 2 + extra.width + 2 + bannerRoom <= width {
        left.append(Span("  "))
        left += extra
        leftWidth += 2 + extra.width
      }
      let free = width - leftWidth - 2
      if free >= 3 {
        left += [Span("  ")] + banner.folded(ascii: ascii).fitted(free, ellipsis: glyphs.ellipsis)
      }
      grid.put(left, x: row.x + 1, y: row.y, clip: row)
      return
    }
    if let messagesPerSecond { extras.append([Span(NumberFormat.rate(messagesPerSecond), Style())]) }
    if let age { extras.append(age) }
    if let pingMs {
      extras.append([Span("ping ", Style(.muted)), Span(NumberFormat.age(ms: pingMs), Style())])
    }
    for (count, one, many) in [
      (reconnects, "reconnect", "reconnects"), (resyncs, "resync", "resyncs"),
      (skipped, "skipped", "skipped"),
    ] where count > 0 {
      extras.append([
        Span(NumberFormat.size(Int64(count)), Style()),
        Span(count == 1 ? " \(one)" : " \(many)", Style(.muted)),
      ])
    }

    // Widths are kept as the spans are added (measuring the line again for each would be
    // quadratic, every frame).
    var leftWidth = left.width
    for extra in extras {
      let extraWidth = extra.width
      guard leftWidth + 2 + extraWidth <= width else { break }
      left.append(Span("  "))
      left += extra
      leftWidth += 2 + extraWidth
    }

    var free = width - leftWidth
    let words = [notice, connection.reason].compactMap { $0 }.filter { !$0.isEmpty }
    let reason =
      words.isEmpty ? nil : Span(words.joined(separator: "; ").folded(ascii: ascii), Style(.warning))
    let reasonKeeps = reason.map { min($0.width, Self.reasonReserve) + 2 } ?? 0
    // Which hints fit: the lasting ones first, then the others from the first; shown in order.
    let shown = ascii ? hints.map({ $0.folded(ascii: true) }) : hints
    let lasting = max(0, shown.count - Self.lastingHints)
    var kept = [Bool](repeating: false, count: shown.count)
    var rightWidth = 0
    for i in Array(lasting..<shown.count) + Array(0..<lasting) {
      let cost = shown[i].width + (rightWidth == 0 ? 2 : 4)
      guard rightWidth + cost + reasonKeeps <= free else { break }
      kept[i] = true
      rightWidth += shown[i].width + (rightWidth == 0 ? 0 : 2)
    }
    var right: [Span] = []
    for (i, hint) in shown.enumerated() where kept[i] {
      if !right.isEmpty { right.append(Span("  ")) }
      right += hint.spans
    }
    free -= right.isEmpty ? 0 : rightWidth + 2
    if let reason, free >= 3 {
      left.append(Span("  "))
      left += [reason].fitted(free - 2, ellipsis: glyphs.ellipsis)
    }
    grid.put(left, x: row.x + 1, y: row.y, clip: row)
    if !right.isEmpty { grid.put(right, x: row.maxX - 1 - rightWidth, y: row.y, clip: row) }
  }
}
