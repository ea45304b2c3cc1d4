/// One stream of a combined-stream connection, parsed from its name (`btcusdt@depth@100ms`,
/// `!ticker@arr`). Equal streams get equal frames, whatever spelling the client asked for
/// (`@depth` and `@depth@1000ms` on spot).
struct BinanceStream: Sendable, Hashable {
  var kind: BinanceStreamKind
  /// The symbol, upper case; nil for an all-market stream (`!ticker@arr`).
  var symbol: String?
  /// How long a diff depth stream gathers changes before it sends them (0: every change at
  /// once); 0 for other kinds.
  var intervalMs: Int = 0

  /// The stream named `name` on `market`, or nil when the market has no such stream.
  init?(_ name: String, market: BinanceSimMarket) {
    let lower = name.lowercased()
    switch lower {
    case "!ticker@arr":
      self.init(kind: .ticker, symbol: nil)
      return
    case "!miniticker@arr":
      self.init(kind: .miniTicker, symbol: nil)
      return
    case "!forceorder@arr" where market == .usdm:
      self.init(kind: .forceOrder, symbol: nil)
      return
    default: break
    }
    let parts = lower.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count >= 2, !parts[0].isEmpty, parts[0].utf8.allSatisfy({ Self.symbolByte($0) }) else {
      return nil
    }
    let symbol = parts[0].uppercased()
    switch (parts[1], parts.count) {
    case ("depth", 2): self.init(kind: .depth, symbol: symbol, intervalMs: market == .spot ? 1_000 : 250)
    case ("depth", 3):
      let speeds =
        market == .spot
        ? ["100ms": 100, "1000ms": 1_000] : ["0ms": 0, "100ms": 100, "250ms": 250, "500ms": 500]
      guard let interval = speeds[String(parts[2])] else { return nil }
      self.init(kind: .depth, symbol: symbol, intervalMs: interval)
    case ("bookticker", 2): self.init(kind: .bookTicker, symbol: symbol)
    case ("trade", 2): self.init(kind: .trade, symbol: symbol)
    case ("aggtrade", 2): self.init(kind: .aggTrade, symbol: symbol)
    case ("ticker", 2): self.init(kind: .ticker, symbol: symbol)
    case ("miniticker", 2): self.init(kind: .miniTicker, symbol: symbol)
    case ("forceorder", 2) where market == .usdm: self.init(kind: .forceOrder, symbol: symbol)
    case ("markprice", 2) where market == .usdm: self.init(kind: .markPrice, symbol: symbol)
    case ("markprice", 3) where market == .usdm && parts[2] == "1s":
      self.init(kind: .markPrice, symbol: symbol)
    default: return nil
    }
  }

  init(kind: BinanceStreamKind, symbol: String?, intervalMs: Int = 0) {
    self.kind = kind
    self.symbol = symbol
    self.intervalMs = intervalMs
  }

  private static func symbolByte(_ b: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b)
  }

  /// The depth intervals a market's streams gather over.
  static func depthIntervals(_ market: BinanceSimMarket) -> [Int] {
    market == .spot ? [100, 1_000] : [0, 100, 250, 500]
  }
}
