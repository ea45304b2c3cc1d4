import VenueCore

extension VenueView {
  /// The view of a book driven by `policy`: its sync state, integrity counts and last change
  /// taken from the policy, as a session holding one `AnyBookSync` per instrument has them.
  public init(
    spec: InstrumentSpec, book: PriceBook, policy: AnyBookSync, lastHeardAt: Int64? = nil,
    staleAfterNs: Int64,
    linkUp: Bool = true, settleRate: FixedDecimal? = nil
  ) {
    self.init(
      spec: spec, book: book, sync: policy.state, lastAppliedAt: policy.lastAppliedAt,
      lastHeardAt: lastHeardAt,
      integrity: policy.integrity, staleAfterNs: staleAfterNs, linkUp: linkUp, settleRate: settleRate)
  }
}
