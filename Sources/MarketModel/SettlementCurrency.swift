/// A settlement currency as BitMEX names it, with its scale: `XBt` is satoshis (10^8 a XBT),
/// `USDt` millionths of a USDT; `XBT`, `USDT`, `USD`, `USDC` and `EUR` are whole. The one table
/// the markets list (USD values) and the ticket (contract maths) both read.
public struct SettlementCurrency: Sendable, Hashable {
  /// How its amounts turn into US dollars.
  public enum Valuation: Sendable, Hashable {
    /// Bitcoin: at the XBT price.
    case bitcoin
    /// A US dollar or a dollar stablecoin: at par.
    case dollar
    /// Neither (`EUR`): no USD value here.
    case none
  }

  /// The code as sent (`XBt`).
  public var code: String
  /// Settlement units per whole currency (10^8 for `XBt`).
  public var perWhole: Double
  /// The whole currency's name (`XBT` for `XBt`, `USDT` for `USDt`).
  public var wholeName: String
  public var valuation: Valuation

  /// The currency `code`; nil for one this does not know.
  public init?(_ code: String?) {
    guard let code else { return nil }
    switch code {
    case "XBt": (perWhole, wholeName, valuation) = (1e8, "XBT", .bitcoin)
    case "XBT": (perWhole, wholeName, valuation) = (1, "XBT", .bitcoin)
    case "USDt": (perWhole, wholeName, valuation) = (1e6, "USDT", .dollar)
    case "USDT", "USD", "USDC": (perWhole, wholeName, valuation) = (1, code, .dollar)
    case "EUR": (perWhole, wholeName, valuation) = (1, code, .none)
    default: return nil
    }
    self.code = code
  }

  /// The USD value of `amount` settlement units: nil for a currency with no USD value here, or
  /// for Bitcoin when `usdPerXBT` is nil.
  public func usd(_ amount: Double, usdPerXBT: Double?) -> Double? {
    let whole = amount / perWhole
    switch valuation {
    case .dollar: return whole
    case .bitcoin: return usdPerXBT.map { whole * $0 }
    case .none: return nil
    }
  }
}
