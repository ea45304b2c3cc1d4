import WireJSON

extension VenueAdapter {
  /// No REST requests unless the adapter spells them.
  public func restRequests(for intent: RESTIntent) -> [VenueRESTRequest] { [] }

  public func decodeInstruments(_ bodies: [WireValue]) throws(RESTBodyError) -> VenueRows<InstrumentSpec> {
    throw RESTBodyError("\(venue.name) has no REST instruments here")
  }

  public func decodeCandles(_ body: WireValue) throws(CandleError) -> [VenueCandle] {
    throw CandleError("\(venue.name) has no REST candles here")
  }

  public func decodeTickers(_ bodies: [WireValue]) throws(RESTBodyError) -> VenueRows<SymbolTicker> {
    throw RESTBodyError("\(venue.name) has no REST tickers here")
  }

  /// A snapshot body the venue's frames decoder reads as it is.
  public func decodeSnapshot(
    _ body: UnsafeBufferPointer<UInt8>, symbol: Symbol, receivedAt: Int64, into batch: inout VenueBatch
  ) throws(WireError) {
    try decode(body, receivedAt: receivedAt, into: &batch)
  }
}
