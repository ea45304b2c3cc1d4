import Trading

/// The portfolio screen's slice of the state (`P`, `AppScreen.portfolio`): the positions the user
/// holds (from `--positions FILE` or the config's `[[positions]]`) and where they came from, and
/// the first row shown. Paper positions come from `AppState.paper`'s fills.
public struct PortfolioState: Sendable, Hashable {
  /// The positions from the file, in its order.
  public var held: [HeldPosition] = []
  /// The file they came from, for the title (nil: none given).
  public var fileName: String?
  /// The first position row shown.
  public var first = 0

  public init() {}
}
