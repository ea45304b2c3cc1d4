import FoundationEssentials
import NIOHTTP1

/// The REST API of both markets, under their path prefixes: spot `/api/v3/…`, USDⓈ-M
/// `/fapi/v1/…`: `depth` (the bridge's snapshot: `lastUpdateId` from the same id space as the
/// streams), `exchangeInfo`, `klines`, `ticker/24hr`, each with Binance's request weight counted
/// against the market's limit (429, then 418). Errors come in Binance's shape,
/// `{"code":-1121,"msg":"Invalid symbol."}`.
extension BinanceDialect {
  /// An HTTP answer.
  struct Answer {
    var status: Int
    var headers: [(String, String)] = []
    var body: [UInt8]
  }

  /// A route of either market.
  private enum Route: String {
    case depth
    case exchangeInfo
    case klines
    case ticker24h = "ticker/24hr"
  }

  /// The answer to a request of a Binance path; nil for any other path.
  func respond(method: HTTPMethod, uri: String, world: SimWorld) -> Answer? {
    let parts = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    guard let (market, rest) = BinanceSimMarket.split(String(parts[0])) else { return nil }
    let query = parts.count > 1 ? RESTRouter.query(String(parts[1])) : [:]
    guard rest.hasPrefix(market.restPrefix + "/"),
      let route = Route(rawValue: String(rest.dropFirst(market.restPrefix.count + 1)))
    else {
      return Answer(status: 404, body: BinanceEncoder.error(code: -1, "Not found."))
    }
    guard method == .GET else {
      return Answer(status: 405, body: BinanceEncoder.error(code: -1, "Method not allowed."))
    }
    let limits = world.config.binance
    let limit = world.faults.current.binance.weightLimit ?? limits.weightLimit(market)
    let nowMs = Int64((Date().timeIntervalSince1970 * 1_000).rounded())
    let verdict = limiters[market, default: BinanceRateLimiter()].request(
      weight: Self.weight(route, market, query), limit: limit, banSeconds: limits.banSeconds,
      windowMs: Int64(max(1, limits.weightWindowSeconds)) * 1_000, nowMs: nowMs)
    switch verdict {
    case .limited(let retry, _):
      let words =
        "Too many requests; current limit of IP(127.0.0.1) is \(limit) requests per minute. Please use the "
        + "websocket for live updates to avoid polling the API."
      return Answer(
        status: 429, headers: [("Retry-After", String(retry))], body: BinanceEncoder.error(code: -1003, words)
      )
    case .banned(let retry, let until):
      let words =
        "Way too many requests; IP(127.0.0.1) banned until \(until). Please use the websocket for live "
        + "updates to avoid bans."
      return Answer(
        status: 418, headers: [("Retry-After", String(retry))], body: BinanceEncoder.error(code: -1003, words)
      )
    case .allowed(let used):
      var answer = serve(route, market, query, world)
      answer.headers.append(("X-MBX-USED-WEIGHT-1M", String(used)))
      return answer
    }
  }

  /// Binance's weight of a request.
  private static func weight(_ route: Route, _ market: BinanceSimMarket, _ query: [String: String]) -> Int {
    let limit = query["limit"].flatMap { Int($0) }
    switch (route, market) {
    case (.depth, .spot):
      switch limit ?? 100 {
      case ...100: return 5
      case ...500: return 25
      case ...1_000: return 50
      default: return 250
      }
    case (.depth, .usdm):
      switch limit ?? 500 {
      case ...50: return 2
      case ...100: return 5
      case ...500: return 10
      default: return 20
      }
    case (.exchangeInfo, .spot): return 20
    case (.exchangeInfo, .usdm): return 1
    case (.klines, .spot): return 2
    case (.klines, .usdm):
      switch limit ?? 500 {
      case ..<100: return 1
      case ..<500: return 2
      case ...1_000: return 5
      default: return 10
      }
    case (.ticker24h, _):
      if query["symbol"] != nil { return market == .spot ? 2 : 1 }
      return market == .spot ? 80 : 40
    }
  }

  private func serve(
    _ route: Route, _ market: BinanceSimMarket, _ query: [String: String], _ world: SimWorld
  )
    -> Answer
  {
    let symbol = query["symbol"]
    if let symbol, !lists(market, symbol) { return Self.bad(-1121, "Invalid symbol.") }
    let now = world.nowMs()
    switch route {
    case .depth, .klines:
      guard let symbol else {
        return Self.bad(-1102, "Mandatory parameter 'symbol' was not sent, was empty/null, or malformed.")
      }
      // A ticker-only symbol has no book and no tape.
      guard let b = book(market, symbol) else { return Self.bad(-1121, "Invalid symbol.") }
      return route == .depth ? depth(b, query, world) : klines(b, query, world)
    case .exchangeInfo:
      let selected = listings(market).filter { symbol == nil || $0.symbol == symbol }
      return Answer(status: 200, body: exchangeInfo(market, selected, now))
    case .ticker24h:
      var w = JSONWriter()
      let all = tickers(market, symbol: symbol, world, timeMs: now)
      if symbol != nil, let (l, t) = all.first {
        BinanceEncoder.restTicker(t, l, into: &w)
      } else {
        w.beginArray()
        for (l, t) in all {
          w.item()
          BinanceEncoder.restTicker(t, l, into: &w)
        }
        w.endArray()
      }
      return Answer(status: 200, body: w.bytes)
    }
  }

  private static func bad(_ code: Int, _ message: String) -> Answer {
    Answer(status: 400, body: BinanceEncoder.error(code: code, message))
  }

  // MARK: depth

  /// A snapshot other than the current book, by a fault.
  private enum DepthFault {
    /// Older than the streams open (`staleSnapshots`).
    case stale
    /// As of the last update sent (`boundarySnapshots`).
    case boundary
  }

  private func depth(_ b: Int, _ query: [String: String], _ world: SimWorld) -> Answer {
    let market = books[b].listing.market
    var limit = market == .spot ? 100 : 500
    if let text = query["limit"] {
      guard let n = Int(text) else {
        return Self.bad(
          -1100, "Illegal characters found in parameter 'limit'; legal range is '^[0-9]{1,20}$'.")
      }
      let valid = market == .spot ? (1...5_000).contains(n) : [5, 10, 20, 50, 100, 500, 1_000].contains(n)
      guard valid else { return Self.bad(-1130, "Data sent for parameter 'limit' is not valid.") }
      limit = n
    }
    guard let slot = world.slot(books[b].listing.source) else { return Self.bad(-1121, "Invalid symbol.") }
    let boundary = books[b].boundary
    let fault = world.faults.withLock { f -> DepthFault? in
      if f.binance.staleSnapshots > 0 {
        f.binance.staleSnapshots -= 1
        return .stale
      }
      if f.binance.boundarySnapshots > 0, boundary != nil {
        f.binance.boundarySnapshots -= 1
        return .boundary
      }
      return nil
    }
    let (source, id): (SimBook, UInt64)
    switch fault {
    case .stale?: (source, id) = books[b].older ?? books[b].newer
    case .boundary?: (source, id) = boundary ?? (slot.generator.book, books[b].lastID)
    case nil: (source, id) = (slot.generator.book, books[b].lastID)
    }
    let levels = books[b].levels(of: source, limit: limit)
    let body = BinanceEncoder.depthSnapshot(
      id: id, bids: levels.bids, asks: levels.asks, books[b].listing, timeMs: world.nowMs())
    return Answer(status: 200, body: body)
  }

  // MARK: klines

  /// Interval names → minutes.
  private static let intervals: [String: Int] = [
    "1m": 1, "3m": 3, "5m": 5, "15m": 15, "30m": 30, "1h": 60, "2h": 120, "4h": 240, "6h": 360, "8h": 480,
    "12h": 720, "1d": 1_440,
  ]

  private func klines(_ b: Int, _ query: [String: String], _ world: SimWorld) -> Answer {
    let l = books[b].listing
    guard let text = query["interval"], let minutes = Self.intervals[text] else {
      return Self.bad(-1120, "Invalid interval.")
    }
    var count = 500
    if let text = query["limit"] {
      guard let n = Int(text), n > 0 else {
        return Self.bad(-1130, "Data sent for parameter 'limit' is not valid.")
      }
      count = min(n, l.market == .spot ? 1_000 : 1_500)
    }
    var now = world.nowMs()
    var partial = true
    if let text = query["endTime"] {
      guard let end = Int64(text), end >= 0 else {
        return Self.bad(
          -1100, "Illegal characters found in parameter 'endTime'; legal range is '^[0-9]{1,20}$'.")
      }
      if end < now {
        now = end
        partial = false
      }
    }
    guard let slot = world.slot(l.source) else { return Self.bad(-1121, "Invalid symbol.") }
    let g = slot.generator
    let bins = g.history.bins(
      binMinutes: minutes, count: count, partial: partial, nowMs: now, seed: world.config.seed,
      symbol: g.instrument.symbol, lot: g.instrument.lotSize,
      volatilityTicks: g.instrument.startPrice * 0.0003 / g.scale.tickSize)
    let binMs = Int64(minutes) * 60_000
    var w = JSONWriter(capacity: 160 * bins.count + 2)
    w.beginArray()
    for bin in bins {
      let open = books[b].ticks(bin.open)
      let high = books[b].ticks(bin.high)
      let low = books[b].ticks(bin.low)
      let close = books[b].ticks(bin.close)
      let volume = bin.volume > 0 ? books[b].units(lots: Double(bin.volume) / Double(books[b].sourceLot)) : 0
      let base = Double(volume) / Double(BinanceListing.power(l.qtyDecimals))
      let quote = Int64(min(9e18, max(0, (base * Double((open + close) / 2 * l.tickUnits)).rounded())))
      w.item()
      w.beginArray()
      w.item()
      w.int(bin.endMs - binMs)
      for ticks in [open, high, low, close] {
        w.item()
        BinanceEncoder.price(ticks, l, into: &w)
      }
      w.item()
      BinanceEncoder.qty(volume, l, into: &w)
      w.item()
      w.int(bin.endMs - 1)
      w.item()
      BinanceEncoder.quoted(quote, decimals: l.priceDecimals, into: &w)
      w.item()
      w.int(bin.trades)
      w.item()
      BinanceEncoder.qty(volume / l.stepUnits / 2 * l.stepUnits, l, into: &w)
      w.item()
      BinanceEncoder.quoted(quote / 2, decimals: l.priceDecimals, into: &w)
      w.item()
      w.string("0")
      w.endArray()
    }
    w.endArray()
    return Answer(status: 200, body: w.bytes)
  }
}
