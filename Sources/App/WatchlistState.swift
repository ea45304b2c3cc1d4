import MarketModel

/// The watchlist pane's slice of the state (`W`, issue 29): whether it is open, whether it has
/// the keys, and its selected line (by instrument, so it stays on its favourite when one is
/// starred or unstarred).
public struct WatchlistState: Sendable, Hashable {
  /// The pane is open on the dashboard (and the favourites' tickers are followed).
  public var visible = false
  /// The pane has the keys: ↑/↓ move its selection, Enter opens it. `W` gives them to it, as
  /// do Tab and a click; Tab onwards, a zoom or a click on another pane takes them back.
  public var focused = false
  /// The selected favourite; nil (or one no longer starred) selects the first.
  public var selected: InstrumentID?

  public init() {}

  /// The index of the selected line among `favourites` (0 when it is not there).
  public func cursor(in favourites: [InstrumentID]) -> Int {
    guard let selected else { return 0 }
    return favourites.firstIndex(of: selected) ?? 0
  }

  /// Moves the selection `by` lines within `favourites`.
  public mutating func move(by n: Int, in favourites: [InstrumentID]) {
    guard !favourites.isEmpty else { return }
    selected = favourites[min(max(0, cursor(in: favourites) + n), favourites.count - 1)]
  }
}
