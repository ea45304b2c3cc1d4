/// Which way a row's last price went on its latest change: what the markets screen flashes.
public enum PriceMove: UInt8, Sendable, Hashable {
  /// No move seen yet.
  case none
  case up
  case down
}
