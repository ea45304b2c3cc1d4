import MarketModel
import NIOHTTP1

/// OKX v5's public REST: `/api/v5/public/instruments?instType=SPOT|SWAP|FUTURES` (the rows
/// `OKXInstruments` reads: tick, lot, `ctVal`, `ctType`) and `/api/v5/market/candles?instId&bar
/// [&after][&limit]` (rows `[ts, o, h, l, c, vol, volCcy, volCcyQuote, confirm]`, newest first,
/// at most 300, older than `after`), `/api/v5/market/books`, `/api/v5/market/trades` and
/// `/api/v5/market/tickers?instType=…` (the WebSocket ticker's fields), in OKX's `code` envelope.
struct OKXSimREST {
  let world: FollowerWorld

  func respond(_ path: String, _ query: [String: String]) -> RESTRouter.Response {
    switch path {
    case "/api/v5/public/instruments": return instruments(query)
    case "/api/v5/market/candles": return candles(query)
    case "/api/v5/market/books": return books(query)
    case "/api/v5/market/trades": return trades(query)
    case "/api/v5/market/tickers": return tickers(query)
    default: return envelope(code: "50000", message: "Not found") { _ in }
    }
  }

  private func envelope(
    code: String, message: String, _ rows: (inout JSONWriter) -> Void
  ) -> RESTRouter.Response {
    var w = JSONWriter(capacity: 4_096)
    w.beginObject()
    w.fields([("code", code), ("msg", message)])
    w.key("data")
    w.beginArray()
    rows(&w)
    w.endArray()
    w.endObject()
    return RESTRouter.Response(status: code == "0" ? .ok : .badRequest, body: w.bytes)
  }

  private func instruments(_ query: [String: String]) -> RESTRouter.Response {
    guard let type = query["instType"], !type.isEmpty else {
      return envelope(code: "50014", message: "Parameter instType can not be empty") { _ in }
    }
    guard ["SPOT", "SWAP", "FUTURES", "MARGIN", "OPTION"].contains(type) else {
      return envelope(code: "51000", message: "Parameter instType error") { _ in }
    }
    return envelope(code: "0", message: "") { w in
      for listing in world.listings(.okx) where (listing.symbol.hasSuffix("-SWAP") ? "SWAP" : "SPOT") == type
      {
        w.item()
        w.beginObject()
        var ctVal = ""
        var ctValCcy = ""
        var ctType = ""
        var settle = ""
        switch listing.contract {
        case .base: break
        case .linear(let v):
          (ctVal, ctValCcy, ctType, settle) = (
            FollowerText.decimal(v, 4), listing.base, "linear", listing.quote
          )
        case .inverse(let v):
          (ctVal, ctValCcy, ctType, settle) = (
            FollowerText.decimal(v, 0), listing.quote, "inverse", listing.base
          )
        }
        // Trailing zeros off: "0.0100" → "0.01".
        while ctVal.contains(".") && (ctVal.hasSuffix("0") || ctVal.hasSuffix(".")) { ctVal.removeLast() }
        let swap = type == "SWAP"
        w.fields([
          ("alias", ""), ("baseCcy", swap ? "" : listing.base), ("category", "1"),
          ("ctMult", swap ? "1" : ""),
          ("ctType", ctType), ("ctVal", ctVal), ("ctValCcy", ctValCcy), ("expTime", ""),
          ("instFamily", swap ? "\(listing.base)-\(listing.quote)" : ""), ("instId", listing.symbol),
          ("instType", type), ("lever", "100"), ("listTime", "1611916828000"), ("lotSz", listing.lotText),
          ("maxLmtSz", "100000000"), ("maxMktSz", "10000"), ("minSz", listing.lotText), ("optType", ""),
          ("quoteCcy", swap ? "" : listing.quote), ("settleCcy", settle), ("state", "live"), ("stk", ""),
          ("tickSz", listing.tickText), ("uly", swap ? "\(listing.base)-\(listing.quote)" : ""),
        ])
        w.endObject()
      }
    }
  }

  /// A bar name's width in minutes: `1m`, `5m`, `1H`, `4H`, `6Hutc`, `1D`, `1Dutc`, `1W`, `1Wutc`.
  static func minutes(_ bar: String) -> Int? {
    var text = Substring(bar)
    if text.hasSuffix("utc") { text = text.dropLast(3) }
    guard let unit = text.last, let n = Int(text.dropLast()), n > 0, n <= 1_000 else { return nil }
    switch unit {
    case "m": return n
    case "H": return n * 60
    case "D": return n * 1_440
    case "W": return n * 10_080
    default: return nil
    }
  }

  private func candles(_ query: [String: String]) -> RESTRouter.Response {
    guard let instID = query["instId"], let listing = world.listing(.okx, instID) else {
      return envelope(code: "51001", message: "Instrument ID does not exist") { _ in }
    }
    guard let minutes = Self.minutes(query["bar"] ?? "1m") else {
      return envelope(code: "51000", message: "Parameter bar error") { _ in }
    }
    let limit = query["limit"].flatMap { Int($0) } ?? 100
    guard (1...300).contains(limit) else {
      return envelope(code: "51000", message: "Parameter limit error") { _ in }
    }
    var last = world.world.nowMs()
    if let after = query["after"] {
      guard let ms = Int64(after), ms > 0 else {
        return envelope(code: "51000", message: "Parameter after error") { _ in }
      }
      last = min(last, ms - 1)
    }
    let list = world.candles(listing, minutes: minutes, count: limit, lastStartMs: last)
    return envelope(code: "0", message: "") { w in
      for c in list.reversed() {
        w.item()
        w.strings([
          String(c.startMs), c.open, c.high, c.low, c.close, c.volume, c.volume, c.turnover,
          c.inProgress ? "0" : "1",
        ])
      }
    }
  }

  /// `data`: one `{"asks":[[price, size, "0", orders]],"bids":…,"ts":…}`, at most 400 a side.
  private func books(_ query: [String: String]) -> RESTRouter.Response {
    guard let instID = query["instId"], let m = world.market(.okx, instID) else {
      return envelope(code: "51001", message: "Instrument ID does not exist") { _ in }
    }
    let size = query["sz"].flatMap { Int($0) } ?? 1
    guard (1...400).contains(size) else {
      return envelope(code: "51000", message: "Parameter sz error") { _ in }
    }
    let market = world.markets[m]
    let listing = market.listing
    return envelope(code: "0", message: "") { w in
      w.item()
      w.beginObject()
      for (key, side) in [("asks", Side.sell), ("bids", Side.buy)] {
        w.key(key)
        w.beginArray()
        for level in market.book.top(side, size) {
          w.item()
          w.strings([
            FollowerText.decimal(level.ticks, listing.priceDecimals),
            FollowerText.decimal(level.size, listing.sizeDecimals), "0", String(1 + level.ticks % 7),
          ])
        }
        w.endArray()
      }
      w.fields([("ts", String(world.world.nowMs()))])
      w.endObject()
    }
  }

  /// `data`: the newest trades first, `side` the taker's.
  private func trades(_ query: [String: String]) -> RESTRouter.Response {
    guard let instID = query["instId"], let m = world.market(.okx, instID) else {
      return envelope(code: "51001", message: "Instrument ID does not exist") { _ in }
    }
    let limit = max(1, min(query["limit"].flatMap { Int($0) } ?? 100, 500))
    let listing = world.markets[m].listing
    return envelope(code: "0", message: "") { w in
      for trade in world.markets[m].recent.suffix(limit).reversed() {
        w.item()
        w.beginObject()
        w.fields([
          ("instId", instID), ("side", trade.side == .buy ? "buy" : "sell"),
          ("sz", FollowerText.decimal(trade.size, listing.sizeDecimals)),
          ("px", FollowerText.decimal(trade.ticks, listing.priceDecimals)), ("tradeId", String(trade.id)),
          ("ts", String(trade.timeMs)),
        ])
        w.endObject()
      }
    }
  }

  /// `data`: every listing of the type's ticker.
  private func tickers(_ query: [String: String]) -> RESTRouter.Response {
    guard let type = query["instType"], ["SPOT", "SWAP", "FUTURES", "MARGIN", "OPTION"].contains(type) else {
      return envelope(code: "51000", message: "Parameter instType error") { _ in }
    }
    let now = world.world.nowMs()
    return envelope(code: "0", message: "") { w in
      for listing in world.listings(.okx) where (listing.symbol.hasSuffix("-SWAP") ? "SWAP" : "SPOT") == type
      {
        guard let s = world.stats(listing) else { continue }
        w.item()
        w.beginObject()
        w.fields(Self.tickerFields(listing, s, nowMs: now))
        w.endObject()
      }
    }
  }

  /// A listing's ticker fields as OKX writes them (the WebSocket's `tickers` and REST alike).
  static func tickerFields(_ listing: FollowerListing, _ s: FollowerStats, nowMs: Int64) -> [(String, String)]
  {
    let p = { (x: Double) in listing.priceText(x) }
    let z = { (x: Double) in FollowerText.decimal(x, listing.sizeDecimals) }
    // `vol24h` counts as the book does (contracts on a swap); `volCcy24h` is the quote
    // currency's on spot, the base currency's on a derivative.
    var (counted, quoteOrBase) = (s.volume24h, s.volume24h * s.last)
    switch listing.contract {
    case .base: break
    case .linear(let value): (counted, quoteOrBase) = (s.volume24h / max(value, 1e-12), s.volume24h)
    case .inverse(let value): (counted, quoteOrBase) = (s.volume24h * s.last / max(value, 1e-12), s.volume24h)
    }
    return [
      ("instType", listing.symbol.hasSuffix("-SWAP") ? "SWAP" : "SPOT"), ("instId", listing.symbol),
      ("last", p(s.last)), ("lastSz", z(s.bidSize)), ("askPx", p(s.ask)), ("askSz", z(s.askSize)),
      ("bidPx", p(s.bid)), ("bidSz", z(s.bidSize)), ("open24h", p(s.open24h)), ("high24h", p(s.high24h)),
      ("low24h", p(s.low24h)), ("sodUtc0", p(s.open24h)), ("sodUtc8", p(s.open24h)),
      ("volCcy24h", FollowerText.decimal(quoteOrBase, 4)), ("vol24h", FollowerText.decimal(counted, 4)),
      ("ts", String(nowMs)),
    ]
  }
}
