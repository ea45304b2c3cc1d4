import VenueCore
import WireJSON

extension OKXAdapter {
  /// The instruments of each type, one body a type.
  public func decodeInstruments(_ bodies: [WireValue]) throws(RESTBodyError) -> VenueRows<InstrumentSpec> {
    guard !bodies.isEmpty else { throw RESTBodyError("no instruments body") }
    var out = VenueRows<InstrumentSpec>()
    for body in bodies {
      if let code = body["code"]?.text, code != "0" {
        throw RESTBodyError("OKX code \(code): \(body["msg"]?.text ?? "")")
      }
      guard let rows = body["data"]?.array else { throw RESTBodyError("no data array") }
      for row in rows {
        switch OKXInstruments.spec(row: row) {
        case .success(let spec): out.rows.append(spec)
        case .failure(let error): out.errors.append(error.description)
        }
      }
    }
    return out
  }

  /// The candles' bars.
  public func decodeCandles(_ body: WireValue) throws(CandleError) -> [VenueCandle] {
    try OKXCandles.decode(candles: body)
  }

  /// The tickers of each type, one body a type.
  public func decodeTickers(_ bodies: [WireValue]) throws(RESTBodyError) -> VenueRows<SymbolTicker> {
    guard !bodies.isEmpty else { throw RESTBodyError("no tickers body") }
    var out = VenueRows<SymbolTicker>()
    for body in bodies { out.append(try OKXTickers.decode(tickers: body)) }
    return out
  }
}

extension OKXAdapter {
  /// The body of `/api/v5/market/books?instId=…&sz=…`, the book of the symbol asked:
  /// `{"code":"0","msg":"","data":[{"asks":[[px, sz, "0", orders]],"bids":[…],"ts":"…"}]}`. It
  /// has no `seqId`: its `ts` (the book's time, ms) is what places it among the stream's updates
  /// (`SequenceLinkSync+RESTBridge`). OKX's error (`code` other than "0") is refused with its
  /// words; a body that fails half way adds nothing.
  public func decodeSnapshot(
    _ body: UnsafeBufferPointer<UInt8>, symbol: Symbol, receivedAt: Int64, into batch: inout VenueBatch
  ) throws(WireError) {
    let counts = batch.counts
    do throws(WireError) {
      try readSnapshot(body, symbol: symbol, receivedAt: receivedAt, into: &batch)
    } catch {
      batch.truncate(to: counts)
      throw error
    }
  }

  private func readSnapshot(
    _ body: UnsafeBufferPointer<UInt8>, symbol: Symbol, receivedAt: Int64, into batch: inout VenueBatch
  ) throws(WireError) {
    var r = WireReader(body)
    try r.beginObject()
    var code: String?
    var message: String?
    var dataAt: Int?
    var first = true
    while let key = try r.nextKey(first: &first) {
      if WireReader.equals(key, "code") {
        code = try r.readString()
      } else if WireReader.equals(key, "msg") {
        message = try r.readString()
      } else if WireReader.equals(key, "data") {
        dataAt = r.position
        try r.skipValue()
      } else {
        try r.skipValue()
      }
    }
    guard r.atEnd() else { throw WireError("bytes after the body", at: r.position) }
    if let code, code != "0" {
      throw WireError("OKX code \(code): \((message ?? "").prefix(200))", at: 0)
    }
    guard let dataAt else { throw WireError("no data array", at: 0) }
    var d = WireReader(body, at: dataAt)
    try d.beginArray()
    var firstBook = true
    guard try d.nextElement(first: &firstBook) else { throw WireError("no book in data", at: d.position) }
    try d.beginObject()
    let start = batch.levels.count
    var timeMs: Int64?
    var firstKey = true
    while let key = try d.nextKey(first: &firstKey) {
      if WireReader.equals(key, "asks") {
        try d.readLevelArrays(side: .ask, extra: 2, into: &batch.levels)
      } else if WireReader.equals(key, "bids") {
        try d.readLevelArrays(side: .bid, extra: 2, into: &batch.levels)
      } else if WireReader.equals(key, "ts") {
        timeMs = try d.readOptionalMillis()
      } else {
        try d.skipValue()
      }
    }
    batch.events.append(
      .book(
        symbol: symbol, update: .restSnapshot(receivedAt: receivedAt, venueTimeMs: timeMs),
        levels: start..<batch.levels.count))
  }
}
