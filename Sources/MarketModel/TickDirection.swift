/// How a trade's price compares with the previous trade's.
public enum TickDirection: UInt8, Sendable, Hashable {
  case plusTick
  case zeroPlusTick
  case minusTick
  case zeroMinusTick

  /// Whether the price went (or last went) up.
  public var isUp: Bool { self == .plusTick || self == .zeroPlusTick }
}
