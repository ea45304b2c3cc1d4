/// Why a venue's candles could not be read: the body as a whole (an error the venue answered
/// with, a shape not its own) or one row, which it names by its place in the body.
public struct CandleError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The row, counted from 0 in the order the venue sent them; nil for the body as a whole.
  public var row: Int?
  public var reason: String

  public init(row: Int? = nil, _ reason: String) {
    self.row = row
    self.reason = reason
  }

  public var description: String {
    row.map { "candle row \($0): \(reason)" } ?? "candles: \(reason)"
  }
}
