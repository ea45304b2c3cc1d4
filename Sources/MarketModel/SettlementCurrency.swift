/// A settlement currency as BitMEX's instrument rows name it, with its scale: Bitcoin counted in
/// satoshis (10^8 a XBT), USDT in millionths; `XBT`, `USDT`, `USD`, `USDC` and `EUR` whole. The
/// one table the markets list (USD values) and the ticket (contract maths) both read; what a
/// whole unit is worth in USD is `Rates`' business, by the canonical `asset`.
public struct SettlementCurrency: Sendable, Hashable {
  /// The code as sent.
  public var code: String
  /// Settlement units per whole currency (10^8 for satoshis).
  public var perWhole: Double
  /// The whole currency's name (`XBT` for satoshis, `USDT` for its millionths).
  public var wholeName: String
  /// The asset it counts (`BTC` for satoshis, `USDT` for its millionths).
  public var asset: AssetCode

  /// The currency `code`; nil for one this does not know.
  public init?(_ code: String?) {
    guard let code else { return nil }
    switch code {
    case "XBt": (perWhole, wholeName) = (1e8, "XBT")
    case "XBT": (perWhole, wholeName) = (1, "XBT")
    case "USDt": (perWhole, wholeName) = (1e6, "USDT")
    case "USDT", "USD", "USDC", "EUR": (perWhole, wholeName) = (1, code)
    default: return nil
    }
    guard let asset = AssetCode(wholeName) else { return nil }
    self.asset = asset
    self.code = code
  }

  /// The USD value of `amount` settlement units at `rates`: nil when its asset has no rate there
  /// (EUR; Bitcoin without a price).
  public func usd(_ amount: Double, rates: Rates) -> Double? {
    rates.usd(amount / perWhole, of: asset)
  }
}
