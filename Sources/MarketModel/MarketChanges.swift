/// What one `MarketState.apply(_:)` changed, so that no view or front end scans the batch again:
/// the faults to answer with a resync, the trades the tape took, and which tables moved. The
/// prices of the book levels that changed are in `MarketState.changedPrices` (kept in the state so
/// that their storage is reused).
public struct MarketChanges: Sendable, Hashable {
  /// Book messages that did not fit: resync each fault's topic.
  public var faults: [IntegrityFault] = []
  /// Trades of this symbol the tape took (partials included; duplicates excluded).
  public var newTrades = 0
  /// Trades of this symbol the tape took from updates (not partials): the ones to highlight.
  public var liveTrades = 0
  /// A book partial or delta of this symbol was applied.
  public var bookChanged = false
  /// The instrument (prices, funding, facts) changed.
  public var instrumentChanged = false
  /// A quote of this symbol arrived.
  public var quotesChanged = false

  public init() {}

  /// Whether anything this symbol shows changed.
  public var anything: Bool {
    !faults.isEmpty || newTrades > 0 || bookChanged || instrumentChanged || quotesChanged
  }
}
