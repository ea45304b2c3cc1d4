import MarketModel

/// OKX's `liquidation-orders` channel: subscribed per instrument type (`{"channel":
/// "liquidation-orders","instType":"SWAP"}`: the swaps only here), each push every swap's
/// liquidations of the tick, one `data` entry per instrument with its `details` (`side` the
/// liquidation order's, `posSide` the position's, `sz` in contracts, `bkPx`, `ts`).
extension OKXSimDialect {
  /// A subscribe or unsubscribe of `liquidation-orders`: acknowledged for `SWAP`, refused
  /// (code 60018, naming no channel, as OKX's errors do) for any other type.
  func liquidationOrders(_ op: String, instType: String, _ session: FollowerSession) {
    guard instType == "SWAP" else {
      error(
        "60018", "Wrong URL or channel:liquidation-orders,instType:\(instType) doesn't exist.", session)
      return
    }
    liquidationsSubscribed = op == "subscribe"
    var w = JSONWriter()
    w.beginObject()
    w.key("event")
    w.string(op)
    Self.writeLiquidationArg(&w)
    w.key("connId")
    w.string(session.connectionID)
    w.endObject()
    session.send(w.bytes, kind: "okx.ack")
  }

  private static func writeLiquidationArg(_ w: inout JSONWriter) {
    w.key("arg")
    w.beginObject()
    w.key("channel")
    w.string("liquidation-orders")
    w.key("instType")
    w.string("SWAP")
    w.endObject()
  }

  /// The tick's liquidations of every booked swap, in one push (none when there are none).
  func publishLiquidations(_ tick: FollowerTick, _ session: FollowerSession) {
    let swaps = world.markets.indices.filter {
      let listing = world.markets[$0].listing
      return listing.venue == .okx && listing.symbol.hasSuffix("-SWAP")
        && !tick.outputs[$0].liquidations.isEmpty
    }
    guard !swaps.isEmpty else { return }
    var w = JSONWriter()
    w.beginObject()
    Self.writeLiquidationArg(&w)
    w.key("data")
    w.beginArray()
    for m in swaps {
      let listing = world.markets[m].listing
      w.item()
      w.beginObject()
      w.key("details")
      w.beginArray()
      for l in tick.outputs[m].liquidations {
        w.item()
        w.beginObject()
        w.key("bkLoss")
        w.string("0")
        w.key("bkPx")
        w.string(FollowerText.decimal(l.ticks, listing.priceDecimals))
        w.key("ccy")
        w.string("")
        w.key("posSide")
        w.string(l.side == .sell ? "long" : "short")
        w.key("side")
        w.string(l.side == .sell ? "sell" : "buy")
        w.key("sz")
        w.string(FollowerText.decimal(l.size, listing.sizeDecimals))
        w.key("ts")
        w.string(String(l.timeMs))
        w.endObject()
      }
      w.endArray()
      w.key("instFamily")
      w.string(listing.base + "-" + listing.quote)
      w.key("instId")
      w.string(listing.symbol)
      w.key("instType")
      w.string("SWAP")
      w.key("uly")
      w.string(listing.base + "-" + listing.quote)
      w.endObject()
    }
    w.endArray()
    w.endObject()
    session.send(w.bytes, kind: "okx.liquidation-orders")
  }
}
