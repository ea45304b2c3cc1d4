import App
import Feed
import MarketModel
import Screen
import VenueCore

/// What `--once` prints: the status, the time, the top of the book and the latest trades.
struct Snapshot {
  /// The venue the instrument is on (the one the command line resolved), the state, the mode and
  /// the time.
  var header: SnapshotHeader
  var symbol: String
  var bids: [PriceLevel]
  var asks: [PriceLevel]
  var trades: [Trade]
  var last: Double?
  var mark: Double?
  var decimals: Int
  /// The time zone's offset for the trades' times of day (0 with `--utc`).
  var utcOffsetMinutes: Int
  /// Decimals of the book's sizes and of the tape's (0: BitMEX's whole contracts; a venue's
  /// decimal sizes are kept as units at this scale).
  var sizeScale: UInt8 = 0
  var tapeScale: UInt8 = 0
  /// A venue book's rule: where it stands and its integrity counts (checks, failures, resyncs);
  /// nil for BitMEX's.
  var sync: String?
  var integrity: IntegrityCounts?

  init(
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
    if state.priceBook != nil {
      // A venue's book knows the decimals its prices use.
      decimals = state.priceDecimals
    } else if state.instrument.tickSize != nil {
      decimals = state.instrument.priceDecimals
    } else {
      let prices = bids.map(\.price) + asks.map(\.price) + trades.map(\.price)
      decimals = prices.map(Self.decimals).max() ?? 2
    }
  }

  /// Decimal places a price needs (up to 8), for when the tick size is not known.
  static func decimals(_ price: Double) -> Int {
    for d in 0...8 {
      let scaled = price * Double(Int(pow10(d)))
      if abs(scaled - scaled.rounded()) < 1e-6 * max(1, abs(scaled)) { return d }
    }
    return 8
  }

  private static func pow10(_ n: Int) -> Double { (0..<n).reduce(1.0) { acc, _ in acc * 10 } }

  /// A size of `units` at `scale` decimals, exactly (`12345` at 4: `1.2345`).
  static func size(_ units: Int64, scale: UInt8) -> String {
    scale == 0 ? String(units) : FixedDecimal(mantissa: units, scale: scale).description
  }

  /// A book rule's state in words, as the replay's report says it.
  static func words(_ state: BookSyncState) -> String {
    switch state {
    case .live: "live"
    case .waiting: "waiting for a snapshot"
    case .resyncing(let fault): "resyncing: \(fault)"
    }
  }

  func bookSize(_ units: Int64) -> String { Self.size(units, scale: sizeScale) }
  func tradeSize(_ units: Int64) -> String { Self.size(units, scale: tapeScale) }

  func price(_ p: Double) -> String { Format.fixed(p, decimals) }

  /// The text form: a status line, the time, then two tables whose price and size columns
  /// line up, each under its header: the book (asks, best at the bottom; the spread; bids) and
  /// the trades (newest first).
  var text: String {
    // One line: the symbol and status may come from outside, newlines and all.
    var out =
      "\(TerminalText.sanitized(symbol))  \(TerminalText.sanitized(header.label))\n"
    out += "at \(header.timeMs.map(localTime) ?? "an unknown time")\n"
    let prices = (asks + bids).map { price($0.price) } + trades.map { price($0.price) }
    let sizes = (asks + bids).map { bookSize($0.size) } + trades.map { tradeSize($0.size) }
    let pw = max(5, prices.map(\.count).max() ?? 0)
    let sw = max(4, sizes.map(\.count).max() ?? 0)
    func row(_ lead: String, _ p: String, _ s: String) -> String {
      "\(lead)  \(p.leftPad(pw))  \(s.leftPad(sw))\n"
    }
    out += row("   ", "price", "size")
    for a in asks.reversed() { out += row("ask", price(a.price), bookSize(a.size)) }
    if let b = bids.first, let a = asks.first {
      out +=
        "---- spread \(price(a.price - b.price))  mid \(Format.fixed((a.price + b.price) / 2, decimals + 1))\n"
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
    let iso = Format.isoTime(local)
    let date = iso.prefix(10)
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

  /// Prints the snapshot on stdout: as JSON, which escapes what a terminal must not see, or as
  /// text made safe line by line (`TerminalText`): symbols and statuses may come from outside.
  func print(json: Bool) {
    Swift.print(
      json ? self.json : TerminalText.sanitized(text, keepingNewlines: true), terminator: json ? "\n" : "")
  }

  /// The JSON form (`--json`): the header (`venue`; `status`: LIVE, ENDED, apart from `mode`:
  /// live, demo, replay; the `time` it is of), bids and asks best first as `[price, size]` pairs.
  var json: String {
    func levels(_ l: [PriceLevel]) -> String {
      "[" + l.map { "[\(Format.json($0.price)),\(bookSize($0.size))]" }.joined(separator: ",") + "]"
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
        "{\"time\":\"\(Format.isoTime(t.timeMs))\",\"side\":\(side),\"price\":\(Format.json(t.price)),\"size\":\(tradeSize(t.size))}"
    }
    return
      "{\(header.jsonFields),\"symbol\":\(TerminalText.jsonLiteral(symbol)),"
      + "\"bids\":\(levels(bids)),\"asks\":\(levels(asks)),\"trades\":[\(tradeList.joined(separator: ","))],"
      + "\"last\":\(last.map(Format.json) ?? "null"),\"mark\":\(mark.map(Format.json) ?? "null")\(book)}"
  }
}

extension String {
  func leftPad(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
