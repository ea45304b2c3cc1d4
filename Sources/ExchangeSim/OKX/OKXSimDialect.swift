import MarketModel

/// OKX v5 on one connection: `books` (400 levels: a snapshot, then updates linked by
/// `prevSeqId`, a keep-alive with `seqId == prevSeqId` and no levels each second the book
/// stands still, a lower `seqId` after maintenance; `checksum` 0), `books5` (every push the
/// whole top 5), `trades` (`side` is the taker's), `tickers`, `liquidation-orders` of every swap
/// (`OKXSimDialect+Liquidations`); a swap's `mark-price` and `funding-rate` and its index's
/// `index-tickers` (`BTC-USDT` for `BTC-USDT-SWAP`), from the followed instrument's mark, index and
/// funding; text `ping` → `pong`;
/// `{"event":"subscribe",…}` acks and `{"event":"error",…}` refusals. The session closes the
/// connection after 30 s with nothing passing either way. With `FollowerFaults.okxNoSnapshot`, `books`
/// sends no snapshot: updates only, for a client to bridge the REST book to.
final class OKXSimDialect: FollowerDialect {
  /// One channel of one instrument subscribed.
  private struct Sub: Equatable {
    var channel: String
    var instID: String
  }

  let world: FollowerWorld
  private var subs: [Sub] = []
  private var loseNext = false
  /// Whether `liquidation-orders` of every swap (`instType` SWAP) is subscribed.
  var liquidationsSubscribed = false

  init(world: FollowerWorld) {
    self.world = world
  }

  func loseNextSequenced() { loseNext = true }

  // MARK: Requests

  func received(_ message: [UInt8], session: FollowerSession) {
    if message == Array("ping".utf8) {
      world.world.stats.withLock { $0.textPings += 1 }
      session.send(Array("pong".utf8), kind: "okx.pong")
      return
    }
    guard let request = FollowerRequest.parse(message), let op = request.op else {
      error("60012", "Invalid request: \(String(decoding: message.prefix(200), as: UTF8.self))", session)
      return
    }
    guard op == "subscribe" || op == "unsubscribe" else {
      error("60012", "Invalid request: unknown op \(op)", session)
      return
    }
    guard !request.args.isEmpty else {
      error("60012", "Invalid request: args are required", session)
      return
    }
    for arg in request.args {
      let channel = arg.channel ?? ""
      let instID = arg.instId ?? ""
      if channel == "liquidation-orders" {
        liquidationOrders(op, instType: arg.instType ?? "", session)
        continue
      }
      guard let listing = Self.listing(channel, instID, world) else {
        error(
          "60018",
          "Wrong URL or channel:\(channel),instId:\(instID) doesn't exist. Please use the correct URL, channel and parameters referring to API document.",
          session)
        continue
      }
      let sub = Sub(channel: channel, instID: instID)
      subs.removeAll { $0 == sub }
      ack(op, sub, session)
      guard op == "subscribe" else { continue }
      subs.append(sub)
      switch channel {
      case "books":
        if !world.world.faults.current.followers.okxNoSnapshot { snapshot(sub, session) }
      case "books5": snapshot(sub, session)
      case "tickers": ticker(listing, session)
      case "mark-price", "funding-rate", "index-tickers": derivative(sub, listing, session)
      default: break
      }
    }
  }

  /// The listing a channel of `instID` is about, or nil when OKX has no such channel of it:
  /// books and trades of a booked listing, a ticker of any, mark price and funding of a swap, the
  /// index of a swap (named without `-SWAP`).
  private static func listing(_ channel: String, _ instID: String, _ world: FollowerWorld) -> FollowerListing?
  {
    switch channel {
    case "books", "books5", "trades":
      return world.listing(.okx, instID).flatMap { $0.booked ? $0 : nil }
    case "tickers":
      return world.listing(.okx, instID)
    case "mark-price", "funding-rate":
      return instID.hasSuffix("-SWAP") ? world.listing(.okx, instID) : nil
    case "index-tickers":
      return world.listing(.okx, instID + "-SWAP")
    default:
      return nil
    }
  }

  func error(_ code: String, _ message: String, _ session: FollowerSession) {
    var w = JSONWriter()
    w.beginObject()
    w.key("event")
    w.string("error")
    w.key("code")
    w.string(code)
    w.key("msg")
    w.string(message)
    w.key("connId")
    w.string(session.connectionID)
    w.endObject()
    session.send(w.bytes, kind: "okx.error")
  }

  private func ack(_ op: String, _ sub: Sub, _ session: FollowerSession) {
    var w = JSONWriter()
    w.beginObject()
    w.key("event")
    w.string(op)
    writeArg(&w, sub)
    w.key("connId")
    w.string(session.connectionID)
    w.endObject()
    session.send(w.bytes, kind: "okx.ack")
  }

  private func writeArg(_ w: inout JSONWriter, _ sub: Sub) {
    w.key("arg")
    w.beginObject()
    w.key("channel")
    w.string(sub.channel)
    w.key("instId")
    w.string(sub.instID)
    w.endObject()
  }

  // MARK: Books

  private static func depth(_ channel: String) -> Int { channel == "books5" ? 5 : 400 }

  private func bookFrame(
    _ sub: Sub, action: String?, bids: [SimLevel], asks: [SimLevel], seqID: Int64, prevSeqID: Int64,
    _ session: FollowerSession
  ) {
    guard let m = world.market(.okx, sub.instID) else { return }
    let listing = world.markets[m].listing
    var w = JSONWriter(capacity: 256 + (bids.count + asks.count) * 36)
    w.beginObject()
    writeArg(&w, sub)
    if let action {
      w.key("action")
      w.string(action)
    }
    w.key("data")
    w.beginArray()
    w.item()
    w.beginObject()
    for (key, levels) in [("asks", asks), ("bids", bids)] {
      w.key(key)
      w.beginArray()
      for level in levels {
        w.item()
        w.beginArray()
        w.item()
        w.string(FollowerText.decimal(level.ticks, listing.priceDecimals))
        w.item()
        w.string(FollowerText.decimal(level.size, listing.sizeDecimals))
        w.item()
        w.string("0")
        w.item()
        w.string(level.size == 0 ? "0" : String(1 + level.ticks % 7))
        w.endArray()
      }
      w.endArray()
    }
    if sub.channel == "books5" {
      w.key("instId")
      w.string(sub.instID)
    }
    w.key("ts")
    w.string(String(world.world.nowMs()))
    // Always 0 since 23 June 2026: a client must not verify it.
    w.key("checksum")
    w.int(0)
    w.key("prevSeqId")
    w.int(prevSeqID)
    w.key("seqId")
    w.int(seqID)
    w.endObject()
    w.endArray()
    w.endObject()
    session.send(w.bytes, kind: "okx.\(sub.channel)")
  }

  private func snapshot(_ sub: Sub, _ session: FollowerSession) {
    guard let m = world.market(.okx, sub.instID) else { return }
    let v = world.view(m, depth: Self.depth(sub.channel))
    bookFrame(
      sub, action: sub.channel == "books" ? "snapshot" : nil, bids: v.view.bids, asks: v.view.asks,
      seqID: Int64(clamping: v.sequence), prevSeqID: -1, session)
  }

  func published(_ tick: FollowerTick, session: FollowerSession) {
    if liquidationsSubscribed { publishLiquidations(tick, session) }
    for sub in subs {
      if ["mark-price", "funding-rate", "index-tickers"].contains(sub.channel) {
        if tick.publishTickers, let listing = Self.listing(sub.channel, sub.instID, world) {
          derivative(sub, listing, session)
        }
        continue
      }
      guard let m = world.market(.okx, sub.instID) else {
        if sub.channel == "tickers", tick.publishTickers, let listing = world.listing(.okx, sub.instID) {
          ticker(listing, session)
        }
        continue
      }
      switch sub.channel {
      case "books", "books5":
        // OKX's seqId steps by more than one between a book's messages.
        let v = world.diff(m, depth: Self.depth(sub.channel)) { UInt64(1 + tick.number % 3) }
        if v.changes.isEmpty {
          if sub.channel == "books" && tick.secondPassed {
            // A keep-alive: nothing changed, seqId == prevSeqId.
            let s = Int64(clamping: v.sequence)
            bookFrame(sub, action: "update", bids: [], asks: [], seqID: s, prevSeqID: s, session)
          }
          continue
        }
        if sub.channel == "books5" {
          bookFrame(
            sub, action: nil, bids: v.view.bids, asks: v.view.asks, seqID: Int64(clamping: v.sequence),
            prevSeqID: Int64(clamping: v.previous), session)
          continue
        }
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
        bookFrame(
          sub, action: "update", bids: bids, asks: asks, seqID: Int64(clamping: v.sequence),
          prevSeqID: Int64(clamping: v.previous), session)
      case "trades":
        let list = tick.outputs[m].trades
        guard !list.isEmpty else { continue }
        let listing = world.markets[m].listing
        var w = JSONWriter()
        w.beginObject()
        writeArg(&w, sub)
        w.key("data")
        w.beginArray()
        for trade in list {
          w.item()
          w.beginObject()
          for (key, value) in [
            ("instId", sub.instID), ("tradeId", String(trade.id)),
            ("px", FollowerText.decimal(trade.ticks, listing.priceDecimals)),
            ("sz", FollowerText.decimal(trade.size, listing.sizeDecimals)),
            ("side", trade.side == .buy ? "buy" : "sell"), ("ts", String(trade.timeMs)), ("count", "1"),
          ] {
            w.key(key)
            w.string(value)
          }
          w.endObject()
        }
        w.endArray()
        w.endObject()
        session.send(w.bytes, kind: "okx.trades")
      default:
        if tick.publishTickers { ticker(world.markets[m].listing, session) }
      }
    }
  }

  private func ticker(_ listing: FollowerListing, _ session: FollowerSession) {
    guard let s = world.stats(listing) else { return }
    var w = JSONWriter()
    w.beginObject()
    writeArg(&w, Sub(channel: "tickers", instID: listing.symbol))
    w.key("data")
    w.beginArray()
    w.item()
    w.beginObject()
    w.fields(OKXSimREST.tickerFields(listing, s, nowMs: world.world.nowMs()))
    w.endObject()
    w.endArray()
    w.endObject()
    session.send(w.bytes, kind: "okx.tickers")
  }

  /// A swap's `mark-price` or `funding-rate` push, or its index's `index-tickers` push (the
  /// fields of OKX's v5 documentation).
  private func derivative(_ sub: Sub, _ listing: FollowerListing, _ session: FollowerSession) {
    guard let s = world.stats(listing) else { return }
    let now = world.world.nowMs()
    let p = { (x: Double) in listing.priceText(x) }
    let fields: [(String, String)]
    switch sub.channel {
    case "mark-price":
      fields = [("instType", "SWAP"), ("instId", sub.instID), ("markPx", p(s.mark)), ("ts", String(now))]
    case "funding-rate":
      // `fundingTime` is when the current period's rate is paid; the one after is 8 h on.
      let next = s.nextFundingMs ?? now
      fields = [
        ("fundingRate", FollowerText.decimal(s.fundingRate, 8)), ("fundingTime", String(next)),
        ("instId", sub.instID), ("instType", "SWAP"), ("method", "current_period"), ("nextFundingRate", ""),
        ("nextFundingTime", String(next + 8 * 3_600_000)), ("ts", String(now)),
      ]
    default:
      fields = [
        ("instId", sub.instID), ("idxPx", p(s.index)), ("high24h", p(max(s.high24h, s.index))),
        ("low24h", p(min(s.low24h, s.index))), ("open24h", p(s.open24h)), ("sodUtc0", p(s.open24h)),
        ("sodUtc8", p(s.open24h)), ("ts", String(now)),
      ]
    }
    var w = JSONWriter()
    w.beginObject()
    writeArg(&w, sub)
    w.key("data")
    w.beginArray()
    w.item()
    w.beginObject()
    w.fields(fields)
    w.endObject()
    w.endArray()
    w.endObject()
    session.send(w.bytes, kind: "okx.\(sub.channel)")
  }

  func resendSnapshots(session: FollowerSession) {
    for sub in subs where sub.channel == "books" { snapshot(sub, session) }
  }

  func sendKeepAlives(session: FollowerSession) {
    for sub in subs where sub.channel == "books" {
      guard let m = world.market(.okx, sub.instID) else { continue }
      let s = Int64(clamping: world.view(m, depth: 400).sequence)
      bookFrame(sub, action: "update", bids: [], asks: [], seqID: s, prevSeqID: s, session)
    }
  }
}
