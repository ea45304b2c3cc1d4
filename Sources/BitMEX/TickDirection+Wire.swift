import MarketModel

extension TickDirection {
  /// The tick direction `matches` finds first among BitMEX's spellings (see
  /// `JSONScanner.readWord`).
  @inline(__always)
  static func spelled(by matches: (BytePattern) -> Bool) -> TickDirection? {
    if matches(Wire.zeroPlusTick) { return .zeroPlusTick }
    if matches(Wire.zeroMinusTick) { return .zeroMinusTick }
    if matches(Wire.plusTick) { return .plusTick }
    if matches(Wire.minusTick) { return .minusTick }
    return nil
  }
}
