/// A price of the user's own drawn across the chart: a position's entry, an alert's level, a
/// resting paper order.
public struct ChartMark: Sendable, Hashable {
  public enum Kind: Sendable, Hashable {
    /// The entry price of a held position.
    case entry
    /// A price alert's level.
    case alert
    /// A resting paper limit order: a bid (buy) or an offer (sell).
    case order(buy: Bool)
  }

  public var price: Double
  public var kind: Kind

  public init(price: Double, kind: Kind) {
    self.price = price
    self.kind = kind
  }

  /// The letter on the axis: `E` entry, `A` alert, `B`/`S` an order's side.
  public var letter: Character {
    switch kind {
    case .entry: "E"
    case .alert: "A"
    case .order(let buy): buy ? "B" : "S"
    }
  }

  /// Its colour: the entry in the accent colour, an alert as a warning, an order its side's.
  public var style: Style {
    switch kind {
    case .entry: Style(.accent, bold: true)
    case .alert: Style(.warning)
    case .order(let buy): Style(buy ? .buy : .sell)
    }
  }
}
