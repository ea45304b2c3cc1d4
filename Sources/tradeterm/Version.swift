/// tradeterm's own version, printed by `--version`.
enum TradetermVersion {
  static let current = "0.1.0"
}
