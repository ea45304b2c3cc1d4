extension VenueAdapter {
  /// No REST requests unless the adapter spells them.
  public func restRequests(for intent: RESTIntent) -> [VenueRESTRequest] { [] }
}
