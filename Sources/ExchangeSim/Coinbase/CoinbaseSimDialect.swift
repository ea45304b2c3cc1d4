import MarketModel

/// Coinbase Advanced Trade on one connection: `level2` (the whole book as a first `snapshot`
/// event, then `update`s with absolute `new_quantity`, sides `bid` / `offer`, in `l2_data`
/// messages), `market_trades` (`side` is the **maker's**), `ticker`, `ticker_batch` (every
/// `FollowerFaults.coinbaseTickerBatchSeconds`, 5 s as Coinbase does: the `ticker` fields but the
/// best bid and ask, each product whose price changed) and `heartbeats`, one channel per subscribe
/// message, a `subscriptions` message after each, and one `sequence_num` counter for every
/// message of the connection. A `-USDC` product's channels (but `USDT-USDC` and `EURC-USDC`'s)
/// carry its `-USD` product's data and id.
final class CoinbaseSimDialect: FollowerDialect {
  private let world: FollowerWorld
  private var sequence: UInt64 = 0
  /// Products by channel.
  private var level2: [String] = []
  private var trades: [String] = []
  private var tickers: [String] = []
  private var batched: [String] = []
  /// When the last `ticker_batch` went, and the price each product had in it.
  private var lastBatchMs: Int64 = 0
  private var batchedPrices: [String: String] = [:]
  private var heartbeats = false
  private var heartbeatCounter: Int64 = 0

  init(world: FollowerWorld) {
    self.world = world
  }

  /// The gap fault is pending: a number is skipped before the next message of a channel other
  /// than `l2_data` (the book's own messages stay linked; Coinbase's counter spans every
  /// channel, so the book must resync all the same), or before any message when the
  /// connection has no other channel.
  private var gapPending = false

  func loseNextSequenced() { gapPending = true }

  /// The connection's next `sequence_num`, for a message of `channel`.
  private func nextSequence(_ channel: String) -> UInt64 {
    let others = heartbeats || !trades.isEmpty || !tickers.isEmpty || !batched.isEmpty
    if gapPending && (channel != "l2_data" || !others) {
      gapPending = false
      // The number is used up without a message: the client sees the counter skip.
      sequence += 1
    }
    defer { sequence += 1 }
    return sequence
  }

  // MARK: Requests

  func received(_ message: [UInt8], session: FollowerSession) {
    guard let request = FollowerRequest.parse(message), let type = request.type else {
      error("malformed request", session)
      return
    }
    guard type == "subscribe" || type == "unsubscribe" else {
      error("unknown message type \(type)", session)
      return
    }
    guard let channel = request.channel else {
      error("channel is required", session)
      return
    }
    let subscribe = type == "subscribe"
    if channel == "heartbeats" {
      heartbeats = subscribe
      subscriptions(session)
      return
    }
    guard ["level2", "market_trades", "ticker", Self.tickerBatch].contains(channel) else {
      error("Failed to subscribe: unknown channel \(channel)", session)
      return
    }
    guard !request.productIDs.isEmpty else {
      error("Failed to subscribe: product_ids are required for \(channel)", session)
      return
    }
    // `-USDC` products are aliases of `-USD` ones: their data comes as the `-USD` product's.
    let products = request.productIDs.map { Self.canonical($0) }
    for product in products {
      guard let listing = world.listing(.coinbase, product) else {
        error("Failed to subscribe: unknown product \(product)", session)
        return
      }
      if channel != "ticker" && channel != Self.tickerBatch && !listing.booked {
        error("Failed to subscribe: \(channel) is not available for \(product)", session)
        return
      }
    }
    for product in products {
      switch channel {
      case "level2":
        level2.removeAll { $0 == product }
        if subscribe {
          level2.append(product)
          bookSnapshot(product, session)
        }
      case "market_trades":
        trades.removeAll { $0 == product }
        if subscribe {
          trades.append(product)
          tradeSnapshot(product, session)
        }
      case Self.tickerBatch:
        batched.removeAll { $0 == product }
        batchedPrices[product] = nil
        if subscribe {
          batched.append(product)
          ticker(product, type: "snapshot", timeMs: world.world.nowMs(), channel: Self.tickerBatch, session)
        }
      default:
        tickers.removeAll { $0 == product }
        if subscribe {
          tickers.append(product)
          ticker(product, type: "snapshot", timeMs: world.world.nowMs(), session)
        }
      }
    }
    subscriptions(session)
  }

  private func error(_ message: String, _ session: FollowerSession) {
    var w = JSONWriter()
    w.beginObject()
    w.key("type")
    w.string("error")
    w.key("message")
    w.string(message)
    w.endObject()
    session.send(w.bytes, kind: "coinbase.error")
  }

  /// The message envelope: channel, client id, timestamp, the connection's next sequence
  /// number; `events` is written by `body`.
  private func message(
    _ channel: String, timeMs: Int64, _ session: FollowerSession, capacity: Int = 512,
    _ body: (inout JSONWriter) -> Void
  ) {
    var w = JSONWriter(capacity: capacity)
    w.beginObject()
    w.key("channel")
    w.string(channel)
    w.key("client_id")
    w.string("")
    w.key("timestamp")
    w.timestamp(ms: timeMs)
    w.key("sequence_num")
    w.int(Int64(clamping: nextSequence(channel)))
    w.key("events")
    w.beginArray()
    body(&w)
    w.endArray()
    w.endObject()
    session.send(w.bytes, kind: "coinbase.\(channel)")
  }

  private func subscriptions(_ session: FollowerSession) {
    message("subscriptions", timeMs: world.world.nowMs(), session) { w in
      w.item()
      w.beginObject()
      w.key("subscriptions")
      w.beginObject()
      for (name, products) in [
        ("level2", level2), ("market_trades", trades), ("ticker", tickers), (Self.tickerBatch, batched),
      ]
      where !products.isEmpty {
        w.key(name)
        w.beginArray()
        for p in products {
          w.item()
          w.string(p)
        }
        w.endArray()
      }
      if heartbeats {
        w.key("heartbeats")
        w.beginArray()
        w.item()
        w.string("heartbeats")
        w.endArray()
      }
      w.endObject()
      w.endObject()
    }
  }

  // MARK: Frames

  private func bookSnapshot(_ product: String, _ session: FollowerSession) {
    guard let m = world.market(.coinbase, product) else { return }
    let market = world.markets[m]
    let book = market.book
    let t = world.world.nowMs()
    let levels = book.count(.buy) + book.count(.sell)
    message("l2_data", timeMs: t, session, capacity: 256 + levels * 110) { w in
      w.item()
      w.beginObject()
      w.key("type")
      w.string("snapshot")
      w.key("product_id")
      w.string(product)
      w.key("updates")
      w.beginArray()
      for level in book.top(.buy, .max) { Self.level(&w, market.listing, .buy, level.ticks, level.size, t) }
      for level in book.top(.sell, .max) { Self.level(&w, market.listing, .sell, level.ticks, level.size, t) }
      w.endArray()
      w.endObject()
    }
  }

  private static func level(
    _ w: inout JSONWriter, _ listing: FollowerListing, _ side: Side, _ ticks: Int64, _ size: Int64, _ t: Int64
  ) {
    w.item()
    w.beginObject()
    w.key("side")
    w.string(side == .buy ? "bid" : "offer")
    w.key("event_time")
    w.timestamp(ms: t)
    w.key("price_level")
    w.string(FollowerText.decimal(ticks, listing.priceDecimals))
    w.key("new_quantity")
    w.string(FollowerText.decimal(size, listing.sizeDecimals))
    w.endObject()
  }

  private func tradeSnapshot(_ product: String, _ session: FollowerSession) {
    guard let m = world.market(.coinbase, product) else { return }
    let market = world.markets[m]
    tradeMessage(
      market.listing, type: "snapshot", market.lastTrade.map { [$0] } ?? [], world.world.nowMs(), session)
  }

  private func tradeMessage(
    _ listing: FollowerListing, type: String, _ list: [FollowerMarket.Trade], _ t: Int64,
    _ session: FollowerSession
  ) {
    message("market_trades", timeMs: t, session) { w in
      w.item()
      w.beginObject()
      w.key("type")
      w.string(type)
      w.key("trades")
      w.beginArray()
      for trade in list.reversed() {
        w.item()
        w.beginObject()
        w.key("trade_id")
        w.string(String(trade.id))
        w.key("product_id")
        w.string(listing.symbol)
        w.key("price")
        w.string(FollowerText.decimal(trade.ticks, listing.priceDecimals))
        w.key("size")
        w.string(FollowerText.decimal(trade.size, listing.sizeDecimals))
        // The maker's side: a taker's buy lifts a resting SELL.
        w.key("side")
        w.string(trade.side == .buy ? "SELL" : "BUY")
        w.key("time")
        w.timestamp(ms: trade.timeMs)
        w.endObject()
      }
      w.endArray()
      w.endObject()
    }
  }

  /// A `ticker` message of one product, or a `ticker_batch` one of `products` (each without the
  /// best bid and ask, as Coinbase writes it).
  private func ticker(
    _ product: String, type: String, timeMs t: Int64, channel: String = "ticker", _ session: FollowerSession
  ) {
    tickers([product], type: type, timeMs: t, channel: channel, session)
  }

  private func tickers(
    _ products: [String], type: String, timeMs t: Int64, channel: String, _ session: FollowerSession
  ) {
    let rows = products.compactMap { product in
      world.listing(.coinbase, product).flatMap { l in world.stats(l).map { (product, l, $0) } }
    }
    guard !rows.isEmpty else { return }
    message(channel, timeMs: t, session) { w in
      w.item()
      w.beginObject()
      w.key("type")
      w.string(type)
      w.key("tickers")
      w.beginArray()
      for (product, listing, s) in rows {
        w.item()
        w.beginObject()
        for (key, value) in Self.tickerFields(product, listing, s, batch: channel == Self.tickerBatch) {
          w.key(key)
          w.string(value)
        }
        w.endObject()
      }
      w.endArray()
      w.endObject()
    }
  }

  /// The fields of a product's ticker; a batch's have no best bid and ask.
  private static func tickerFields(
    _ product: String, _ listing: FollowerListing, _ s: FollowerStats, batch: Bool
  ) -> [(String, String)] {
    let d = listing.priceDecimals
    var fields = [
      ("type", "ticker"), ("product_id", product), ("price", FollowerText.decimal(s.last, d)),
      ("volume_24_h", FollowerText.decimal(s.volume24h, listing.sizeDecimals)),
      ("low_24_h", FollowerText.decimal(s.low24h, d)), ("high_24_h", FollowerText.decimal(s.high24h, d)),
      ("low_52_w", FollowerText.decimal(s.low24h * 0.6, d)),
      ("high_52_w", FollowerText.decimal(s.high24h * 1.2, d)),
      ("price_percent_chg_24_h", FollowerText.decimal(100 * (s.last / max(s.open24h, 1e-12) - 1), 8)),
    ]
    if !batch {
      fields += [
        ("best_bid", FollowerText.decimal(s.bid, d)),
        ("best_bid_quantity", FollowerText.decimal(s.bidSize, listing.sizeDecimals)),
        ("best_ask", FollowerText.decimal(s.ask, d)),
        ("best_ask_quantity", FollowerText.decimal(s.askSize, listing.sizeDecimals)),
      ]
    }
    return fields
  }

  func published(_ tick: FollowerTick, session: FollowerSession) {
    let t = tick.timeMs
    for product in level2 {
      guard let m = world.market(.coinbase, product), !tick.outputs[m].changes.isEmpty else { continue }
      let listing = world.markets[m].listing
      message("l2_data", timeMs: t, session) { w in
        w.item()
        w.beginObject()
        w.key("type")
        w.string("update")
        w.key("product_id")
        w.string(product)
        w.key("updates")
        w.beginArray()
        for c in tick.outputs[m].changes { Self.level(&w, listing, c.side, c.ticks, c.size, t) }
        w.endArray()
        w.endObject()
      }
    }
    for product in trades {
      guard let m = world.market(.coinbase, product), !tick.outputs[m].trades.isEmpty else { continue }
      tradeMessage(world.markets[m].listing, type: "update", tick.outputs[m].trades, t, session)
    }
    if tick.publishTickers {
      for product in tickers { ticker(product, type: "update", timeMs: t, session) }
    }
    let period = Int64((world.world.faults.current.followers.coinbaseTickerBatchSeconds * 1000).rounded())
    if !batched.isEmpty, t - lastBatchMs >= max(1, period) {
      lastBatchMs = t
      // Only the products whose price moved since the last batch, as Coinbase sends them.
      let moved = batched.filter { product in
        guard let listing = world.listing(.coinbase, product), let s = world.stats(listing) else {
          return false
        }
        let price = FollowerText.decimal(s.last, listing.priceDecimals)
        defer { batchedPrices[product] = price }
        return batchedPrices[product] != price
      }
      tickers(moved, type: "update", timeMs: t, channel: Self.tickerBatch, session)
    }
    if heartbeats && tick.secondPassed {
      heartbeatCounter += 1
      let counter = heartbeatCounter
      message("heartbeats", timeMs: t, session) { w in
        w.item()
        w.beginObject()
        w.key("current_time")
        w.timestamp(ms: t)
        w.key("heartbeat_counter")
        w.int(counter)
        w.endObject()
      }
    }
  }

  func resendSnapshots(session: FollowerSession) {
    for product in level2 { bookSnapshot(product, session) }
  }

  static let tickerBatch = "ticker_batch"

  /// `BTC-USDC` → `BTC-USD`: Coinbase serves a `-USDC` product's market data as its `-USD`
  /// product's (a client must key it by what it asked for); `USDT-USDC` and `EURC-USDC` are
  /// markets of their own.
  static func canonical(_ product: String) -> String {
    guard product.hasSuffix("-USDC"), product != "USDT-USDC", product != "EURC-USDC" else { return product }
    return String(product.dropLast())
  }
}
