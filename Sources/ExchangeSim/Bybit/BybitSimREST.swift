import NIOHTTP1

/// Bybit v5's public market REST: `/v5/market/instruments-info?category=…` (the rows
/// `BybitInstruments` reads: tick, lot, contract type) and `/v5/market/kline?category&symbol&
/// interval[&end][&limit]` (rows `[start, open, high, low, close, volume, turnover]`, newest
/// first, at most 1000), in Bybit's `retCode` envelope.
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
}
