import VenueCore
import WireJSON

/// Binance spot and USDⓈ-M frames → `VenueEvent`s: `depthUpdate` (a delta with `U`, `u` and, on
/// USDⓈ-M, `pu`), `bookTicker` (the venue's best bid/ask with the book's update id `u`, for the
/// cross-check), `trade` / `aggTrade`, the tickers (`24hrTicker`, `24hrMiniTicker`, alone or in the
/// all-market arrays), USDⓈ-M `markPriceUpdate` (mark, index, funding: a partial ticker) and
/// `forceOrder` (a liquidation: `BinanceDecoder+Liquidation`), and the REST depth snapshot body (`lastUpdateId`, `bids`, `asks`), which has no
/// symbol of its own. Frames come bare or in the combined-stream envelope
/// (`{"stream":…,"data":…}`). Prices and sizes are quoted decimals, kept as sent. A frame is
/// decoded whole or not at all.
public struct BinanceDecoder: VenueFrameDecoder {
  public let market: BinanceMarket
  /// The symbol a REST depth snapshot body belongs to (it does not say).
  public var snapshotSymbol: Symbol

  public init(market: BinanceMarket, snapshotSymbol: Symbol = .empty) {
    self.market = market
    self.snapshotSymbol = snapshotSymbol
  }

  /// Decodes one frame (or REST depth body) into `batch`, appending.
  public func decodeFrame(
    _ frame: UnsafeBufferPointer<UInt8>, receivedAt: Int64, into batch: inout VenueBatch
  )
    throws(WireError)
  {
    var r = WireReader(frame)
    try payload(&r, frame: frame, receivedAt: receivedAt, into: &batch, enveloped: false)
    guard r.atEnd() else { throw WireError("bytes after the frame", at: r.position) }
  }

  /// The fields of one payload object that matter, whatever its kind.
  private struct Fields {
    var event: UnsafeBufferPointer<UInt8>?
    var symbol: Symbol?
    var first: UInt64?
    var last: UInt64?
    var previous: UInt64?
    var lastUpdateID: UInt64?
    var bidPrice: FixedDecimal?
    var bidSize: FixedDecimal?
    var askPrice: FixedDecimal?
    var askSize: FixedDecimal?
    var tradePrice: FixedDecimal?
    var tradeQty: FixedDecimal?
    var tradeID: UInt64?
    var tradeTime: Int64?
    var buyerIsMaker: Bool?
    // Ticker fields: `c` last, `o` open, `h` high, `l` low, `v` base volume, `w` VWAP, `P` the
    // change in percent (on `markPriceUpdate`: the estimated settle price), `i` index, `r`
    // funding rate, `E` the event time. `p`, `q` and `T` are read as a trade's (price, quantity,
    // time) and mean the change, the quote volume (the mark, on `markPriceUpdate`) and the
    // next funding time on a ticker.
    var close: FixedDecimal?
    var open: FixedDecimal?
    var high: FixedDecimal?
    var low: FixedDecimal?
    var volume: FixedDecimal?
    var vwap: FixedDecimal?
    var percent: FixedDecimal?
    var index: FixedDecimal?
    var funding: FixedDecimal?
    var eventTime: Int64?
    var levelsStart = 0
    var hasLevels = false
    var dataAt: Int?
    /// Where a `forceOrder`'s order object (`o`) starts.
    var orderAt: Int?
  }

  /// One object: an envelope (its `data` decoded in turn), a stream payload, or a REST body.
  private func payload(
    _ r: inout WireReader, frame: UnsafeBufferPointer<UInt8>, receivedAt: Int64, into batch: inout VenueBatch,
    enveloped: Bool
  ) throws(WireError) {
    try r.beginObject()
    var f = Fields()
    f.levelsStart = batch.levels.count
    var firstKey = true
    while let key = try r.nextKey(first: &firstKey) {
      guard key.count <= 12 else {
        try r.skipValue()
        continue
      }
      if key.count == 1 {
        try field(key[0], &r, &f, into: &batch)
      } else if !enveloped,
        WireReader.equals(key, "data")
          || WireReader.equals(key, "event") && r.peek() == UInt8(ascii: "{")
      {
        // The combined stream's payload (or a connection event, `serverShutdown`, wrapped in
        // `{"event": {"e": …}}`): read where it is, in one pass (not skipped and read again).
        guard f.dataAt == nil, batch.levels.count == f.levelsStart else {
          throw WireError("a second payload, or levels beside it", at: r.position)
        }
        f.dataAt = r.position
        try envelopedPayload(&r, frame: frame, receivedAt: receivedAt, into: &batch)
        f.levelsStart = batch.levels.count
      } else if WireReader.equals(key, "pu") {
        f.previous = try r.readUInt64()
      } else if WireReader.equals(key, "lastUpdateId") {
        f.lastUpdateID = try r.readUInt64()
      } else if WireReader.equals(key, "bids") {
        try field(UInt8(ascii: "b"), &r, &f, into: &batch)
      } else if WireReader.equals(key, "asks") {
        try field(UInt8(ascii: "a"), &r, &f, into: &batch)
      } else {
        try r.skipValue()
      }
    }
    if let dataAt = f.dataAt {
      // The envelope's payload is the frame's event: levels of the envelope's own are not.
      guard batch.levels.count == f.levelsStart else { throw WireError("levels beside data", at: dataAt) }
      return
    }
    try emit(f, frame: frame, receivedAt: receivedAt, into: &batch)
  }

  /// The payload of an envelope, at `r`: one object, or an array of them (the all-market
  /// streams, `!ticker@arr`, `!miniTicker@arr`).
  private func envelopedPayload(
    _ r: inout WireReader, frame: UnsafeBufferPointer<UInt8>, receivedAt: Int64, into batch: inout VenueBatch
  ) throws(WireError) {
    guard r.peek() == UInt8(ascii: "[") else {
      try payload(&r, frame: frame, receivedAt: receivedAt, into: &batch, enveloped: true)
      return
    }
    try r.beginArray()
    var first = true
    while try r.nextElement(first: &first) {
      try payload(&r, frame: frame, receivedAt: receivedAt, into: &batch, enveloped: true)
    }
  }

  /// The value of a one-letter key (`bids` and `asks` as `b` and `a`): one switch on the letter
  /// instead of a comparison with each name in turn, the hot path of every frame.
  @inline(__always)
  private func field(
    _ letter: UInt8, _ r: inout WireReader, _ f: inout Fields, into batch: inout VenueBatch
  ) throws(WireError) {
    switch letter {
    case UInt8(ascii: "e"):
      f.event = try r.readStringSpan()
    case UInt8(ascii: "s"):
      guard let s = Symbol(utf8: try r.readStringSpan()) else {
        throw WireError("symbol longer than \(Symbol.maxLength) bytes", at: r.position)
      }
      f.symbol = s
    case UInt8(ascii: "U"): f.first = try r.readUInt64()
    case UInt8(ascii: "u"): f.last = try r.readUInt64()
    case UInt8(ascii: "b"):
      if r.peek() == UInt8(ascii: "[") {
        try r.readLevelArrays(side: .bid, into: &batch.levels)
        f.hasLevels = true
      } else {
        f.bidPrice = try r.readDecimal("bid")
      }
    case UInt8(ascii: "a"):
      // `a` is three things: depth's asks (an array), bookTicker's ask (a quoted price),
      // aggTrade's id (a bare number).
      switch r.peek() {
      case UInt8(ascii: "["):
        try r.readLevelArrays(side: .ask, into: &batch.levels)
        f.hasLevels = true
      case UInt8(ascii: "\""): f.askPrice = try r.readDecimal("ask")
      default: f.tradeID = try r.readUInt64()
      }
    case UInt8(ascii: "p"): f.tradePrice = try r.readDecimal("price")
    case UInt8(ascii: "q"): f.tradeQty = try r.readDecimal("quantity")
    case UInt8(ascii: "t"): f.tradeID = try r.readUInt64()
    case UInt8(ascii: "T"): f.tradeTime = Int64(clamping: try r.readUInt64())
    case UInt8(ascii: "m"): f.buyerIsMaker = try r.readBool()
    case UInt8(ascii: "B"): f.bidSize = try r.readDecimal("bid size")
    case UInt8(ascii: "A"): f.askSize = try r.readDecimal("ask size")
    case UInt8(ascii: "c"): f.close = try Self.scalarDecimal(&r, "last")
    case UInt8(ascii: "o"):
      // A ticker's open, or a `forceOrder`'s order (an object: read once the event is known).
      if r.peek() == UInt8(ascii: "{") {
        f.orderAt = r.position
        try r.skipValue()
      } else {
        f.open = try Self.scalarDecimal(&r, "open")
      }
    case UInt8(ascii: "h"): f.high = try Self.scalarDecimal(&r, "high")
    case UInt8(ascii: "l"): f.low = try Self.scalarDecimal(&r, "low")
    case UInt8(ascii: "v"): f.volume = try Self.scalarDecimal(&r, "volume")
    case UInt8(ascii: "w"): f.vwap = try Self.scalarDecimal(&r, "vwap")
    case UInt8(ascii: "P"): f.percent = try Self.scalarDecimal(&r, "P")
    case UInt8(ascii: "i"): f.index = try Self.scalarDecimal(&r, "index")
    case UInt8(ascii: "r"): f.funding = try Self.scalarDecimal(&r, "funding rate")
    case UInt8(ascii: "E"): f.eventTime = try r.readOptionalMillis()
    default: try r.skipValue()
    }
  }

  private func emit(
    _ f: Fields, frame: UnsafeBufferPointer<UInt8>, receivedAt: Int64, into batch: inout VenueBatch
  ) throws(WireError) {
    let range = f.levelsStart..<batch.levels.count
    if let event = f.event, WireReader.equals(event, "forceOrder") {
      batch.levels.removeSubrange(range)
      var added = false
      if let at = f.orderAt {
        var o = WireReader(frame, at: at)
        added = try Self.forceOrder(&o, receivedAt: receivedAt, into: &batch)
      }
      // Without its order, or with one that cannot be read whole: nothing liquidated to show.
      if !added { batch.events.append(.ignored) }
      return
    }
    if let l = f.lastUpdateID, f.hasLevels {
      batch.events.append(
        .book(
          symbol: f.symbol ?? snapshotSymbol, update: .snapshot(last: l, receivedAt: receivedAt),
          levels: range))
      return
    }
    if let event = f.event, WireReader.equals(event, "depthUpdate") {
      guard let symbol = f.symbol, let first = f.first, let last = f.last else {
        throw WireError("depthUpdate without s, U or u", at: 0)
      }
      if market == .usdm, f.previous == nil { throw WireError("USDⓈ-M depthUpdate without pu", at: 0) }
      let update = BookUpdate.delta(first: first, last: last, previous: f.previous, receivedAt: receivedAt)
      batch.events.append(.book(symbol: symbol, update: update, levels: range))
      return
    }
    if f.event == nil || WireReader.equals(f.event!, "bookTicker"), let symbol = f.symbol, let u = f.last,
      let bp = f.bidPrice, let bs = f.bidSize, let ap = f.askPrice, let az = f.askSize
    {
      batch.events.append(
        .bbo(
          symbol: symbol, updateID: u, bid: LevelChange(side: .bid, price: bp, size: bs),
          ask: LevelChange(side: .ask, price: ap, size: az)))
      return
    }
    if let event = f.event, WireReader.equals(event, "trade") || WireReader.equals(event, "aggTrade") {
      guard let symbol = f.symbol, let price = f.tradePrice, let qty = f.tradeQty, let maker = f.buyerIsMaker
      else {
        throw WireError("trade without s, p, q or m", at: 0)
      }
      // `m`: the buyer was the maker, so the seller took liquidity.
      let trade = VenueTrade(
        price: price, size: qty, aggressor: maker ? .sell : .buy, venueTimeMs: f.tradeTime, id: f.tradeID)
      batch.appendTrade(trade, symbol: symbol)
      return
    }
    if let event = f.event, let symbol = f.symbol, let ticker = Self.ticker(event, f) {
      batch.appendTicker(ticker, symbol: symbol)
      return
    }
    if let event = f.event, WireReader.equals(event, "serverShutdown") {
      batch.events.append(.serverShutdown)
      return
    }
    // Klines and the rest: not read yet.
    batch.levels.removeSubrange(range)
    batch.events.append(.ignored)
  }

  /// A ticker's decimal; a nested value under the same letter (a `forceOrder`'s order `o`, a
  /// kline's fields) is another stream's and skipped.
  private static func scalarDecimal(
    _ r: inout WireReader, _ what: StaticString
  ) throws(WireError) -> FixedDecimal? {
    if r.peek() == UInt8(ascii: "{") || r.peek() == UInt8(ascii: "[") {
      try r.skipValue()
      return nil
    }
    return try r.readOptionalDecimal(what)
  }

  /// The ticker a `24hrTicker`, `24hrMiniTicker` or `markPriceUpdate` payload carries; nil for
  /// any other event.
  private static func ticker(_ event: UnsafeBufferPointer<UInt8>, _ f: Fields) -> VenueTicker? {
    if WireReader.equals(event, "markPriceUpdate") {
      // Beside the `ticker` stream: only the mark, index and funding (a partial ticker).
      var t = VenueTicker(partial: true)
      t.markPrice = f.tradePrice
      t.indexPrice = f.index
      t.fundingRate = f.funding
      t.nextFundingTimeMs = f.tradeTime
      t.timeMs = f.eventTime
      return t
    }
    let full = WireReader.equals(event, "24hrTicker")
    guard full || WireReader.equals(event, "24hrMiniTicker") else { return nil }
    var t = VenueTicker()
    t.last = f.close
    t.open24h = f.open
    t.high24h = f.high
    t.low24h = f.low
    t.volume24h = f.volume
    t.quoteVolume24h = f.tradeQty
    t.timeMs = f.eventTime
    if full {
      t.change24h = f.tradePrice
      t.changeFraction24h = f.percent.map(VenueTicker.fraction(percent:))
      t.vwap24h = f.vwap
      t.bid = f.bidPrice
      t.bidSize = f.bidSize
      t.ask = f.askPrice
      t.askSize = f.askSize
    }
    return t
  }
}
