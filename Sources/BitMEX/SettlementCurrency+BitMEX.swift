import MarketModel

extension SettlementCurrency {
  /// BitMEX's settlement code `code` as its instrument rows send it: `XBt` counts satoshis (10^8
  /// a XBT), `USDt` millionths of a USDT; any other is a whole currency (`USDT`, `XBT`…). Nil for
  /// a code neither knows.
  public static func bitmex(_ code: String) -> SettlementCurrency? {
    switch code {
    case "XBt": SettlementCurrency(code: code, perWhole: 1e8, wholeName: "XBT")
    case "USDt": SettlementCurrency(code: code, perWhole: 1e6, wholeName: "USDT")
    default: SettlementCurrency(code)
    }
  }
}
