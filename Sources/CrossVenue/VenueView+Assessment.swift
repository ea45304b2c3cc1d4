extension VenueView {
  /// The instrument's state at `now`, and why its book may not be merged (nil: it may). The one
  /// rule the consolidated book, the strip and the matrix share: down before syncing before
  /// stale, so the strip names the first thing to fix.
  public func assess(now: Int64) -> (state: VenueState, exclusion: Exclusion?) {
    guard linkUp else { return (.down, .down) }
    // Without its contract its sizes mean nothing in the base asset, whatever its book does.
    if factsPending { return (.syncing, .factsPending) }
    switch sync {
    case .waiting: return (.syncing, .waiting)
    case .resyncing(let fault): return (.syncing, .resyncing(fault))
    case .live: break
    }
    guard let age = ageNs(now: now) else { return (.syncing, .waiting) }
    if age > staleAfterNs { return (.stale, .stale(ageNs: age, limitNs: staleAfterNs)) }
    return (.live, nil)
  }
}
