import VenueCore
import WireJSON

/// OKX v5 public frames → `VenueEvent`s: `books` snapshots and updates and `books5` pushes (each
/// the whole top 5, so each a snapshot), their levels `[price, size, deprecated, orders]`, `seqId`
/// and `prevSeqId` as the message's sequence and the one before it (`-1` on a snapshot); `trades`
/// (`side` is the taker's); `tickers` (whole), `mark-price`, `funding-rate` and `index-tickers`
/// (partial tickers: the mark, the funding rate and when it is paid, the index — keyed to the swap
/// of that index, the one instrument `OKXAdapter` subscribes an index for); `liquidation-orders`
/// (`OKXDecoder+Liquidation`); subscribe acks, errors, and the text `pong`. A book message's `ts`
/// is its `venueTimeMs` (what a REST book, which has no `seqId`, is placed among the updates by).
/// OKX's `checksum` has been
/// 0 on every message since 23 June 2026: it is never read (a client that verifies it fails on
/// every frame).
public struct OKXDecoder: VenueFrameDecoder {
  public init() {}

  public func decodeFrame(
    _ frame: UnsafeBufferPointer<UInt8>, receivedAt: Int64, into batch: inout VenueBatch
  )
    throws(WireError)
  {
    if WireReader.equals(frame, "pong") {
      batch.events.append(.pong)
      return
    }
    var r = WireReader(frame)
    try r.beginObject()
    var channel: MarketChannel?
    // `funding-rate` pushes: the rate and the next funding time, as a partial ticker.
    var funding = false
    // `index-tickers` pushes: the index of a swap, keyed to that swap.
    var index = false
    // `books5` pushes are each the whole top 5: every one a snapshot.
    var wholeBook = false
    var symbol: Symbol?
    var action: UnsafeBufferPointer<UInt8>?
    var event: UnsafeBufferPointer<UInt8>?
    var message: String?
    var dataAt: Int?
    var first = true
    while let key = try r.nextKey(first: &first) {
      if WireReader.equals(key, "arg") {
        try r.beginObject()
        var firstArg = true
        while let k = try r.nextKey(first: &firstArg) {
          if WireReader.equals(k, "channel") {
            let name = try r.readStringSpan()
            channel = Self.channel(name)
            wholeBook = WireReader.equals(name, "books5")
            funding = WireReader.equals(name, "funding-rate")
            index = WireReader.equals(name, "index-tickers")
          } else if WireReader.equals(k, "instId") {
            symbol = Symbol(utf8: try r.readStringSpan())
            if symbol == nil {
              throw WireError("instId longer than \(Symbol.maxLength) bytes", at: r.position)
            }
          } else {
            try r.skipValue()
          }
        }
      } else if WireReader.equals(key, "action") {
        action = try r.readStringSpan()
      } else if WireReader.equals(key, "event") {
        event = try r.readStringSpan()
      } else if WireReader.equals(key, "msg") {
        message = try r.readString()
      } else if WireReader.equals(key, "data") {
        dataAt = r.position
        try r.skipValue()
      } else {
        try r.skipValue()
      }
    }
    guard r.atEnd() else { throw WireError("bytes after the frame", at: r.position) }
    if index, let name = symbol {
      guard let swap = OKXAdapter.swap(ofIndex: name) else {
        throw WireError("index name \(name) too long for its swap's", at: 0)
      }
      symbol = swap
    }

    if let event {
      if WireReader.equals(event, "subscribe"), let channel {
        batch.events.append(.subscribed(channel, symbol: symbol))
      } else if WireReader.equals(event, "unsubscribe"), let channel {
        batch.events.append(.unsubscribed(channel, symbol: symbol))
      } else if WireReader.equals(event, "error") {
        // OKX's errors carry no `arg`; a refused `liquidation-orders` (an auxiliary channel,
        // refused alone: each arg is answered apart) is named in the message.
        let named =
          message.map { $0.contains("liquidation-orders") } == true ? MarketChannel.liquidations : nil
        batch.events.append(.venueError(message ?? "error", channel: channel ?? named))
      } else {
        batch.events.append(.ignored)
      }
      return
    }
    guard let dataAt, let channel else {
      batch.events.append(.ignored)
      return
    }
    var d = WireReader(frame, at: dataAt)
    switch channel {
    case .book:
      guard let symbol else { throw WireError("book without instId", at: 0) }
      let snapshot = wholeBook || action.map { WireReader.equals($0, "snapshot") } == true
      try books(&d, symbol: symbol, snapshot: snapshot, receivedAt: receivedAt, into: &batch)
    case .trades:
      try trades(&d, into: &batch)
    case .ticker:
      try tickers(&d, names: Self.tickerNames, partial: false, funding: false, into: &batch)
    case .mark:
      let names = index ? Self.indexNames : funding ? Self.fundingNames : Self.markNames
      try tickers(
        &d, names: names, partial: true, funding: funding, keyedTo: index ? symbol : nil, into: &batch)
    case .liquidations:
      try Self.liquidations(&d, frame: frame, receivedAt: receivedAt, into: &batch)
    default:
      batch.events.append(.ignored)
    }
  }

  private func books(
    _ r: inout WireReader, symbol: Symbol, snapshot: Bool, receivedAt: Int64, into batch: inout VenueBatch
  ) throws(WireError) {
    try r.beginArray()
    var firstEntry = true
    while try r.nextElement(first: &firstEntry) {
      try r.beginObject()
      let start = batch.levels.count
      var seq: Int64?
      var previous: Int64?
      var timeMs: Int64?
      var first = true
      while let key = try r.nextKey(first: &first) {
        if WireReader.equals(key, "asks") {
          try r.readLevelArrays(side: .ask, extra: 2, into: &batch.levels)
        } else if WireReader.equals(key, "bids") {
          try r.readLevelArrays(side: .bid, extra: 2, into: &batch.levels)
        } else if WireReader.equals(key, "seqId") {
          seq = try r.readInt64()
        } else if WireReader.equals(key, "prevSeqId") {
          previous = try r.readInt64()
        } else if WireReader.equals(key, "ts") {
          timeMs = try r.readOptionalMillis()
        } else {
          // `checksum` included: 0 since 23 June 2026, never verified.
          try r.skipValue()
        }
      }
      // Sequences are non-negative but for the snapshot's prevSeqId of -1 (no message before).
      let last = seq.flatMap { $0 >= 0 ? UInt64($0) : nil }
      let before = previous.flatMap { $0 >= 0 ? UInt64($0) : nil }
      let update =
        snapshot
        ? BookUpdate.snapshot(first: last, last: last, receivedAt: receivedAt, venueTimeMs: timeMs)
        : BookUpdate.delta(
          first: last, last: last, previous: before, receivedAt: receivedAt, venueTimeMs: timeMs)
      batch.events.append(.book(symbol: symbol, update: update, levels: start..<batch.levels.count))
    }
  }

  private func trades(_ r: inout WireReader, into batch: inout VenueBatch) throws(WireError) {
    try r.beginArray()
    var firstEntry = true
    while try r.nextElement(first: &firstEntry) {
      try r.beginObject()
      var t = TradeDraft()
      var first = true
      while let key = try r.nextKey(first: &first) {
        if WireReader.equals(key, "instId") {
          try t.readSymbol(&r, "instId")
        } else if WireReader.equals(key, "px") {
          t.price = try r.readDecimal("px")
        } else if WireReader.equals(key, "sz") {
          t.size = try r.readDecimal("sz")
        } else if WireReader.equals(key, "side") {
          try t.readSide(&r, buy: "buy", sell: "sell")
        } else if WireReader.equals(key, "ts") {
          t.venueTimeMs = Int64(clamping: try r.readUInt64())
        } else if WireReader.equals(key, "tradeId") {
          t.id = try? r.readUInt64()
        } else {
          try r.skipValue()
        }
      }
      try t.append(to: &batch, at: r.position)
    }
  }

  /// OKX's names for the ticker's fields. `vol24h` is in the venue's size unit (contracts for a
  /// derivative); `volCcy24h` is the quote's volume on spot but the base's on a derivative, so it
  /// is read apart (below).
  private static let tickerNames: VenueTicker.Names = [
    ("last", \.last), ("bidPx", \.bid), ("bidSz", \.bidSize), ("askPx", \.ask), ("askSz", \.askSize),
    ("open24h", \.open24h), ("high24h", \.high24h), ("low24h", \.low24h), ("vol24h", \.volume24h),
  ]
  private static let markNames: VenueTicker.Names = [("markPx", \.markPrice)]
  private static let fundingNames: VenueTicker.Names = [("fundingRate", \.fundingRate)]
  /// The index's other fields (its own 24 h open, high and low) are not the swap's.
  private static let indexNames: VenueTicker.Names = [("idxPx", \.indexPrice)]

  /// The `data` array of `tickers`, `mark-price`, `funding-rate` or `index-tickers`: one ticker
  /// per instrument (`keyedTo`: every one that instrument's, for an index's).
  private func tickers(
    _ r: inout WireReader, names: VenueTicker.Names, partial: Bool, funding: Bool, keyedTo: Symbol? = nil,
    into batch: inout VenueBatch
  ) throws(WireError) {
    try r.beginArray()
    var firstEntry = true
    while try r.nextElement(first: &firstEntry) {
      try r.beginObject()
      var t = VenueTicker(partial: partial)
      var symbol: Symbol?
      var spot = false
      var volCcy: FixedDecimal?
      var first = true
      while let key = try r.nextKey(first: &first) {
        if try t.read(key, from: &r, names: names) { continue }
        if WireReader.equals(key, "instId") {
          symbol = Symbol(utf8: try r.readStringSpan())
          if symbol == nil { throw WireError("instId longer than \(Symbol.maxLength) bytes", at: r.position) }
        } else if WireReader.equals(key, "instType") {
          let type = try r.readStringSpan()
          spot = WireReader.equals(type, "SPOT") || WireReader.equals(type, "MARGIN")
        } else if WireReader.equals(key, "volCcy24h"), !partial {
          volCcy = try r.readOptionalDecimal("volCcy24h")
        } else if WireReader.equals(key, "ts") {
          t.timeMs = try r.readOptionalMillis()
        } else if WireReader.equals(key, "fundingTime"), funding {
          t.nextFundingTimeMs = try r.readOptionalMillis()
        } else {
          try r.skipValue()
        }
      }
      guard let symbol = keyedTo ?? symbol else { throw WireError("ticker without instId", at: r.position) }
      if spot { t.quoteVolume24h = volCcy }
      batch.appendTicker(t, symbol: symbol)
    }
  }

  static func channel(_ name: UnsafeBufferPointer<UInt8>) -> MarketChannel? {
    if WireReader.equals(name, "books") || WireReader.equals(name, "books5") { return .book }
    if WireReader.equals(name, "trades") { return .trades }
    if WireReader.equals(name, "tickers") { return .ticker }
    if WireReader.equals(name, "mark-price") || WireReader.equals(name, "funding-rate")
      || WireReader.equals(name, "index-tickers")
    {
      return .mark
    }
    if WireReader.equals(name, "liquidation-orders") { return .liquidations }
    if WireReader.equals(name, "instruments") { return .instrument }
    return nil
  }
}

extension VenueAbout {
  public static let okx = VenueAbout(
    venue: .okx, displayName: "OKX", examples: ["okx:BTC-USDT", "okx:BTC-USDT-SWAP", "okx:BTC-USD-SWAP"],
    bookRule:
      "in-band snapshot + prevSeqId = last seqId (keep-alives and maintenance resets allowed; checksum never used)",
    reads:
      "books (seqId linked to prevSeqId; the REST book bridged by time when no snapshot comes), trades"
      + " (swap sizes in contracts), tickers, a swap's mark-price, funding-rate and index-tickers,"
      + " liquidation-orders of every swap; instruments (ctVal) and candles over REST; the markets list live"
      + " from tickers; the ticket and portfolio; --once live and --once --replay; --record and replay",
    selectable: true, mark: "O", liquidations: .symbolsEnding(OKXAdapter.swapSuffix), spotPairSeparator: "-",
    dollarSpotSuffix: "-USDT", dollarPerpetualSuffix: "-USDT\(OKXAdapter.swapSuffix)",
    simWebSocketPath: "/okx/ws/v5/public", simRESTPath: "/okx")
}
