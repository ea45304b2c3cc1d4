import MarketModel

/// Bybit v5 on one connection of one category: `orderbook.{1,50,200,1000}.SYM` (a snapshot,
/// then deltas of the top levels, `u` + 1 per message of the topic, the edge's deletes sent by
/// the venue), `publicTrade.SYM` (`S` is the taker's side; at most 1024 trades a message),
/// `tickers.SYM` (partial deltas on derivatives, whole snapshots on spot), `allLiquidation.SYM`
/// (derivatives: the reference's liquidations, `S` the position's side), `{"op":"ping"}` →
/// pong, and `{"success":…,"op":"subscribe"}` answers.
final class BybitSimDialect: FollowerDialect {
  /// One book topic subscribed.
  private struct Book {
    var topic: String
    var market: Int
    var depth: Int
  }

  static let depths: Set<Int> = [1, 50, 200, 1000]

  private let venue: FollowerVenue
  private let world: FollowerWorld
  private var books: [Book] = []
  private var trades: [(topic: String, market: Int)] = []
  private var tickers: [(topic: String, listing: FollowerListing)] = []
  /// `allLiquidation.{symbol}` topics subscribed (derivatives only).
  private var liquidations: [(topic: String, market: Int)] = []
  /// Each ticker's fields as last sent (derivative deltas carry the changed ones).
  private var sentTickers: [String: [(String, String)]] = [:]
  private var loseNext = false

  init(venue: FollowerVenue, world: FollowerWorld) {
    self.venue = venue
    self.world = world
  }

  private var isSpot: Bool { venue == .bybitSpot }

  func loseNextSequenced() { loseNext = true }

  // MARK: Requests

  func received(_ message: [UInt8], session: FollowerSession) {
    guard let request = FollowerRequest.parse(message), let op = request.op else {
      answer(op: "", success: false, message: "error:request not json or no op", reqID: nil, session)
      return
    }
    switch op {
    case "ping":
      pong(request.reqID, session)
    case "subscribe", "unsubscribe":
      subscribe(request.topics, subscribe: op == "subscribe", reqID: request.reqID, session)
    default:
      answer(op: op, success: false, message: "error:handler not found", reqID: request.reqID, session)
    }
  }

  private func pong(_ reqID: String?, _ session: FollowerSession) {
    var w = JSONWriter()
    w.beginObject()
    if isSpot {
      // Spot answers as an op result; the derivatives' pong is an op of its own.
      w.key("success")
      w.bool(true)
      w.key("ret_msg")
      w.string("pong")
      w.key("conn_id")
      w.string(session.connectionID)
      w.key("req_id")
      w.string(reqID ?? "")
      w.key("op")
      w.string("ping")
    } else {
      w.key("req_id")
      w.string(reqID ?? "")
      w.key("op")
      w.string("pong")
      w.key("args")
      w.beginArray()
      w.item()
      w.string(String(world.world.nowMs()))
      w.endArray()
      w.key("conn_id")
      w.string(session.connectionID)
    }
    w.endObject()
    session.send(w.bytes, kind: "bybit.pong")
  }

  private func answer(op: String, success: Bool, message: String, reqID: String?, _ session: FollowerSession)
  {
    var w = JSONWriter()
    w.beginObject()
    w.key("success")
    w.bool(success)
    w.key("ret_msg")
    w.string(message)
    w.key("conn_id")
    w.string(session.connectionID)
    w.key("req_id")
    w.string(reqID ?? "")
    w.key("op")
    w.string(op)
    w.endObject()
    session.send(w.bytes, kind: "bybit.op")
  }

  private enum Parsed {
    case book(market: Int, depth: Int)
    case trades(market: Int)
    case ticker(FollowerListing)
    case liquidations(market: Int)
  }

  /// A topic refused, in Bybit's words.
  private struct Refusal: Error {
    var message: String
  }

  private func parse(_ topic: String) -> Result<Parsed, Refusal> {
    let parts = topic.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    let symbol = parts.last ?? ""
    switch (parts.first, parts.count) {
    case ("orderbook"?, 3):
      guard let depth = Int(parts[1]), Self.depths.contains(depth) else {
        return .failure(Refusal(message: "error:handler not found"))
      }
      guard let m = world.market(venue, symbol) else {
        return .failure(Refusal(message: "Invalid symbol :[\(topic)]"))
      }
      return .success(.book(market: m, depth: depth))
    case ("publicTrade"?, 2):
      guard let m = world.market(venue, symbol) else {
        return .failure(Refusal(message: "Invalid symbol :[\(topic)]"))
      }
      return .success(.trades(market: m))
    case ("allLiquidation"?, 2) where !isSpot:
      if world.world.faults.current.followers.bybitRefuseLiquidations {
        return .failure(Refusal(message: "error:handler not found"))
      }
      guard let m = world.market(venue, symbol) else {
        return .failure(Refusal(message: "Invalid symbol :[\(topic)]"))
      }
      return .success(.liquidations(market: m))
    case ("tickers"?, 2):
      guard let listing = world.listing(venue, symbol) else {
        return .failure(Refusal(message: "Invalid symbol :[\(topic)]"))
      }
      return .success(.ticker(listing))
    default:
      return .failure(Refusal(message: "error:handler not found,topic:\(topic)"))
    }
  }

  private func subscribe(_ topics: [String], subscribe: Bool, reqID: String?, _ session: FollowerSession) {
    // Spot takes at most 10 args a request.
    if isSpot && topics.count > 10 {
      let op = subscribe ? "subscribe" : "unsubscribe"
      answer(op: op, success: false, message: "error:args size >10", reqID: reqID, session)
      return
    }
    var parsed: [(String, Parsed)] = []
    for topic in topics {
      switch parse(topic) {
      case .failure(let refusal):
        answer(
          op: subscribe ? "subscribe" : "unsubscribe", success: false, message: refusal.message, reqID: reqID,
          session)
        return
      case .success(let p):
        if subscribe && subscribed(topic) {
          answer(
            op: "subscribe", success: false, message: "error:already subscribed,topic:\(topic)", reqID: reqID,
            session)
          return
        }
        parsed.append((topic, p))
      }
    }
    answer(op: subscribe ? "subscribe" : "unsubscribe", success: true, message: "", reqID: reqID, session)
    for (topic, p) in parsed {
      books.removeAll { $0.topic == topic }
      trades.removeAll { $0.topic == topic }
      tickers.removeAll { $0.topic == topic }
      liquidations.removeAll { $0.topic == topic }
      sentTickers[topic] = nil
      guard subscribe else { continue }
      switch p {
      case let .book(market, depth):
        let book = Book(topic: topic, market: market, depth: depth)
        books.append(book)
        snapshot(book, session)
      case .trades(let market):
        trades.append((topic, market))
      case .ticker(let listing):
        tickers.append((topic, listing))
        ticker(topic, listing, session)
      case .liquidations(let market):
        liquidations.append((topic, market))
      }
    }
  }

  private func subscribed(_ topic: String) -> Bool {
    books.contains { $0.topic == topic } || trades.contains { $0.topic == topic }
      || tickers.contains { $0.topic == topic } || liquidations.contains { $0.topic == topic }
  }

  // MARK: Frames

  private func bookFrame(
    _ book: Book, type: String, bids: [SimLevel], asks: [SimLevel], u: UInt64, _ session: FollowerSession
  ) {
    let listing = world.markets[book.market].listing
    let t = world.world.nowMs()
    var w = JSONWriter(capacity: 256 + (bids.count + asks.count) * 28)
    w.beginObject()
    w.key("topic")
    w.string(book.topic)
    w.key("type")
    w.string(type)
    w.key("ts")
    w.int(t)
    w.key("data")
    w.beginObject()
    w.key("s")
    w.string(listing.symbol)
    for (key, levels) in [("b", bids), ("a", asks)] {
      w.key(key)
      w.beginArray()
      for level in levels {
        w.item()
        w.beginArray()
        w.item()
        w.string(FollowerText.decimal(level.ticks, listing.priceDecimals))
        w.item()
        w.string(FollowerText.decimal(level.size, listing.sizeDecimals))
        w.endArray()
      }
      w.endArray()
    }
    w.key("u")
    w.int(Int64(clamping: u))
    // The cross sequence: grows with every message of the symbol, across depths.
    w.key("seq")
    w.int(Int64(clamping: 7_961_638_744 &+ u &* 3))
    w.endObject()
    w.key("cts")
    w.int(t - 1)
    w.endObject()
    session.send(w.bytes, kind: "bybit.orderbook")
  }

  private func snapshot(_ book: Book, _ session: FollowerSession) {
    let v = world.view(book.market, depth: book.depth)
    bookFrame(book, type: "snapshot", bids: v.view.bids, asks: v.view.asks, u: v.sequence, session)
  }

  private func ticker(_ topic: String, _ listing: FollowerListing, _ session: FollowerSession) {
    guard let s = world.stats(listing) else { return }
    let fields = BybitSimREST.tickerFields(listing, s, spot: isSpot)
    let previous = sentTickers[topic]
    var sent = fields
    var type = "snapshot"
    if !isSpot, let previous {
      // Derivatives send the fields that changed, and the symbol.
      let old = Dictionary(previous, uniquingKeysWith: { a, _ in a })
      sent = fields.filter { $0.0 == "symbol" || old[$0.0] != $0.1 }
      type = "delta"
      guard sent.count > 1 else { return }
    }
    sentTickers[topic] = fields
    var w = JSONWriter()
    w.beginObject()
    w.key("topic")
    w.string(topic)
    w.key("type")
    w.string(type)
    w.key("data")
    w.beginObject()
    for (key, value) in sent {
      w.key(key)
      w.string(value)
    }
    w.endObject()
    w.key("cs")
    w.int(world.ticks)
    w.key("ts")
    w.int(world.world.nowMs())
    w.endObject()
    session.send(w.bytes, kind: "bybit.tickers")
  }

  func published(_ tick: FollowerTick, session: FollowerSession) {
    for book in books {
      let v = world.diff(book.market, depth: book.depth) { 1 }
      guard !v.changes.isEmpty else { continue }
      if loseNext {
        loseNext = false
        continue
      }
      var bids: [SimLevel] = []
      var asks: [SimLevel] = []
      for c in v.changes {
        let level = SimLevel(ticks: c.ticks, id: c.id, size: c.action == .delete ? 0 : c.size)
        if c.side == .buy { bids.append(level) } else { asks.append(level) }
      }
      bookFrame(book, type: "delta", bids: bids, asks: asks, u: v.sequence, session)
    }
    for (topic, m) in trades where !tick.outputs[m].trades.isEmpty {
      let listing = world.markets[m].listing
      let all = tick.outputs[m].trades
      for start in stride(from: 0, to: all.count, by: 1024) {
        var w = JSONWriter()
        w.beginObject()
        w.key("topic")
        w.string(topic)
        w.key("type")
        w.string("snapshot")
        w.key("ts")
        w.int(tick.timeMs)
        w.key("data")
        w.beginArray()
        for trade in all[start..<min(all.count, start + 1024)] {
          w.item()
          w.beginObject()
          w.key("T")
          w.int(trade.timeMs)
          w.key("s")
          w.string(listing.symbol)
          w.key("S")
          w.string(trade.side == .buy ? "Buy" : "Sell")
          w.key("v")
          w.string(FollowerText.decimal(trade.size, listing.sizeDecimals))
          w.key("p")
          w.string(FollowerText.decimal(trade.ticks, listing.priceDecimals))
          w.key("L")
          w.string(trade.side == .buy ? "PlusTick" : "MinusTick")
          w.key("i")
          w.string(Self.uuid(trade.id))
          w.key("BT")
          w.bool(false)
          w.endObject()
        }
        w.endArray()
        w.endObject()
        session.send(w.bytes, kind: "bybit.publicTrade")
      }
    }
    if tick.publishTickers {
      for (topic, listing) in tickers { ticker(topic, listing, session) }
    }
    for (topic, m) in liquidations where !tick.outputs[m].liquidations.isEmpty {
      liquidationFrame(topic, world.markets[m].listing, tick.outputs[m].liquidations, session)
    }
  }

  /// `{"topic":"allLiquidation.SYM","type":"snapshot","ts":…,"data":[{"T","s","S","v","p"}]}`;
  /// `S` is the liquidated **position's** side, as Bybit writes it: `Buy` for a long (whose
  /// liquidation order sold).
  private func liquidationFrame(
    _ topic: String, _ listing: FollowerListing, _ list: [FollowerLiquidation], _ session: FollowerSession
  ) {
    var w = JSONWriter()
    w.beginObject()
    w.key("topic")
    w.string(topic)
    w.key("type")
    w.string("snapshot")
    w.key("ts")
    w.int(world.world.nowMs())
    w.key("data")
    w.beginArray()
    for l in list {
      w.item()
      w.beginObject()
      w.key("T")
      w.int(l.timeMs)
      w.key("s")
      w.string(listing.symbol)
      w.key("S")
      w.string(l.side == .sell ? "Buy" : "Sell")
      w.key("v")
      w.string(FollowerText.decimal(l.size, listing.sizeDecimals))
      w.key("p")
      w.string(FollowerText.decimal(l.ticks, listing.priceDecimals))
      w.endObject()
    }
    w.endArray()
    w.endObject()
    session.send(w.bytes, kind: "bybit.allLiquidation")
  }

  /// A trade id in Bybit's UUID shape, from the number.
  static func uuid(_ n: Int64) -> String {
    let hex = String(UInt64(bitPattern: n), radix: 16)
    let h = String(repeating: "0", count: max(0, 32 - hex.count)) + hex
    let c = Array(h)
    return String(c[0..<8]) + "-" + String(c[8..<12]) + "-" + String(c[12..<16]) + "-" + String(c[16..<20])
      + "-"
      + String(c[20..<32])
  }

  func resendSnapshots(session: FollowerSession) {
    for book in books { snapshot(book, session) }
  }
}
