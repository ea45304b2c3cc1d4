/// A settlement currency, with its scale: what profit and margin are paid in, counted in units of
/// `1 / perWhole` of a whole currency (a venue may count Bitcoin in satoshis, 10^8 a bitcoin, or
/// USDT in millionths). The one type the markets list (USD values) and the ticket (contract maths)
/// both read; what a whole unit is worth in USD is `Rates`' business, by the canonical `asset`.
///
/// Whole codes (`XBT`, `BTC`, `USDT`, `USD`, `USDC`, `EUR`) are known here; a venue that counts in
/// fractions says so in its adapter, which makes the value with `init(code:perWhole:wholeName:)`
/// when it reads the code (`InstrumentFields.settlement`).
public struct SettlementCurrency: Sendable, Hashable {
  /// The code as the venue sends it.
  public var code: String
  /// Settlement units per whole currency (10^8 for satoshis).
  public var perWhole: Double
  /// The whole currency's name (`XBT` for satoshis, `USDT` for its millionths).
  public var wholeName: String
  /// The asset it counts (`BTC` for satoshis, `USDT` for its millionths).
  public var asset: AssetCode

  /// The whole currency `code` (one unit is one coin or one dollar); nil for one this does not
  /// know.
  public init?(_ code: String?) {
    guard let code else { return nil }
    switch code {
    case "XBT", "BTC", "USDT", "USD", "USDC", "EUR": self.init(code: code, perWhole: 1, wholeName: code)
    default: return nil
    }
  }

  /// A currency sent as `code`, counted in units of `1 / perWhole` of `wholeName`; nil when the
  /// name is no asset code or the scale is not a positive finite number.
  public init?(code: String, perWhole: Double, wholeName: String) {
    guard perWhole > 0, perWhole.isFinite, let asset = AssetCode(wholeName) else { return nil }
    self.code = code
    self.perWhole = perWhole
    self.wholeName = wholeName
    self.asset = asset
  }

  /// The USD value of `amount` settlement units at `rates`: nil when its asset has no rate there
  /// (EUR; Bitcoin without a price).
  public func usd(_ amount: Double, rates: Rates) -> Double? {
    rates.usd(amount / perWhole, of: asset)
  }
}
