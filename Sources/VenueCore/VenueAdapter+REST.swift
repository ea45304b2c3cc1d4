import WireJSON

extension VenueAdapter {
  /// No REST requests unless the adapter spells them.
  public func restRequests(for intent: RESTIntent) -> [VenueRESTRequest] { [] }

  /// A snapshot body the venue's frames decoder reads as it is.
  public func decodeSnapshot(
    _ body: UnsafeBufferPointer<UInt8>, symbol: Symbol, receivedAt: Int64, into batch: inout VenueBatch
  ) throws(WireError) {
    try decode(body, receivedAt: receivedAt, into: &batch)
  }
}
