/// A Kraken book as the simulator holds it, best first, each number as the text the dialect
/// sends (`63005.0`, `0.00005100`): what a test compares a client's book with.
public struct KrakenBookText: Sendable, Hashable {
  /// One level.
  public struct Level: Sendable, Hashable, CustomStringConvertible {
    public var price: String
    public var qty: String
    public var description: String { "\(price)×\(qty)" }
  }

  public var bids: [Level]
  public var asks: [Level]
}
