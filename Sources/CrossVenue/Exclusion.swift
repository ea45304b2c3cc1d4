import VenueCore

/// Why a chosen instrument is left out of the consolidated book (and of the spread matrix): what
/// the venue strip says in its last column.
public enum Exclusion: Error, Sendable, Hashable, CustomStringConvertible {
  /// The connection is down.
  case down
  /// No snapshot yet.
  case waiting
  /// The instrument's facts (its contract) have not come from its venue yet: its sizes cannot
  /// be converted to the base asset.
  case factsPending
  /// The book failed a check and a fresh one was asked for.
  case resyncing(BookSyncFault)
  /// Nothing heard for longer than the stale limit (both in nanoseconds).
  case stale(ageNs: Int64, limitNs: Int64)
  /// The instrument's base asset is not the one consolidated.
  case otherAsset(AssetCode)
  /// A quanto contract without the settlement rate its base quantity needs.
  case noSettleRate(AssetCode)
  /// Its prices or sizes cannot be brought to the consolidated units without overflow.
  case outOfRange

  public var description: String {
    switch self {
    case .down: "connection down"
    case .waiting: "waiting for a snapshot"
    case .factsPending: "facts pending"
    case .resyncing(let fault): "resyncing: \(fault)"
    case let .stale(age, limit):
      "stale: \(Self.seconds(age)) old, limit \(Self.seconds(limit))"
    case .otherAsset(let asset): "base is \(asset)"
    case .noSettleRate(let asset): "quanto: no \(asset) rate"
    case .outOfRange: "numbers out of range"
    }
  }

  /// The short form for a narrow column.
  public var short: String {
    switch self {
    case .down: "down"
    case .waiting: "no snapshot"
    case .factsPending: "no facts"
    case .resyncing: "resyncing"
    case .stale: "stale"
    case .otherAsset: "other asset"
    case .noSettleRate: "no rate"
    case .outOfRange: "out of range"
    }
  }

  /// Nanoseconds as seconds with one decimal (`2.5s`), whole seconds past a minute.
  static func seconds(_ ns: Int64) -> String {
    let tenths = ns / 100_000_000
    if tenths >= 600 { return "\(tenths / 10)s" }
    return "\(tenths / 10).\(tenths % 10)s"
  }
}
