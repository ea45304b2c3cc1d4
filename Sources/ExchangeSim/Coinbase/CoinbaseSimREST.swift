import MarketModel
import NIOHTTP1

/// Coinbase Advanced Trade's keyless REST: `/api/v3/brokerage/market/products` (the products
/// `CoinbaseInstruments` reads), `…/products/{id}/candles?start&end&granularity[&limit]`
/// (newest first, at most 350), `…/product_book?product_id&limit` and `…/products/{id}/ticker`
/// (recent trades).
struct CoinbaseSimREST {
  let world: FollowerWorld

  static let granularities: [String: Int] = [
    "ONE_MINUTE": 1, "FIVE_MINUTE": 5, "FIFTEEN_MINUTE": 15, "THIRTY_MINUTE": 30, "ONE_HOUR": 60,
    "TWO_HOUR": 120, "SIX_HOUR": 360, "ONE_DAY": 1_440,
  ]

  func respond(_ path: String, _ query: [String: String]) -> RESTRouter.Response {
    let market = "/api/v3/brokerage/market"
    guard path.hasPrefix(market + "/") else { return error(404, "NOT_FOUND", "Not Found") }
    let route = path.dropFirst(market.count + 1).split(separator: "/").map(String.init)
    switch route.count {
    case 1 where route[0] == "products": return products()
    case 1 where route[0] == "product_book": return book(query)
    case 3 where route[0] == "products" && route[2] == "candles": return candles(route[1], query)
    case 3 where route[0] == "products" && route[2] == "ticker": return ticker(route[1], query)
    default: return error(404, "NOT_FOUND", "Not Found")
    }
  }

  private func error(_ status: Int, _ code: String, _ message: String) -> RESTRouter.Response {
    var w = JSONWriter()
    w.beginObject()
    w.fields([("error", code), ("code", String(status == 404 ? 5 : 3)), ("message", message)])
    w.endObject()
    return RESTRouter.Response(status: HTTPResponseStatus(statusCode: status), body: w.bytes)
  }

  private func products() -> RESTRouter.Response {
    let listings = world.listings(.coinbase)
    // Each booked `-USD` product has its `-USDC` alias, a product of its own in this list whose
    // market data is the `-USD` product's (`alias`).
    let products: [(listing: FollowerListing, id: String, quote: String, alias: String)] =
      listings.map { ($0, $0.symbol, $0.quote, "") }
      + listings.filter(\.booked).map { ($0, $0.base + "-USDC", "USDC", $0.symbol) }
    var w = JSONWriter(capacity: 1_024 * products.count)
    w.beginObject()
    w.key("products")
    w.beginArray()
    for (listing, id, quote, alias) in products {
      let s = world.stats(listing)
      let d = listing.priceDecimals
      w.item()
      w.beginObject()
      w.fields([
        ("product_id", id), ("price", FollowerText.decimal(s?.last ?? 0, d)),
        (
          "price_percentage_change_24h",
          FollowerText.decimal(100 * ((s?.last ?? 1) / max(s?.open24h ?? 1, 1e-12) - 1), 8)
        ),
        ("volume_24h", FollowerText.decimal(s?.volume24h ?? 0, listing.sizeDecimals)),
        ("volume_percentage_change_24h", "0"), ("base_increment", listing.lotText),
        ("quote_increment", listing.tickText),
        ("quote_min_size", "1"), ("quote_max_size", "150000000"), ("base_min_size", listing.lotText),
        ("base_max_size", "3400"), ("base_name", listing.base), ("quote_name", "US Dollar"),
      ])
      for key in ["watched", "is_disabled", "new"] {
        w.key(key)
        w.bool(false)
      }
      w.fields([("status", "online")])
      for key in ["cancel_only", "limit_only", "post_only", "trading_disabled", "auction_mode"] {
        w.key(key)
        w.bool(false)
      }
      w.fields([
        ("product_type", "SPOT"), ("quote_currency_id", quote), ("base_currency_id", listing.base),
        ("mid_market_price", ""), ("alias", alias),
      ])
      w.key("alias_to")
      w.strings(alias.isEmpty ? [listing.base + "-USDC"] : [])
      w.fields([("base_display_symbol", listing.base), ("quote_display_symbol", quote)])
      w.key("view_only")
      w.bool(false)
      w.fields([
        ("price_increment", listing.tickText), ("display_name", id), ("product_venue", "CBE"),
      ])
      w.endObject()
    }
    w.endArray()
    w.key("num_products")
    w.int(products.count)
    w.endObject()
    return RESTRouter.Response(status: .ok, body: w.bytes)
  }

  private func candles(_ product: String, _ query: [String: String]) -> RESTRouter.Response {
    guard let listing = world.listing(.coinbase, CoinbaseSimDialect.canonical(product)) else {
      return error(404, "NOT_FOUND", "ProductID \(product) could not be found")
    }
    guard let granularity = query["granularity"].flatMap({ Self.granularities[$0] }) else {
      return error(400, "INVALID_ARGUMENT", "granularity is invalid")
    }
    guard let start = query["start"].flatMap({ Int64($0) }), let end = query["end"].flatMap({ Int64($0) }),
      start >= 0, end >= start, end < Int64.max / 1_000
    else { return error(400, "INVALID_ARGUMENT", "start and end are required, in seconds, start <= end") }
    let width = Int64(granularity) * 60
    var count = Int((end - start) / width) + 1
    if let limit = query["limit"].flatMap({ Int($0) }), limit > 0 { count = min(count, limit) }
    guard count <= 350 else {
      return error(400, "INVALID_ARGUMENT", "number of candles requested should be less than 350")
    }
    let list = world.candles(listing, minutes: granularity, count: count, lastStartMs: end * 1_000)
      .filter { $0.startMs >= start * 1_000 }
    var w = JSONWriter()
    w.beginObject()
    w.key("candles")
    w.beginArray()
    for c in list.reversed() {
      w.item()
      w.beginObject()
      w.fields([
        ("start", String(c.startMs / 1_000)), ("low", c.low), ("high", c.high), ("open", c.open),
        ("close", c.close),
        ("volume", c.volume),
      ])
      w.endObject()
    }
    w.endArray()
    w.endObject()
    return RESTRouter.Response(status: .ok, body: w.bytes)
  }

  private func book(_ query: [String: String]) -> RESTRouter.Response {
    guard let product = query["product_id"], let m = world.market(.coinbase, product) else {
      return error(404, "NOT_FOUND", "ProductID \(query["product_id"] ?? "") could not be found")
    }
    let limit = max(1, min(query["limit"].flatMap { Int($0) } ?? 50, 100_000))
    let market = world.markets[m]
    let listing = market.listing
    var w = JSONWriter()
    w.beginObject()
    w.key("pricebook")
    w.beginObject()
    w.fields([("product_id", product)])
    for (key, side) in [("bids", Side.buy), ("asks", Side.sell)] {
      w.key(key)
      w.beginArray()
      for level in market.book.top(side, limit) {
        w.item()
        w.beginObject()
        w.fields([
          ("price", FollowerText.decimal(level.ticks, listing.priceDecimals)),
          ("size", FollowerText.decimal(level.size, listing.sizeDecimals)),
        ])
        w.endObject()
      }
      w.endArray()
    }
    w.key("time")
    w.timestamp(ms: world.world.nowMs())
    w.endObject()
    w.endObject()
    return RESTRouter.Response(status: .ok, body: w.bytes)
  }

  /// A product's recent trades, newest first, and its best bid and ask. `side` is written as
  /// the WebSocket's is (the maker's).
  private func ticker(_ product: String, _ query: [String: String]) -> RESTRouter.Response {
    guard let m = world.market(.coinbase, product) else {
      return error(404, "NOT_FOUND", "ProductID \(product) could not be found")
    }
    let limit = max(1, min(query["limit"].flatMap { Int($0) } ?? 100, 1_000))
    let market = world.markets[m]
    let listing = market.listing
    var w = JSONWriter()
    w.beginObject()
    w.key("trades")
    w.beginArray()
    for trade in market.recent.suffix(limit).reversed() {
      w.item()
      w.beginObject()
      w.fields([
        ("trade_id", String(trade.id)), ("product_id", product),
        ("price", FollowerText.decimal(trade.ticks, listing.priceDecimals)),
        ("size", FollowerText.decimal(trade.size, listing.sizeDecimals)),
      ])
      w.key("time")
      w.timestamp(ms: trade.timeMs)
      w.fields([("side", trade.side == .buy ? "SELL" : "BUY"), ("bid", ""), ("ask", ""), ("exchange", "")])
      w.endObject()
    }
    w.endArray()
    let bid = market.book.best(.buy).map { FollowerText.decimal($0.ticks, listing.priceDecimals) } ?? ""
    let ask = market.book.best(.sell).map { FollowerText.decimal($0.ticks, listing.priceDecimals) } ?? ""
    w.fields([("best_bid", bid), ("best_ask", ask)])
    w.endObject()
    return RESTRouter.Response(status: .ok, body: w.bytes)
  }
}
