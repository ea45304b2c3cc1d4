import VenueCore
import WireJSON

/// Coinbase Advanced Trade frames → `VenueEvent`s. Every frame carries the connection's
/// `sequence_num` (one counter across every channel: `.connectionSequence` first, for
/// `ConnectionSequence`); `l2_data` events are a `snapshot` (the whole book: one 5 MB frame of
/// 46,000 levels for BTC-USD) then `update`s with absolute `new_quantity` ("0" deletes), sides
/// `bid` / `offer`; `market_trades` carry the **maker's** side (a SELL prints at the ask), so the
/// aggressor is the opposite; `ticker` and `ticker_batch` (`price_percent_chg_24_h` in percent,
/// `volume_24_h` in the base asset); `heartbeats`; `subscriptions`; errors.
public struct CoinbaseDecoder: VenueFrameDecoder {
  public init() {}

  private enum Kind {
    case book, trades, tickers, heartbeats, subscriptions, other
  }

  public func decodeFrame(
    _ frame: UnsafeBufferPointer<UInt8>, receivedAt: Int64, into batch: inout VenueBatch
  )
    throws(WireError)
  {
    var r = WireReader(frame)
    try r.beginObject()
    var kind = Kind.other
    var sequence: UInt64?
    var eventsAt: Int?
    var errorMessage: String?
    var isError = false
    var timeMs: Int64?
    var first = true
    while let key = try r.nextKey(first: &first) {
      if WireReader.equals(key, "channel") {
        let c = try r.readStringSpan()
        kind =
          WireReader.equals(c, "l2_data")
          ? .book
          : WireReader.equals(c, "market_trades")
            ? .trades
            : WireReader.equals(c, "heartbeats")
              ? .heartbeats
              : WireReader.equals(c, "subscriptions")
                ? .subscriptions
                : (WireReader.equals(c, "ticker") || WireReader.equals(c, "ticker_batch")) ? .tickers : .other
      } else if WireReader.equals(key, "sequence_num") {
        sequence = try r.readUInt64()
      } else if WireReader.equals(key, "events") {
        eventsAt = r.position
        try r.skipValue()
      } else if WireReader.equals(key, "type") {
        isError = WireReader.equals(try r.readStringSpan(), "error")
      } else if WireReader.equals(key, "message") {
        errorMessage = try r.readString()
      } else if WireReader.equals(key, "timestamp") {
        timeMs = WireTime.parseMillis(try r.readStringSpan())
      } else {
        try r.skipValue()
      }
    }
    guard r.atEnd() else { throw WireError("bytes after the frame", at: r.position) }
    if isError {
      batch.events.append(.venueError(errorMessage ?? "error", channel: nil))
      return
    }
    if let sequence { batch.events.append(.connectionSequence(sequence)) }
    switch kind {
    case .heartbeats: batch.events.append(.heartbeat)
    case .book, .trades, .tickers:
      guard let eventsAt else { throw WireError("frame without events", at: 0) }
      var e = WireReader(frame, at: eventsAt)
      try events(&e, kind: kind, receivedAt: receivedAt, timeMs: timeMs, into: &batch)
    case .subscriptions, .other: batch.events.append(.ignored)
    }
  }

  private func events(
    _ r: inout WireReader, kind: Kind, receivedAt: Int64, timeMs: Int64?, into batch: inout VenueBatch
  )
    throws(WireError)
  {
    try r.beginArray()
    var firstEvent = true
    while try r.nextElement(first: &firstEvent) {
      try r.beginObject()
      var snapshot = false
      var symbol: Symbol?
      let start = batch.levels.count
      var first = true
      while let key = try r.nextKey(first: &first) {
        if WireReader.equals(key, "type") {
          snapshot = WireReader.equals(try r.readStringSpan(), "snapshot")
        } else if WireReader.equals(key, "product_id") {
          symbol = Symbol(utf8: try r.readStringSpan())
          if symbol == nil {
            throw WireError("product_id longer than \(Symbol.maxLength) bytes", at: r.position)
          }
        } else if WireReader.equals(key, "updates"), kind == .book {
          try updates(&r, into: &batch)
        } else if WireReader.equals(key, "trades"), kind == .trades {
          try trades(&r, into: &batch)
        } else if WireReader.equals(key, "tickers"), kind == .tickers {
          try tickers(&r, timeMs: timeMs, into: &batch)
        } else {
          try r.skipValue()
        }
      }
      if kind == .book {
        guard let symbol else { throw WireError("l2 event without product_id", at: r.position) }
        let update =
          snapshot ? BookUpdate.snapshot(receivedAt: receivedAt) : BookUpdate.delta(receivedAt: receivedAt)
        batch.events.append(.book(symbol: symbol, update: update, levels: start..<batch.levels.count))
      }
    }
  }

  /// Coinbase's names for the ticker's fields.
  private static let tickerNames: VenueTicker.Names = [
    ("price", \.last), ("best_bid", \.bid), ("best_bid_quantity", \.bidSize), ("best_ask", \.ask),
    ("best_ask_quantity", \.askSize), ("high_24_h", \.high24h), ("low_24_h", \.low24h),
    ("volume_24_h", \.volume24h),
  ]

  /// `[{"type":"ticker","product_id":"BTC-USD","price":"21932.98",…}, …]`: whole tickers.
  private func tickers(_ r: inout WireReader, timeMs: Int64?, into batch: inout VenueBatch) throws(WireError)
  {
    try r.beginArray()
    var firstTicker = true
    while try r.nextElement(first: &firstTicker) {
      try r.beginObject()
      var ticker = VenueTicker()
      ticker.timeMs = timeMs
      var symbol: Symbol?
      var first = true
      while let key = try r.nextKey(first: &first) {
        if try ticker.read(key, from: &r, names: Self.tickerNames) { continue }
        if WireReader.equals(key, "product_id") {
          symbol = Symbol(utf8: try r.readStringSpan())
          if symbol == nil {
            throw WireError("product_id longer than \(Symbol.maxLength) bytes", at: r.position)
          }
        } else if WireReader.equals(key, "price_percent_chg_24_h") {
          ticker.changeFraction24h =
            try r.readOptionalDecimal("price_percent_chg_24_h").map(VenueTicker.fraction(percent:))
        } else {
          try r.skipValue()
        }
      }
      guard let symbol else { throw WireError("ticker without product_id", at: r.position) }
      batch.appendTicker(ticker, symbol: symbol)
    }
  }

  /// `[{"side":"bid","event_time":…,"price_level":"21921.73","new_quantity":"0.06317902"}, …]`.
  private func updates(_ r: inout WireReader, into batch: inout VenueBatch) throws(WireError) {
    try r.beginArray()
    var firstLevel = true
    while try r.nextElement(first: &firstLevel) {
      try r.beginObject()
      var side: BookSide?
      var price: FixedDecimal?
      var size: FixedDecimal?
      var first = true
      while let key = try r.nextKey(first: &first) {
        if WireReader.equals(key, "side") {
          let s = try r.readStringSpan()
          side = WireReader.equals(s, "bid") ? .bid : (WireReader.equals(s, "offer") ? .ask : nil)
          if side == nil { throw WireError("side neither bid nor offer", at: r.position) }
        } else if WireReader.equals(key, "price_level") {
          price = try r.readDecimal("price_level")
        } else if WireReader.equals(key, "new_quantity") {
          size = try r.readDecimal("new_quantity")
        } else {
          try r.skipValue()
        }
      }
      guard let side, let price, let size else {
        throw WireError("level without side, price or quantity", at: r.position)
      }
      batch.levels.append(LevelChange(side: side, price: price, size: size))
    }
  }

  /// `side` is the maker's: the aggressor is the other side.
  private func trades(_ r: inout WireReader, into batch: inout VenueBatch) throws(WireError) {
    try r.beginArray()
    var firstTrade = true
    while try r.nextElement(first: &firstTrade) {
      try r.beginObject()
      var t = TradeDraft()
      var first = true
      while let key = try r.nextKey(first: &first) {
        if WireReader.equals(key, "product_id") {
          try t.readSymbol(&r, "product_id")
        } else if WireReader.equals(key, "price") {
          t.price = try r.readDecimal("price")
        } else if WireReader.equals(key, "size") {
          t.size = try r.readDecimal("size")
        } else if WireReader.equals(key, "side") {
          try t.readSide(&r, buy: "BUY", sell: "SELL", maker: true)
        } else if WireReader.equals(key, "time") {
          t.venueTimeMs = WireTime.parseMillis(try r.readStringSpan())
        } else if WireReader.equals(key, "trade_id") {
          t.id = try? r.readUInt64()
        } else {
          try r.skipValue()
        }
      }
      try t.append(to: &batch, at: r.position)
    }
  }
}

extension VenueAbout {
  public static let coinbase = VenueAbout(
    venue: .coinbase, displayName: "Coinbase", examples: ["coinbase:BTC-USD"],
    bookRule:
      "in-band snapshot + one sequence_num per connection across channels (a gap anywhere resubscribes)",
    reads:
      "level2 (one sequence_num per connection), market_trades (the maker's side turned over), ticker,"
      + " heartbeats; products and candles over REST; the markets list live from ticker_batch; -USDC"
      + " products keyed as asked (their data is the -USD product's, and the screen says so); the ticket"
      + " and portfolio; --once live and --once --replay; --record and replay",
    selectable: true, mark: "C", liquidations: .unpublished, spotPairSeparator: "-", dollarSpotSuffix: "-USD",
    framesNameTheirInstrument: false, dataAlias: CoinbaseAdapter.usdcAlias, simWebSocketPath: "/coinbase/ws",
    simRESTPath: "/coinbase")
}
