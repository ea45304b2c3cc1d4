/// How fast one venue's booked markets move in the simulator: book steps and trades a second of
/// each of its instruments with a book (a depth-limited topic sends a frame for a step only when
/// the step shows in its depth, so its frames come at most this often).
public struct SimPace: Sendable, Hashable {
  /// Book steps a second (each one to a few changed levels).
  public var book: Double
  /// Taker orders a second, on average (each prints one trade or a few at neighbouring prices).
  public var trades: Double

  public init(book: Double, trades: Double) {
    self.book = book
    self.trades = trades
  }
}
