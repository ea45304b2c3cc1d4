import VenueCore
import WireJSON

extension BinanceDecoder {
  /// The order object `o` of a USDⓈ-M `forceOrder` event (`<symbol>@forceOrder`, or
  /// `!forceOrder@arr`, which carries **every** symbol's: all go into the batch, each under its
  /// own symbol, and the market on screen keeps its own — the others are dropped by the app's
  /// `LiquidationLog`, which watches one symbol). Returns whether a liquidation was added: one
  /// missing a field or with a size or price that is not a decimal is left out, not an error.
  ///
  /// Fields (Binance's "Liquidation Order Streams"): `s` symbol, `S` the order's side (`SELL`
  /// closes a long: kept as the liquidation's side), `q` original quantity, `p` price, `ap`
  /// average price, `X` status, `l` the last fill's quantity, `z` filled in all, `T` trade time.
  /// A push reports a fill of the order: its size is that fill's (`l`; `z` when `l` is absent),
  /// so an order reported fill by fill is counted once; a push that filled nothing (an order
  /// that expired) is no liquidation. Its price is the average fill price (`ap`), else the
  /// order's (`p`). Sizes are in the base asset, as USDⓈ-M's book.
  static func forceOrder(
    _ r: inout WireReader, receivedAt: Int64, into batch: inout VenueBatch
  ) throws(WireError) -> Bool {
    try r.beginObject()
    var draft = LiquidationDraft()
    var price: FixedDecimal?
    var average: FixedDecimal?
    var last: FixedDecimal?
    var filled: FixedDecimal?
    var first = true
    while let key = try r.nextKey(first: &first) {
      if WireReader.equals(key, "s") {
        try draft.readSymbol(&r)
      } else if WireReader.equals(key, "S") {
        try draft.readSide(&r, buy: "BUY", sell: "SELL")
      } else if WireReader.equals(key, "p") {
        price = try draft.readDecimal(&r)
      } else if WireReader.equals(key, "ap") {
        average = try draft.readDecimal(&r)
      } else if WireReader.equals(key, "l") {
        last = try draft.readDecimal(&r)
      } else if WireReader.equals(key, "z") {
        filled = try draft.readDecimal(&r)
      } else if WireReader.equals(key, "T") {
        try draft.readMillis(&r)
      } else {
        try r.skipValue()
      }
    }
    draft.price = average.flatMap { $0.mantissa > 0 ? $0 : nil } ?? price
    draft.size = last ?? filled
    return draft.append(to: &batch, receivedAt: receivedAt)
  }
}
