import CrossVenue
import MarketModel
import Screen
import VenueCore

/// What `tradeterm --once --across ASSET` prints from an `AcrossState` after its `refresh`: the
/// venue strip, the spread matrix and the top `levels` consolidated levels of each quote group, as
/// JSON (one line) or as text. Sizes are in the base asset at the book's base scale, exact.
public struct AcrossReport: Sendable {
  public let state: AcrossState
  public let levels: Int

  public init(state: AcrossState, levels: Int = 20) {
    self.state = state
    self.levels = max(0, levels)
  }

  /// Base units as a decimal of the base asset.
  func base(_ units: Int64) -> FixedDecimal {
    FixedDecimal(mantissa: units, scale: state.book.options.baseScale).normalized
  }

  static func ms(_ ns: Int64?) -> String { ns.map { String($0 / 1_000_000) } ?? "null" }

  static func quoted(_ text: String) -> String { TerminalText.jsonLiteral(text) }

  static func decimal(_ d: FixedDecimal?) -> String { d.map { quoted($0.description) } ?? "null" }

  /// A cell of the matrix in words: `open`, `crossed`, `stale`, or why it has no figure.
  static func words(_ status: SpreadMatrix.Status) -> String {
    switch status {
    case .open: "open"
    case .crossed: "crossed"
    case .stale: "stale"
    case .unavailable(let why):
      switch why {
      case .same: "same"
      case .notLive: "not live"
      case .noQuote: "no quote"
      case .notComparable: "not comparable"
      case .outOfRange: "out of range"
      }
    }
  }

  /// The edge in basis points with two decimals, or nil.
  static func bps(_ edge: Double?) -> String? {
    guard let edge, edge.isFinite, abs(edge) < 1e12 else { return nil }
    // Hundredths, rounded half away from zero, as text without Foundation.
    let hundredths = Int64((edge * 100).rounded())
    let sign = hundredths < 0 ? "-" : ""
    let magnitude = hundredths.magnitude
    let cents = magnitude % 100
    return "\(sign)\(magnitude / 100).\(cents < 10 ? "0" : "")\(cents)"
  }

  public var json: String {
    let s = state
    let marks = VenueMarks(s.instruments.map(\.key), venueLetters: s.venueLetters)
    var venues: [String] = []
    for (i, row) in s.strip.rows.enumerated() {
      let inst = s.instruments[i]
      venues.append(
        "{\"instrument\":\(Self.quoted(row.key.description)),\"mark\":\(Self.quoted(String(marks.letter(i)))),"
          + "\"state\":\(Self.quoted(row.state.description)),\"ageMs\":\(Self.ms(row.ageNs)),"
          + "\"bid\":\(Self.decimal(row.bestBid)),\"ask\":\(Self.decimal(row.bestAsk)),"
          + "\"integrity\":{\"checks\":\(row.integrity.checks),\"failures\":\(row.integrity.failures),"
          + "\"resyncs\":\(row.integrity.resyncs)},"
          + "\"excluded\":\(row.exclusion.map { Self.quoted($0.description) } ?? "null"),"
          + "\"spec\":\(Self.quoted(inst.specFromSymbol ? "symbol" : "venue"))}")
    }
    var rows: [String] = []
    for buy in 0..<s.matrix.count {
      var cells: [String] = []
      for sell in 0..<s.matrix.count {
        let c = s.matrix[buy, sell]
        cells.append(
          "{\"status\":\(Self.quoted(Self.words(c.status))),\"bps\":\(Self.bps(c.edgeBps) ?? "null")}")
      }
      rows.append("[" + cells.joined(separator: ",") + "]")
    }
    var groups: [String] = []
    for group in s.book.groups {
      func side(_ side: BookSide) -> String {
        let list = group[side].prefix(levels).enumerated().map { n, level in
          let from = group.members.enumerated().compactMap { k, member -> String? in
            let units = group.contribution(side, level: n, member: k)
            guard units != 0 else { return nil }
            return
              "\(Self.quoted(s.instruments[member].key.description)):\(Self.quoted(base(units).description))"
          }
          return "{\"price\":\(Self.quoted(level.price.description)),"
            + "\"size\":\(Self.quoted(base(level.size).description)),\"from\":{\(from.joined(separator: ","))}}"
        }
        return "[" + list.joined(separator: ",") + "]"
      }
      groups.append(
        "{\"quote\":\(Self.quoted(group.quote.description)),\"atPar\":\(group.atPar),"
          + "\"merged\":\(group.mergedCount),\"bids\":\(side(.bid)),\"asks\":\(side(.ask))}")
    }
    // The taker fees the cells are after (none: before fees), by venue.
    let fees = s.takerFeePercent.sorted { $0.key.rawValue < $1.key.rawValue }.map {
      "\(Self.quoted($0.key.rawValue)):\(Self.quoted($0.value.normalized.description))"
    }.joined(separator: ",")
    return
      "{\"asset\":\(Self.quoted(s.asset.description)),\"mode\":\(Self.quoted(Self.modeWord(s.mode))),"
      + "\"step\":\(Self.quoted(s.step.description)),\"venues\":[\(venues.joined(separator: ","))],"
      + "\"matrix\":{\"rows\":\"buy\",\"columns\":\"sell\","
      + "\"takerFeePercent\":{\(fees)},"
      + "\"instruments\":[\(s.instruments.map { Self.quoted($0.key.description) }.joined(separator: ","))],"
      + "\"cells\":[\(rows.joined(separator: ","))]},"
      + "\"book\":[\(groups.joined(separator: ","))],"
      + "\"notes\":[\(s.notes.map(Self.quoted).joined(separator: ","))]}\n"
  }

  /// The run's mode as `--once --json` names it (the dashboard's snapshot's words).
  static func modeWord(_ mode: RunMode) -> String {
    switch mode {
    case .live: "live"
    case .demo: "demo"
    case .replay: "replay"
    }
  }

  public var text: String {
    let s = state
    let marks = VenueMarks(s.instruments.map(\.key), venueLetters: s.venueLetters)
    var out = "\(s.asset) across venues  grp \(s.step)\n"
    for (i, row) in s.strip.rows.enumerated() {
      let bid = row.bestBid?.description ?? "-"
      let ask = row.bestAsk?.description ?? "-"
      let age = row.ageNs.map { "\($0 / 1_000_000)ms" } ?? "-"
      out +=
        "\(marks.letter(i)) \(row.key)  \(row.state)  age \(age)  bid \(bid)  ask \(ask)"
        + "  integrity \(row.integrity.checks)/\(row.integrity.failures)/\(row.integrity.resyncs)"
        + (row.exclusion.map { "  out: \($0)" } ?? "") + "\n"
    }
    if s.matrix.count > 1 {
      let fees = s.takerFeePercent.isEmpty ? "before fees" : "after taker fees"
      out += "spread bps (buy row, sell column), \(fees):\n"
      out += "   " + (0..<s.matrix.count).map { "       \(marks.letter($0))" }.joined() + "\n"
      for buy in 0..<s.matrix.count {
        out += "\(marks.letter(buy))  "
        for sell in 0..<s.matrix.count {
          let c = s.matrix[buy, sell]
          let figure = Self.bps(c.edgeBps).map { c.status == .stale ? "~" + $0 : $0 } ?? "-"
          out += String(repeating: " ", count: max(1, 8 - figure.count)) + figure
        }
        out += "\n"
      }
    }
    for group in s.book.groups {
      out += "\(group.quote)\(group.atPar ? " (stablecoins at par)" : ""): \(group.mergedCount) merged\n"
      for level in group.asks.prefix(levels).reversed() {
        out += "ask  \(level.price)  \(base(level.size))\n"
      }
      for level in group.bids.prefix(levels) {
        out += "bid  \(level.price)  \(base(level.size))\n"
      }
    }
    for note in s.notes { out += "note: \(note)\n" }
    return out
  }
}
