import Feed
import MarketModel
import Screen

/// What `--once` prints: the status, the top of the book and the latest trades.
struct Snapshot {
  var symbol: String
  var status: String
  var bids: [PriceLevel]
  var asks: [PriceLevel]
  var trades: [Trade]
  var last: Double?
  var mark: Double?
  var decimals: Int
  /// The time zone's offset for the trades' times of day (0 with `--utc`).
  var utcOffsetMinutes: Int

  init(
    state: MarketState, status: String, utcOffsetMinutes: Int = 0, depth: Int = 10,
    trades tradeCount: Int = 10
  ) {
    self.utcOffsetMinutes = utcOffsetMinutes
    symbol = state.symbol.description
    self.status = status
    bids = state.book.top(.buy, depth)
    asks = state.book.top(.sell, depth)
    trades = Array(state.tape.prefix(tradeCount))
    last = state.tape.lastPrice ?? state.instrument.lastPrice
    mark = state.instrument.markPrice
    if state.instrument.tickSize != nil {
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

  func price(_ p: Double) -> String { Format.fixed(p, decimals) }

  /// The text form: a status line, asks (best at the bottom), the spread, bids, trades.
  var text: String {
    // One line: the symbol and status may come from outside, newlines and all.
    var out = "\(TerminalText.sanitized(symbol))  \(TerminalText.sanitized(status))\n"
    out += "        price          size\n"
    for a in asks.reversed() { out += "ask  \(price(a.price).leftPad(12))  \(String(a.size).leftPad(12))\n" }
    if let b = bids.first, let a = asks.first {
      out +=
        "---- spread \(price(a.price - b.price))  mid \(Format.fixed((a.price + b.price) / 2, decimals + 1))\n"
    } else {
      out += "---- (one side empty)\n"
    }
    for b in bids { out += "bid  \(price(b.price).leftPad(12))  \(String(b.size).leftPad(12))\n" }
    out += "trades (newest first)\n"
    if trades.isEmpty { out += "  none yet\n" }
    for t in trades {
      let side = t.side.map { $0 == .buy ? "BUY " : "SELL" } ?? "    "
      out +=
        "  \(NumberFormat.timeOfDay(ms: t.timeMs, utcOffsetMinutes: utcOffsetMinutes))  \(side)  \(price(t.price).leftPad(12))  \(String(t.size).leftPad(10))\n"
    }
    return out
  }

  /// Prints the snapshot on stdout: as JSON, which escapes what a terminal must not see, or as
  /// text made safe line by line (`TerminalText`): symbols and statuses may come from outside.
  func print(json: Bool) {
    Swift.print(
      json ? self.json : TerminalText.sanitized(text, keepingNewlines: true), terminator: json ? "\n" : "")
  }

  /// The JSON form (`--json`): bids and asks best first, as `[price, size]` pairs.
  var json: String {
    func levels(_ l: [PriceLevel]) -> String {
      "[" + l.map { "[\(Format.json($0.price)),\($0.size)]" }.joined(separator: ",") + "]"
    }
    let tradeList = trades.map { t in
      let side = t.side.map { "\"\($0 == .buy ? "Buy" : "Sell")\"" } ?? "null"
      return
        "{\"time\":\"\(Format.isoTime(t.timeMs))\",\"side\":\(side),\"price\":\(Format.json(t.price)),\"size\":\(t.size)}"
    }
    return "{\"symbol\":\(TerminalText.jsonLiteral(symbol)),\"status\":\(TerminalText.jsonLiteral(status)),"
      + "\"bids\":\(levels(bids)),\"asks\":\(levels(asks)),\"trades\":[\(tradeList.joined(separator: ","))],"
      + "\"last\":\(last.map(Format.json) ?? "null"),\"mark\":\(mark.map(Format.json) ?? "null")}"
  }
}

extension String {
  func leftPad(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
