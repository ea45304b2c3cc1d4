import MarketModel
import NIOHTTP1

/// Bybit v5's public market REST: `/v5/market/instruments-info?category=…` (the rows
/// `BybitInstruments` reads: tick, lot, contract type) and `/v5/market/kline?category&symbol&
/// interval[&end][&limit]` (rows `[start, open, high, low, close, volume, turnover]`, newest
/// first, at most 1000), `/v5/market/orderbook`, `/v5/market/recent-trade` and
/// `/v5/market/tickers?category=…` (every listing of the category, the fields of the WebSocket's
/// ticker), in Bybit's `retCode` envelope.
struct BybitSimREST {
  let world: FollowerWorld

  static let intervals: [String: Int] = [
    "1": 1, "3": 3, "5": 5, "15": 15, "30": 30, "60": 60, "120": 120, "240": 240, "360": 360, "720": 720,
    "D": 1_440, "W": 10_080,
  ]

  func respond(_ path: String, _ query: [String: String]) -> RESTRouter.Response {
    guard let category = query["category"],
      let venue = [FollowerVenue.bybitSpot, .bybitLinear, .bybitInverse].first(where: {
        $0.bybitCategory == category
      })
    else { return envelope(code: 10001, message: "Illegal category") { _ in } }
    switch path {
    case "/v5/market/instruments-info": return instruments(venue)
    case "/v5/market/kline": return kline(venue, query)
    case "/v5/market/orderbook": return orderbook(venue, query)
    case "/v5/market/recent-trade": return recentTrades(venue, query)
    case "/v5/market/tickers": return tickers(venue)
    default: return RESTRouter.Response(status: .notFound, body: Array("{}".utf8))
    }
  }

  /// `{"retCode":…,"retMsg":…,"result":{…},"retExtInfo":{},"time":…}`; `body` writes the result's
  /// members.
  private func envelope(code: Int, message: String, _ body: (inout JSONWriter) -> Void) -> RESTRouter.Response
  {
    var w = JSONWriter(capacity: 4_096)
    w.beginObject()
    w.key("retCode")
    w.int(code)
    w.fields([("retMsg", message)])
    w.key("result")
    w.beginObject()
    body(&w)
    w.endObject()
    w.key("retExtInfo")
    w.beginObject()
    w.endObject()
    w.key("time")
    w.int(world.world.nowMs())
    w.endObject()
    return RESTRouter.Response(status: .ok, body: w.bytes)
  }

  private func instruments(_ venue: FollowerVenue) -> RESTRouter.Response {
    envelope(code: 0, message: "OK") { w in
      w.fields([("category", venue.bybitCategory ?? "")])
      w.key("list")
      w.beginArray()
      for listing in world.listings(venue) {
        w.item()
        w.beginObject()
        w.fields([("symbol", listing.symbol)])
        if venue != .bybitSpot {
          w.fields([("contractType", venue == .bybitInverse ? "InversePerpetual" : "LinearPerpetual")])
        }
        w.fields([("status", "Trading"), ("baseCoin", listing.base), ("quoteCoin", listing.quote)])
        if venue == .bybitSpot {
          w.fields([("innovation", "0"), ("marginTrading", "utaOnly")])
          w.key("lotSizeFilter")
          w.beginObject()
          w.fields([
            ("basePrecision", listing.lotText), ("quotePrecision", "0.00000001"),
            ("minOrderQty", listing.lotText),
            ("maxOrderQty", "10000"), ("minOrderAmt", "1"), ("maxOrderAmt", "2000000"),
          ])
          w.endObject()
          w.key("priceFilter")
          w.beginObject()
          w.fields([("tickSize", listing.tickText)])
          w.endObject()
        } else {
          w.fields([
            ("launchTime", "1585526400000"), ("deliveryTime", "0"), ("deliveryFeeRate", ""),
            ("priceScale", String(listing.priceDecimals)),
          ])
          w.key("leverageFilter")
          w.beginObject()
          w.fields([("minLeverage", "1"), ("maxLeverage", "100.00"), ("leverageStep", "0.01")])
          w.endObject()
          w.key("priceFilter")
          w.beginObject()
          w.fields([
            ("minPrice", listing.tickText), ("maxPrice", "1999999.80"), ("tickSize", listing.tickText),
          ])
          w.endObject()
          w.key("lotSizeFilter")
          w.beginObject()
          w.fields([
            ("maxOrderQty", "1000000"), ("minOrderQty", listing.lotText), ("qtyStep", listing.lotText),
            ("postOnlyMaxOrderQty", "1000000"),
          ])
          w.endObject()
          w.key("fundingInterval")
          w.int(480)
          w.fields([("settleCoin", venue == .bybitInverse ? listing.base : listing.quote)])
        }
        w.endObject()
      }
      w.endArray()
      w.fields([("nextPageCursor", "")])
    }
  }

  private func kline(_ venue: FollowerVenue, _ query: [String: String]) -> RESTRouter.Response {
    guard let symbol = query["symbol"], let listing = world.listing(venue, symbol) else {
      return envelope(code: 10001, message: "Not supported symbols") { _ in }
    }
    guard let minutes = query["interval"].flatMap({ Self.intervals[$0] }) else {
      return envelope(code: 10001, message: "Invalid period!") { _ in }
    }
    let limit = query["limit"].flatMap { Int($0) } ?? 200
    guard (1...1_000).contains(limit) else { return envelope(code: 10001, message: "Invalid limit") { _ in } }
    let end = query["end"].flatMap { Int64($0) } ?? world.world.nowMs()
    let list = world.candles(listing, minutes: minutes, count: limit, lastStartMs: end)
    return envelope(code: 0, message: "OK") { w in
      w.fields([("symbol", symbol), ("category", venue.bybitCategory ?? "")])
      w.key("list")
      w.beginArray()
      for c in list.reversed() {
        w.item()
        w.strings([String(c.startMs), c.open, c.high, c.low, c.close, c.volume, c.turnover])
      }
      w.endArray()
    }
  }

  /// `result`: `{"s":…,"b":[[price, size]],"a":…,"ts":…,"u":…,"seq":…,"cts":…}`, at most 200
  /// levels a side on spot, 500 on derivatives.
  private func orderbook(_ venue: FollowerVenue, _ query: [String: String]) -> RESTRouter.Response {
    guard let symbol = query["symbol"], let m = world.market(venue, symbol) else {
      return envelope(code: 10001, message: "Not supported symbols") { _ in }
    }
    let cap = venue == .bybitSpot ? 200 : 500
    let limit = query["limit"].flatMap { Int($0) } ?? (venue == .bybitSpot ? 1 : 25)
    guard (1...cap).contains(limit) else { return envelope(code: 10001, message: "Invalid limit") { _ in } }
    let market = world.markets[m]
    let listing = market.listing
    let t = world.world.nowMs()
    return envelope(code: 0, message: "OK") { w in
      w.fields([("s", symbol)])
      for (key, side) in [("b", Side.buy), ("a", Side.sell)] {
        w.key(key)
        w.beginArray()
        for level in market.book.top(side, limit) {
          w.item()
          w.strings([
            FollowerText.decimal(level.ticks, listing.priceDecimals),
            FollowerText.decimal(level.size, listing.sizeDecimals),
          ])
        }
        w.endArray()
      }
      w.key("ts")
      w.int(t)
      w.key("u")
      w.int(world.ticks)
      w.key("seq")
      w.int(world.ticks &* 3)
      w.key("cts")
      w.int(t - 1)
    }
  }

  /// `result.list`: the newest trades first, `side` the taker's.
  private func recentTrades(_ venue: FollowerVenue, _ query: [String: String]) -> RESTRouter.Response {
    guard let symbol = query["symbol"], let m = world.market(venue, symbol) else {
      return envelope(code: 10001, message: "Not supported symbols") { _ in }
    }
    let limit = max(1, min(query["limit"].flatMap { Int($0) } ?? 60, 1_000))
    let listing = world.markets[m].listing
    return envelope(code: 0, message: "OK") { w in
      w.fields([("category", venue.bybitCategory ?? "")])
      w.key("list")
      w.beginArray()
      for trade in world.markets[m].recent.suffix(limit).reversed() {
        w.item()
        w.beginObject()
        w.fields([
          ("execId", BybitSimDialect.uuid(trade.id)), ("symbol", symbol),
          ("price", FollowerText.decimal(trade.ticks, listing.priceDecimals)),
          ("size", FollowerText.decimal(trade.size, listing.sizeDecimals)),
          ("side", trade.side == .buy ? "Buy" : "Sell"),
          ("time", String(trade.timeMs)),
        ])
        w.key("isBlockTrade")
        w.bool(false)
        w.endObject()
      }
      w.endArray()
    }
  }

  /// `result.list`: every listing's ticker (a symbol given or not: the sim lists few).
  private func tickers(_ venue: FollowerVenue) -> RESTRouter.Response {
    envelope(code: 0, message: "OK") { w in
      w.fields([("category", venue.bybitCategory ?? "")])
      w.key("list")
      w.beginArray()
      for listing in world.listings(venue) {
        guard let s = world.stats(listing) else { continue }
        w.item()
        w.beginObject()
        w.fields(Self.tickerFields(listing, s, spot: venue == .bybitSpot))
        w.endObject()
      }
      w.endArray()
    }
  }

  /// A listing's ticker fields as Bybit writes them (the WebSocket's `tickers` and REST alike):
  /// the 24 h statistics, and on derivatives mark, index, funding and the best bid and ask.
  static func tickerFields(_ listing: FollowerListing, _ s: FollowerStats, spot: Bool) -> [(String, String)] {
    let p = { (x: Double) in listing.priceText(x) }
    let change = FollowerText.decimal(s.last / max(s.open24h, 1e-12) - 1, 4)
    var fields: [(String, String)] = [
      ("symbol", listing.symbol), ("lastPrice", p(s.last)), ("highPrice24h", p(s.high24h)),
      ("lowPrice24h", p(s.low24h)), ("prevPrice24h", p(s.open24h)),
      ("volume24h", FollowerText.decimal(s.volume24h, 4)),
      ("turnover24h", FollowerText.decimal(s.volume24h * s.last, 4)), ("price24hPcnt", change),
    ]
    if !spot {
      fields += [
        ("markPrice", p(s.mark)), ("indexPrice", p(s.index)),
        ("fundingRate", FollowerText.decimal(s.fundingRate, 6)),
        ("nextFundingTime", s.nextFundingMs.map { String($0) } ?? ""),
        ("bid1Price", p(s.bid)), ("bid1Size", FollowerText.decimal(s.bidSize, listing.sizeDecimals)),
        ("ask1Price", p(s.ask)), ("ask1Size", FollowerText.decimal(s.askSize, listing.sizeDecimals)),
      ]
    }
    return fields
  }
}
