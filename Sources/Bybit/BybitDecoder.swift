import VenueCore
import WireJSON

/// Bybit v5 public frames → `VenueEvent`s: `orderbook.{depth}.{symbol}` snapshots and deltas
/// (`u` grows by one per message of a topic; `u == 1` is a service restart, which the policy
/// takes as a snapshot), `publicTrade.{symbol}` (`S` is the taker's side; a batch of over 1024
/// trades comes in several messages), `tickers.{symbol}` (a derivative's are a snapshot then
/// deltas of the fields that changed: partial tickers, to merge), `allLiquidation.{symbol}`
/// (`BybitDecoder+Liquidation`), and the `op` answers (subscribe, pong, refusals).
public struct BybitDecoder: VenueFrameDecoder {
  public init() {}

  public func decodeFrame(
    _ frame: UnsafeBufferPointer<UInt8>, receivedAt: Int64, into batch: inout VenueBatch
  )
    throws(WireError)
  {
    var r = WireReader(frame)
    try r.beginObject()
    var topic: UnsafeBufferPointer<UInt8>?
    var type: UnsafeBufferPointer<UInt8>?
    var dataAt: Int?
    var op: UnsafeBufferPointer<UInt8>?
    var request: UnsafeBufferPointer<UInt8>?
    var success: Bool?
    var message: String?
    var timeMs: Int64?
    var first = true
    while let key = try r.nextKey(first: &first) {
      if WireReader.equals(key, "topic") {
        topic = try r.readStringSpan()
      } else if WireReader.equals(key, "type") {
        type = try r.readStringSpan()
      } else if WireReader.equals(key, "data") {
        dataAt = r.position
        try r.skipValue()
      } else if WireReader.equals(key, "op") {
        op = try r.readStringSpan()
      } else if WireReader.equals(key, "success") {
        success = try r.readBool()
      } else if WireReader.equals(key, "req_id") {
        request = r.readNull() ? nil : try r.readStringSpan()
      } else if WireReader.equals(key, "ret_msg") {
        message = try r.readString()
      } else if WireReader.equals(key, "ts") {
        timeMs = try r.readOptionalMillis()
      } else {
        try r.skipValue()
      }
    }
    guard r.atEnd() else { throw WireError("bytes after the frame", at: r.position) }

    if let op {
      if success == false {
        // The refusal names no topic; a frame of liquidation topics says so in its req_id, so
        // that refusal leaves the book and tape running.
        let liquidations = request.map { WireReader.equals($0, BybitAdapter.liquidationsRequest) } ?? false
        batch.events.append(.venueError(message ?? "refused", channel: liquidations ? .liquidations : nil))
      } else if WireReader.equals(op, "ping") || WireReader.equals(op, "pong") {
        batch.events.append(.pong)
      } else {
        // A subscribe ack names no topic (only a req_id): the book still waits for its snapshot.
        batch.events.append(.ignored)
      }
      return
    }
    guard let topic, let dataAt else {
      batch.events.append(.ignored)
      return
    }
    var d = WireReader(frame, at: dataAt)
    if Self.hasPrefix(topic, "orderbook.") {
      let snapshot = type.map { WireReader.equals($0, "snapshot") } ?? false
      try book(&d, snapshot: snapshot, receivedAt: receivedAt, into: &batch)
    } else if Self.hasPrefix(topic, "publicTrade.") {
      try trades(&d, into: &batch)
    } else if Self.hasPrefix(topic, "allLiquidation.") {
      try Self.liquidations(&d, receivedAt: receivedAt, into: &batch)
    } else if Self.hasPrefix(topic, "tickers.") {
      let delta = type.map { WireReader.equals($0, "delta") } ?? false
      try ticker(&d, partial: delta, timeMs: timeMs, into: &batch)
    } else {
      batch.events.append(.ignored)
    }
  }

  private func book(
    _ r: inout WireReader, snapshot: Bool, receivedAt: Int64, into batch: inout VenueBatch
  )
    throws(WireError)
  {
    try r.beginObject()
    let start = batch.levels.count
    var symbol: Symbol?
    var u: UInt64?
    var first = true
    while let key = try r.nextKey(first: &first) {
      if WireReader.equals(key, "s") {
        symbol = Symbol(utf8: try r.readStringSpan())
        if symbol == nil { throw WireError("symbol longer than \(Symbol.maxLength) bytes", at: r.position) }
      } else if WireReader.equals(key, "b") {
        try r.readLevelArrays(side: .bid, into: &batch.levels)
      } else if WireReader.equals(key, "a") {
        try r.readLevelArrays(side: .ask, into: &batch.levels)
      } else if WireReader.equals(key, "u") {
        u = try r.readUInt64()
      } else {
        try r.skipValue()
      }
    }
    guard let symbol, let u else { throw WireError("book without s or u", at: r.position) }
    let update =
      snapshot
      ? BookUpdate.snapshot(first: u, last: u, receivedAt: receivedAt)
      : BookUpdate.delta(first: u, last: u, receivedAt: receivedAt)
    batch.events.append(.book(symbol: symbol, update: update, levels: start..<batch.levels.count))
  }

  private func trades(_ r: inout WireReader, into batch: inout VenueBatch) throws(WireError) {
    try r.beginArray()
    var firstEntry = true
    while try r.nextElement(first: &firstEntry) {
      try r.beginObject()
      var t = TradeDraft()
      var first = true
      while let key = try r.nextKey(first: &first) {
        if WireReader.equals(key, "s") {
          try t.readSymbol(&r, "s")
        } else if WireReader.equals(key, "p") {
          t.price = try r.readDecimal("p")
        } else if WireReader.equals(key, "v") {
          t.size = try r.readDecimal("v")
        } else if WireReader.equals(key, "S") {
          try t.readSide(&r, buy: "Buy", sell: "Sell")
        } else if WireReader.equals(key, "T") {
          t.venueTimeMs = Int64(clamping: try r.readUInt64())
        } else {
          // `i` is a UUID: no numeric id.
          try r.skipValue()
        }
      }
      try t.append(to: &batch, at: r.position)
    }
  }

  /// Bybit's names for the ticker's fields (`price24hPcnt` is a fraction already; spot's
  /// `volume24h` is in the base asset, a derivative's in contracts; `turnover24h` in the quote).
  private static let tickerNames: VenueTicker.Names = [
    ("lastPrice", \.last), ("bid1Price", \.bid), ("bid1Size", \.bidSize), ("ask1Price", \.ask),
    ("ask1Size", \.askSize), ("prevPrice24h", \.open24h), ("highPrice24h", \.high24h),
    ("lowPrice24h", \.low24h), ("volume24h", \.volume24h), ("turnover24h", \.quoteVolume24h),
    ("price24hPcnt", \.changeFraction24h), ("markPrice", \.markPrice), ("indexPrice", \.indexPrice),
    ("fundingRate", \.fundingRate), ("openInterest", \.openInterest),
  ]

  /// The `data` object of a `tickers` frame: one symbol's ticker.
  private func ticker(
    _ r: inout WireReader, partial: Bool, timeMs: Int64?, into batch: inout VenueBatch
  ) throws(WireError) {
    try r.beginObject()
    var t = VenueTicker(partial: partial)
    t.timeMs = timeMs
    var symbol: Symbol?
    var first = true
    while let key = try r.nextKey(first: &first) {
      if try t.read(key, from: &r, names: Self.tickerNames) { continue }
      if WireReader.equals(key, "symbol") {
        symbol = Symbol(utf8: try r.readStringSpan())
        if symbol == nil { throw WireError("symbol longer than \(Symbol.maxLength) bytes", at: r.position) }
      } else if WireReader.equals(key, "nextFundingTime") {
        t.nextFundingTimeMs = try r.readOptionalMillis()
      } else {
        try r.skipValue()
      }
    }
    guard let symbol else { throw WireError("ticker without a symbol", at: r.position) }
    batch.appendTicker(t, symbol: symbol)
  }

  static func hasPrefix(_ span: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
    let n = prefix.utf8CodeUnitCount
    guard span.count >= n else { return false }
    return WireReader.equals(UnsafeBufferPointer(rebasing: span[0..<n]), prefix)
  }
}

extension VenueAbout {
  /// Bybit's three markets, one endpoint each below one host (the simulator's `/bybit`): spot
  /// (its pairs against USDT), linear (USDT perpetuals, with liquidations) and inverse (coin
  /// margined, with liquidations).
  public static let bybit: [VenueAbout] = [
    (Venue.bybitSpot, "Bybit spot", "bybit-spot:BTCUSDT", LiquidationCoverage.spotVenue, "USDT", nil),
    (.bybitLinear, "Bybit linear", "bybit-linear:BTCUSDT", .everyMarket, nil, "USDT"),
    (.bybitInverse, "Bybit inverse", "bybit-inverse:BTCUSD", .everyMarket, nil, nil),
  ].map { venue, displayName, example, liquidations, spotSuffix, perpetualSuffix in
    VenueAbout(
      venue: venue, displayName: displayName, examples: [example],
      bookRule: "in-band snapshot + u grows by one per message (u = 1: a restart, taken as a snapshot)",
      reads:
        "orderbook (u + 1 per message), publicTrade, tickers (a derivative's mark, index and funding),"
        + " allLiquidation (derivatives); instruments-info and klines over REST; the markets list live from"
        + " tickers; the ticket and portfolio; --once live and --once --replay; --record and replay",
      selectable: true, mark: "Y", liquidations: liquidations, dollarSpotSuffix: spotSuffix,
      dollarPerpetualSuffix: perpetualSuffix, contractsOnly: venue != .bybitSpot, simWebSocketPath: "/bybit",
      simRESTPath: "/bybit")
  }
}
