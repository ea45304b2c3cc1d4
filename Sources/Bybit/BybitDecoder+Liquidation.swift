import VenueCore
import WireJSON

extension BybitDecoder {
  /// The `data` array of an `allLiquidation.{symbol}` push (Bybit v5 "All Liquidation", every
  /// 500 ms while there are any): `T` the time, `s` the symbol, `S` the side, `v` the size, `p`
  /// the price (the bankruptcy price).
  ///
  /// `S` is the **position's** side, not the order's: Bybit documents that a `Buy` update means
  /// a long position was liquidated. The liquidation order that closed it sold, so `Buy` becomes
  /// `.sell` here (and `Sell`, a short liquidated, `.buy`). Sizes are in the book's unit: the base
  /// asset on linear contracts, contracts (1 USD each) on inverse ones. A row missing a field or
  /// with a size or price that is not a decimal is left out, the others kept.
  static func liquidations(
    _ r: inout WireReader, receivedAt: Int64, into batch: inout VenueBatch
  ) throws(WireError) {
    var added = 0
    try r.beginArray()
    var firstEntry = true
    while try r.nextElement(first: &firstEntry) {
      guard r.peek() == UInt8(ascii: "{") else {
        try r.skipValue()
        continue
      }
      try r.beginObject()
      var draft = LiquidationDraft()
      var first = true
      while let key = try r.nextKey(first: &first) {
        if WireReader.equals(key, "s") {
          try draft.readSymbol(&r)
        } else if WireReader.equals(key, "S") {
          try draft.readSide(&r, buy: "Buy", sell: "Sell", position: true)
        } else if WireReader.equals(key, "v") {
          draft.size = try draft.readDecimal(&r)
        } else if WireReader.equals(key, "p") {
          draft.price = try draft.readDecimal(&r)
        } else if WireReader.equals(key, "T") {
          try draft.readMillis(&r)
        } else {
          try r.skipValue()
        }
      }
      if draft.append(to: &batch, receivedAt: receivedAt) { added += 1 }
    }
    if added == 0 { batch.events.append(.ignored) }
  }
}
