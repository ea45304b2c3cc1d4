import VenueCore

/// What the consolidated book made of one chosen instrument at its last update: its state and
/// age, whether it was merged (no `exclusion`), and which quote group it belongs to.
public struct VenueStatus: Sendable, Hashable {
  public var key: InstrumentKey
  public var state: VenueState
  /// How old its book was (nanoseconds), nil before a first snapshot.
  public var ageNs: Int64?
  /// Why it was left out; nil when merged.
  public var exclusion: Exclusion?
  /// Its group's position in `ConsolidatedBook.groups`; nil for another asset's instrument.
  public var group: Int?

  public init(key: InstrumentKey, state: VenueState, ageNs: Int64?, exclusion: Exclusion?, group: Int?) {
    self.key = key
    self.state = state
    self.ageNs = ageNs
    self.exclusion = exclusion
    self.group = group
  }

  /// Whether its book is in the consolidation.
  public var isMerged: Bool { exclusion == nil }
}
