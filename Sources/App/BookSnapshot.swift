import CrossVenue
import MarketModel
import Screen
import VenueCore

/// What `--once` prints of a market: the status, the time, the top of the book and the latest
/// trades, as text or as JSON (`--json`).
public struct BookSnapshot: Sendable {
  /// The venue the instrument is on (the one the command line resolved), the state, the mode and
  /// the time.
  public var header: SnapshotHeader
  public var symbol: String
  public var bids: [PriceLevel]
  public var asks: [PriceLevel]
  public var trades: [Trade]
  public var last: Double?
  public var mark: Double?
  public var decimals: Int
  /// The time zone's offset for the trades' times of day (0 with `--utc`).
  public var utcOffsetMinutes: Int
  /// Decimals of the book's sizes and of the tape's (0: BitMEX's whole contracts; a venue's
  /// decimal sizes are kept as units at this scale).
  public var sizeScale: UInt8 = 0
  public var tapeScale: UInt8 = 0
  /// A venue book's rule: where it stands and its integrity counts (checks, failures, resyncs);
  /// nil for BitMEX's.
  public var sync: String?
  public var integrity: IntegrityCounts?

  public init(
    venue: Venue, state: MarketState, status: String, mode: RunMode = .live, timeMs: Int64? = nil,
    utcOffsetMinutes: Int = 0,
    depth: Int = 10, trades tradeCount: Int = 10
  ) {
    self.utcOffsetMinutes = utcOffsetMinutes
    header = SnapshotHeader(venue: venue, status: status, mode: mode, timeMs: timeMs)
    symbol = state.symbol.description
    bids = state.book.top(.buy, depth)
    asks = state.book.top(.sell, depth)
    trades = Array(state.tape.prefix(tradeCount))
    sizeScale = state.book.sizeScale
    tapeScale = state.tapeSizeScale
    if let policy = state.bookPolicy {
      integrity = policy.integrity
      sync = Self.words(policy.state)
    }
    last = state.tape.lastPrice ?? state.instrument.lastPrice
    mark = state.instrument.markPrice
    if state.priceBook != nil || state.instrument.tickSize != nil {
      // A venue's book knows the decimals its prices use; else the instrument's tick says them.
      decimals = state.priceDecimals
    } else {
      // Every price printed, not only the best ones the screen looks at: a level deeper in the
      // book may need a decimal more.
      let prices = bids.map(\.price) + asks.map(\.price) + trades.map(\.price)
      decimals = prices.map(MarketState.decimals).max() ?? 2
    }
  }

  /// A size of `units` at `scale` decimals, exactly (`12345` at 4: `1.2345`).
  public static func size(_ units: Int64, scale: UInt8) -> String {
    scale == 0 ? String(units) : FixedDecimal(mantissa: units, scale: scale).description
  }

  /// A book rule's state in words, as the replay's report says it (and the across screen's
  /// strip: `waiting for a snapshot`, `resyncing: …`).
  public static func words(_ state: BookSyncState) -> String {
    switch state {
    case .live: "live"
    case .waiting: Exclusion.waiting.description
    case .resyncing(let fault): Exclusion.resyncing(fault).description
    }
  }

  func bookSize(_ units: Int64) -> String { Self.size(units, scale: sizeScale) }
  func tradeSize(_ units: Int64) -> String { Self.size(units, scale: tapeScale) }

  /// A price with the snapshot's decimals, no thousands separators.
  func price(_ p: Double) -> String { NumberFormat.fixed(p, decimals: decimals, grouping: false) }

  /// The text form: a status line, the time, then two tables whose price and size columns
  /// line up, each under its header: the book (asks, best at the bottom; the spread; bids) and
  /// the trades (newest first).
  public var text: String {
    // One line: the symbol and status may come from outside, newlines and all.
    var out =
      "\(TerminalText.sanitized(symbol))  \(TerminalText.sanitized(header.label))\n"
    out += "at \(header.timeMs.map(localTime) ?? "an unknown time")\n"
    let prices = (asks + bids).map { price($0.price) } + trades.map { price($0.price) }
    let sizes = (asks + bids).map { bookSize($0.size) } + trades.map { tradeSize($0.size) }
    let pw = max(5, prices.map(\.count).max() ?? 0)
    let sw = max(4, sizes.map(\.count).max() ?? 0)
    func row(_ lead: String, _ p: String, _ s: String) -> String {
      "\(lead)  \(p.padLeft(pw))  \(s.padLeft(sw))\n"
    }
    out += row("   ", "price", "size")
    for a in asks.reversed() { out += row("ask", price(a.price), bookSize(a.size)) }
    if let b = bids.first, let a = asks.first {
      let mid = NumberFormat.fixed((a.price + b.price) / 2, decimals: decimals + 1, grouping: false)
      out += "---- spread \(price(a.price - b.price))  mid \(mid)\n"
    } else {
      out += "---- (one side empty)\n"
    }
    for b in bids { out += row("bid", price(b.price), bookSize(b.size)) }
    if let integrity, let sync {
      out +=
        "book \(sync); integrity: \(integrity.checks) checks, \(integrity.failures) failures,"
        + " \(integrity.resyncs) resyncs\n"
    }
    out += "trades (newest first)\n"
    if trades.isEmpty {
      out += "  none yet\n"
      return out
    }
    out += row("time          side", "price", "size")
    for t in trades {
      let side = t.side.map { $0 == .buy ? "BUY " : "SELL" } ?? "    "
      out += row(
        NumberFormat.timeOfDay(ms: t.timeMs, utcOffsetMinutes: utcOffsetMinutes) + "  " + side,
        price(t.price), tradeSize(t.size))
    }
    return out
  }

  /// `2026-11-26 16:23:21.123 +01:00` in the time zone of the trades' times (`UTC` with --utc).
  func localTime(_ ms: Int64) -> String {
    let local = ms &+ Int64(utcOffsetMinutes) * 60_000
    let date = UTCTime.iso(ms: local).prefix(10)
    let zone: String
    if utcOffsetMinutes == 0 {
      zone = "UTC"
    } else {
      let m = abs(utcOffsetMinutes)
      zone =
        (utcOffsetMinutes < 0 ? "-" : "+") + (m / 60 < 10 ? "0" : "") + "\(m / 60):"
        + (m % 60 < 10 ? "0" : "")
        + "\(m % 60)"
    }
    return "\(date) \(NumberFormat.timeOfDay(ms: local)) \(zone)"
  }

  /// What `--once` prints: the JSON form and a newline (JSON escapes what a terminal must not
  /// see), or the text form made safe line by line (`TerminalText`): symbols and statuses may
  /// come from outside.
  public func output(json: Bool) -> String {
    json ? self.json + "\n" : TerminalText.sanitized(text, keepingNewlines: true)
  }

  /// The JSON form (`--json`): the header (`venue`; `status`: LIVE, ENDED, apart from `mode`:
  /// live, demo, replay; the `time` it is of), bids and asks best first as `[price, size]` pairs.
  public var json: String {
    func levels(_ l: [PriceLevel]) -> String {
      "[" + l.map { "[\(JSONNumber.text($0.price)),\(bookSize($0.size))]" }.joined(separator: ",") + "]"
    }
    var book = ""
    if let integrity, let sync {
      book =
        ",\"sync\":\(TerminalText.jsonLiteral(sync)),\"integrity\":{\"checks\":\(integrity.checks),"
        + "\"failures\":\(integrity.failures),\"resyncs\":\(integrity.resyncs)}"
    }
    let tradeList = trades.map { t in
      let side = t.side.map { "\"\($0 == .buy ? "Buy" : "Sell")\"" } ?? "null"
      return
        "{\"time\":\"\(UTCTime.iso(ms: t.timeMs))\",\"side\":\(side),\"price\":\(JSONNumber.text(t.price)),"
        + "\"size\":\(tradeSize(t.size))}"
    }
    return
      "{\(header.jsonFields),\"symbol\":\(TerminalText.jsonLiteral(symbol)),"
      + "\"bids\":\(levels(bids)),\"asks\":\(levels(asks)),\"trades\":[\(tradeList.joined(separator: ","))],"
      + "\"last\":\(JSONNumber.text(last)),\"mark\":\(JSONNumber.text(mark))\(book)}"
  }
}
