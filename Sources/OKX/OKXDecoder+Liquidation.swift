import VenueCore
import WireJSON

extension OKXDecoder {
  /// The `data` array of a `liquidation-orders` push (OKX v5 "Liquidation orders channel",
  /// subscribed per instrument type: every swap's liquidations come, each under its own `instId`,
  /// and the market on screen keeps its own — the app's `LiquidationLog` drops the others).
  /// Each entry: `instId`, `instType`, `uly`, and `details`, the liquidations: `side` the
  /// liquidation order's side (`sell` closes a long), `posSide` the liquidated position's
  /// (`long`/`short`), `sz` the size, `bkPx` the bankruptcy price, `bkLoss`, `ccy`, `ts`.
  ///
  /// `side` is kept as the liquidation's side; when it is empty (OKX leaves it so at times),
  /// `posSide` says: a `long` liquidated was sold, a `short` bought back (`net`: unknown, left
  /// out). `sz` is in the swap's **contracts** (`ctVal` each: 0.01 BTC for BTC-USDT-SWAP, 100 USD
  /// for BTC-USD-SWAP), as the book's sizes are. A detail missing a field or with a size or price
  /// that is not a decimal is left out, the others kept.
  static func liquidations(
    _ r: inout WireReader, frame: UnsafeBufferPointer<UInt8>, receivedAt: Int64, into batch: inout VenueBatch
  ) throws(WireError) {
    var added = 0
    try r.beginArray()
    var firstEntry = true
    while try r.nextElement(first: &firstEntry) {
      try r.beginObject()
      var symbol: Symbol?
      var detailsAt: Int?
      var first = true
      while let key = try r.nextKey(first: &first) {
        if WireReader.equals(key, "instId"), r.peek() == UInt8(ascii: "\"") {
          symbol = Symbol(utf8: try r.readStringSpan())
        } else if WireReader.equals(key, "details") {
          detailsAt = r.position
          try r.skipValue()
        } else {
          try r.skipValue()
        }
      }
      // The details may come before the entry's `instId`: read once the entry is known.
      guard let detailsAt else { continue }
      var d = WireReader(frame, at: detailsAt)
      guard d.peek() == UInt8(ascii: "[") else { continue }
      try d.beginArray()
      var firstDetail = true
      while try d.nextElement(first: &firstDetail) {
        if try detail(&d, symbol: symbol, receivedAt: receivedAt, into: &batch) { added += 1 }
      }
    }
    if added == 0 { batch.events.append(.ignored) }
  }

  /// One detail of an entry of `symbol`'s; returns whether it was added.
  private static func detail(
    _ r: inout WireReader, symbol: Symbol?, receivedAt: Int64, into batch: inout VenueBatch
  ) throws(WireError) -> Bool {
    guard r.peek() == UInt8(ascii: "{") else {
      try r.skipValue()
      return false
    }
    try r.beginObject()
    var draft = LiquidationDraft()
    draft.symbol = symbol
    var position: Aggressor?
    var first = true
    while let key = try r.nextKey(first: &first) {
      if WireReader.equals(key, "side") {
        try draft.readSide(&r, buy: "buy", sell: "sell")
      } else if WireReader.equals(key, "posSide") {
        var words = LiquidationDraft()
        // `long` liquidated: the order sold (`position: true` turns the side over).
        try words.readSide(&r, buy: "long", sell: "short", position: true)
        position = words.side
      } else if WireReader.equals(key, "sz") {
        draft.size = try draft.readDecimal(&r)
      } else if WireReader.equals(key, "bkPx") {
        draft.price = try draft.readDecimal(&r)
      } else if WireReader.equals(key, "ts") {
        try draft.readMillis(&r)
      } else {
        try r.skipValue()
      }
    }
    if draft.side == nil { draft.side = position }
    return draft.append(to: &batch, receivedAt: receivedAt)
  }
}
