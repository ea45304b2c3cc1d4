import MarketModel

extension BitMEXDecoder {
  /// Decodes a REST `/instrument…` body: an array of instrument objects, or an error. A
  /// malformed row is skipped, as in the `instrument` table's partial: the rest of the list stays.
  public mutating func decodeInstruments(_ bytes: [UInt8]) throws(DecodeError) -> RESTBody<InstrumentUpdate> {
    var index = 0
    return try decodeREST(bytes) { (d, s, batch) throws(DecodeError) in
      try d.decodeInstrumentRow(&s, index: index, into: &batch)
      index += 1
    } collect: {
      $0.instruments
    }
  }

  /// Decodes a REST `/trade/bucketed` body (timestamps are bucket ends).
  public mutating func decodeTradeBins(_ bytes: [UInt8]) throws(DecodeError) -> RESTBody<TradeBin> {
    try decodeREST(bytes) { (d, s, batch) throws(DecodeError) in
      batch.bins.append(try d.decodeTradeBin(&s))
    } collect: {
      $0.bins
    }
  }

  /// Decodes a REST `/trade` body.
  public mutating func decodeTrades(_ bytes: [UInt8]) throws(DecodeError) -> RESTBody<Trade> {
    try decodeREST(bytes) { (d, s, batch) throws(DecodeError) in
      batch.trades.append(try d.decodeTrade(&s))
    } collect: {
      $0.trades
    }
  }

  private mutating func decodeREST<Row>(
    _ bytes: [UInt8],
    row: (inout BitMEXDecoder, inout JSONScanner, inout MarketBatch) throws(DecodeError) -> Void,
    collect: (MarketBatch) -> [Row]
  ) throws(DecodeError) -> RESTBody<Row> {
    var batch = MarketBatch()
    var decoder = self
    let result: Result<RESTBody<Row>, DecodeError> = bytes.withUnsafeBufferPointer { buf in
      guard let base = buf.baseAddress, !buf.isEmpty else {
        return .failure(DecodeError("empty body", at: 0))
      }
      var s = JSONScanner(base, count: buf.count)
      do throws(DecodeError) {
        s.skipSpace()
        if s.peek() == UInt8(ascii: "{") {
          // An object where rows were expected: the error shape, or nothing we know.
          try s.beginObject()
          var message: String?
          var first = true
          while let key = try s.nextKey(first: &first) {
            if s.equals(key, "error") {
              message = try decoder.readErrorText(&s)
            } else {
              try s.skipValue()
            }
          }
          return .success(.error(message ?? "unexpected response"))
        }
        try s.beginArray()
        var first = true
        while try s.nextElement(first: &first) {
          guard s.peek() == UInt8(ascii: "{") else { throw s.fail("a row is not an object") }
          try row(&decoder, &s, &batch)
        }
        s.skipSpace()
        guard s.atEnd else { throw s.fail("unexpected bytes after the body") }
        return .success(.rows(collect(batch)))
      } catch {
        return .failure(error)
      }
    }
    self = decoder
    return try result.get()
  }
}
