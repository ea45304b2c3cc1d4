import VenueCore
import WireJSON

/// Kraken WebSocket v2 frames → `VenueEvent`s: `book` snapshots and updates (levels kept as the
/// decimal text sent, the checksum with them), `trade`, `ticker`, `heartbeat`, `status`, and the answers to
/// `subscribe`, `unsubscribe` and `ping`. A frame is decoded whole or not at all.
public struct KrakenDecoder: VenueFrameDecoder {
  public init() {}

  /// Decodes one frame into `batch` (appending), stamping books with `receivedAt`.
  public func decodeFrame(
    _ frame: UnsafeBufferPointer<UInt8>, receivedAt: Int64, into batch: inout VenueBatch
  )
    throws(WireError)
  {
    try readFrame(frame, receivedAt: receivedAt, into: &batch)
  }

  private enum Kind {
    case snapshot, update, other
  }

  private func readFrame(
    _ frame: UnsafeBufferPointer<UInt8>, receivedAt: Int64, into batch: inout VenueBatch
  )
    throws(WireError)
  {
    var r = WireReader(frame)
    try r.beginObject()
    var channel: MarketChannel?
    var channelNamed = false
    var kind = Kind.other
    var dataAt: Int?
    var method: UnsafeBufferPointer<UInt8>?
    var resultAt: Int?
    var success: Bool?
    var error: String?
    var first = true
    while let key = try r.nextKey(first: &first) {
      if WireReader.equals(key, "channel") {
        channel = Self.channel(try r.readStringSpan())
        channelNamed = true
      } else if WireReader.equals(key, "type") {
        let t = try r.readStringSpan()
        kind =
          WireReader.equals(t, "snapshot") ? .snapshot : (WireReader.equals(t, "update") ? .update : .other)
      } else if WireReader.equals(key, "data") {
        dataAt = r.position
        try r.skipValue()
      } else if WireReader.equals(key, "method") {
        method = try r.readStringSpan()
      } else if WireReader.equals(key, "result") {
        resultAt = r.position
        try r.skipValue()
      } else if WireReader.equals(key, "success") {
        success = try r.readBool()
      } else if WireReader.equals(key, "error") {
        error = try r.readString()
      } else {
        try r.skipValue()
      }
    }
    guard r.atEnd() else { throw WireError("bytes after the frame", at: r.position) }

    if let method {
      try answer(
        method, result: resultAt.map { WireReader(frame, at: $0) }, success: success, error: error,
        into: &batch)
      return
    }
    guard channelNamed else {
      batch.events.append(.ignored)
      return
    }
    switch channel {
    case .book?:
      guard kind != .other, let dataAt else { throw WireError("book frame without type or data", at: 0) }
      var d = WireReader(frame, at: dataAt)
      try books(&d, snapshot: kind == .snapshot, receivedAt: receivedAt, into: &batch)
    case .trades?:
      guard let dataAt else { throw WireError("trade frame without data", at: 0) }
      var d = WireReader(frame, at: dataAt)
      try trades(&d, into: &batch)
    case .ticker?:
      guard let dataAt else { throw WireError("ticker frame without data", at: 0) }
      var d = WireReader(frame, at: dataAt)
      try tickers(&d, into: &batch)
    case .heartbeat?:
      batch.events.append(.heartbeat)
    case .status?:
      var system = "status"
      if let dataAt {
        var d = WireReader(frame, at: dataAt)
        system = try Self.statusSystem(&d) ?? system
      }
      batch.events.append(.status(system))
    default:
      batch.events.append(.ignored)
    }
  }

  /// The `data` array of a book frame: one entry per symbol.
  private func books(
    _ r: inout WireReader, snapshot: Bool, receivedAt: Int64, into batch: inout VenueBatch
  )
    throws(WireError)
  {
    try r.beginArray()
    var firstEntry = true
    while try r.nextElement(first: &firstEntry) {
      try r.beginObject()
      let start = batch.levels.count
      var symbol: Symbol?
      var checksum: UInt32?
      var first = true
      while let key = try r.nextKey(first: &first) {
        if WireReader.equals(key, "symbol") {
          guard let s = Symbol(utf8: try r.readStringSpan()) else {
            throw WireError("symbol longer than \(Symbol.maxLength) bytes", at: r.position)
          }
          symbol = s
        } else if WireReader.equals(key, "bids") {
          try levels(&r, side: .bid, into: &batch)
        } else if WireReader.equals(key, "asks") {
          try levels(&r, side: .ask, into: &batch)
        } else if WireReader.equals(key, "checksum") {
          let value = try r.readUInt64()
          guard value <= UInt64(UInt32.max) else { throw WireError("checksum past 32 bits", at: r.position) }
          checksum = UInt32(value)
        } else {
          try r.skipValue()
        }
      }
      guard let symbol else { throw WireError("book entry without a symbol", at: r.position) }
      let update =
        snapshot
        ? BookUpdate.snapshot(checksum: checksum, receivedAt: receivedAt)
        : BookUpdate.delta(checksum: checksum, receivedAt: receivedAt)
      batch.events.append(.book(symbol: symbol, update: update, levels: start..<batch.levels.count))
    }
  }

  /// The `data` array of a trade frame: `side` is the taker's.
  private func trades(_ r: inout WireReader, into batch: inout VenueBatch) throws(WireError) {
    try r.beginArray()
    var firstEntry = true
    while try r.nextElement(first: &firstEntry) {
      try r.beginObject()
      var t = TradeDraft()
      var first = true
      while let key = try r.nextKey(first: &first) {
        if WireReader.equals(key, "symbol") {
          try t.readSymbol(&r, "symbol")
        } else if WireReader.equals(key, "price") {
          t.price = try r.readDecimal("price")
        } else if WireReader.equals(key, "qty") {
          t.size = try r.readDecimal("qty")
        } else if WireReader.equals(key, "side") {
          try t.readSide(&r, buy: "buy", sell: "sell")
        } else if WireReader.equals(key, "timestamp") {
          t.venueTimeMs = WireTime.parseMillis(try r.readStringSpan())
        } else if WireReader.equals(key, "trade_id") {
          t.id = try r.readUInt64()
        } else {
          try r.skipValue()
        }
      }
      try t.append(to: &batch, at: r.position)
    }
  }

  /// Kraken's names for the ticker's fields: `volume` is the base asset's over the last 24 h,
  /// `change_pct` a percent (read into `changeFraction24h` below).
  private static let tickerNames: VenueTicker.Names = [
    ("last", \.last), ("bid", \.bid), ("bid_qty", \.bidSize), ("ask", \.ask), ("ask_qty", \.askSize),
    ("high", \.high24h), ("low", \.low24h), ("volume", \.volume24h), ("vwap", \.vwap24h),
    ("change", \.change24h),
  ]

  /// The `data` array of a ticker frame: one whole ticker per symbol (snapshot and update alike).
  private func tickers(_ r: inout WireReader, into batch: inout VenueBatch) throws(WireError) {
    try r.beginArray()
    var firstEntry = true
    while try r.nextElement(first: &firstEntry) {
      try r.beginObject()
      var ticker = VenueTicker()
      var symbol: Symbol?
      var first = true
      while let key = try r.nextKey(first: &first) {
        if try ticker.read(key, from: &r, names: Self.tickerNames) { continue }
        if WireReader.equals(key, "symbol") {
          guard let s = Symbol(utf8: try r.readStringSpan()) else {
            throw WireError("symbol longer than \(Symbol.maxLength) bytes", at: r.position)
          }
          symbol = s
        } else if WireReader.equals(key, "change_pct") {
          ticker.changeFraction24h = try r.readOptionalDecimal("change_pct").map(
            VenueTicker.fraction(percent:))
        } else if WireReader.equals(key, "timestamp") {
          ticker.timeMs = WireTime.parseMillis(try r.readStringSpan())
        } else {
          try r.skipValue()
        }
      }
      guard let symbol else { throw WireError("ticker without a symbol", at: r.position) }
      // The open 24 h ago, as other venues send it: `last - change`.
      if let last = ticker.last, let change = ticker.change24h { ticker.open24h = last.subtracting(change) }
      batch.appendTicker(ticker, symbol: symbol)
    }
  }

  /// `[{"price":63004.9,"qty":0.01876947}, …]`: each number kept as the text sent.
  private func levels(_ r: inout WireReader, side: BookSide, into batch: inout VenueBatch) throws(WireError) {
    try r.beginArray()
    var firstLevel = true
    while try r.nextElement(first: &firstLevel) {
      try r.beginObject()
      var price: FixedDecimal?
      var qty: FixedDecimal?
      var first = true
      while let key = try r.nextKey(first: &first) {
        if WireReader.equals(key, "price") {
          price = try r.readDecimal("price")
        } else if WireReader.equals(key, "qty") {
          qty = try r.readDecimal("qty")
        } else {
          try r.skipValue()
        }
      }
      guard let price, let qty else { throw WireError("level without price or qty", at: r.position) }
      batch.levels.append(LevelChange(side: side, price: price, size: qty))
    }
  }

  /// The answer to a request: `subscribe` / `unsubscribe` acks (or refusals), `pong`.
  private func answer(
    _ method: UnsafeBufferPointer<UInt8>, result: WireReader?, success: Bool?, error: String?,
    into batch: inout VenueBatch
  ) throws(WireError) {
    if WireReader.equals(method, "pong") {
      batch.events.append(.pong)
      return
    }
    var channel: MarketChannel?
    var symbol: Symbol?
    if var r = result, r.peek() == UInt8(ascii: "{") {
      try r.beginObject()
      var first = true
      while let key = try r.nextKey(first: &first) {
        if WireReader.equals(key, "channel") {
          channel = Self.channel(try r.readStringSpan())
        } else if WireReader.equals(key, "symbol"), r.peek() == UInt8(ascii: "\"") {
          symbol = Symbol(utf8: try r.readStringSpan())
        } else {
          try r.skipValue()
        }
      }
    }
    if success == false || error != nil {
      batch.events.append(.venueError(error ?? "refused", channel: channel))
      return
    }
    if WireReader.equals(method, "subscribe"), let channel {
      batch.events.append(.subscribed(channel, symbol: symbol))
    } else if WireReader.equals(method, "unsubscribe"), let channel {
      batch.events.append(.unsubscribed(channel, symbol: symbol))
    } else {
      batch.events.append(.ignored)
    }
  }

  /// `data[0].system` of a status frame.
  private static func statusSystem(_ r: inout WireReader) throws(WireError) -> String? {
    var system: String?
    try r.beginArray()
    var firstEntry = true
    while try r.nextElement(first: &firstEntry) {
      guard r.peek() == UInt8(ascii: "{") else {
        try r.skipValue()
        continue
      }
      try r.beginObject()
      var first = true
      while let key = try r.nextKey(first: &first) {
        if WireReader.equals(key, "system") {
          system = try r.readString()
        } else {
          // `connection_id` is past 2^53: skipped as text, never read as a Double.
          try r.skipValue()
        }
      }
    }
    return system
  }

  /// Kraken's channel names.
  static func channel(_ name: UnsafeBufferPointer<UInt8>) -> MarketChannel? {
    if WireReader.equals(name, "book") { return .book }
    if WireReader.equals(name, "trade") { return .trades }
    if WireReader.equals(name, "ticker") { return .ticker }
    if WireReader.equals(name, "instrument") { return .instrument }
    if WireReader.equals(name, "heartbeat") { return .heartbeat }
    if WireReader.equals(name, "status") { return .status }
    return nil
  }
}
