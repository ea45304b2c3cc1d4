import VenueCore

/// A spot spec read off an instrument's symbol, for a venue whose instrument facts are not
/// loaded: the base and quote the symbol spells (`BTC/USD`, `BTC-USD`, `BTC-USDT`, `BTCUSDT`),
/// through `AssetCode` (so Kraken's `XBT` is `BTC`), one unit of size one unit of the base. Only
/// a spot pair reads so: a symbol with more parts (`BTC-USDT-SWAP`) or no quote it knows gives
/// nil, never a guess at a contract.
public enum AcrossSpec {
  /// Quotes a symbol without a separator may end in, longest first (`USDT` before `USD`).
  static let quotes = ["USDT", "USDC", "USD", "EUR", "GBP", "BTC"]

  /// The spot spec of `key`, or nil when its symbol does not read as base and quote.
  public static func spot(_ key: InstrumentKey) -> InstrumentSpec? {
    guard let (base, quote) = assets(key.symbol.description), base != quote else { return nil }
    // Tick and lot stand for the book's decimals (the view puts them in): one unit here.
    let one = FixedDecimal(mantissa: 1, scale: 0)
    return InstrumentSpec(
      key: key, kind: .spot, base: base, quote: quote, settle: quote, tickSize: one, lotSize: one,
      contract: .base)
  }

  /// The base and quote `symbol` spells, or nil.
  static func assets(_ symbol: String) -> (AssetCode, AssetCode)? {
    let parts = symbol.split(omittingEmptySubsequences: false) { $0 == "/" || $0 == "-" }
    if parts.count == 2 {
      guard let base = AssetCode(String(parts[0])), let quote = AssetCode(String(parts[1])) else {
        return nil
      }
      return (base, quote)
    }
    guard parts.count == 1 else { return nil }
    let upper = symbol.uppercased()
    for q in quotes where upper.hasSuffix(q) && upper.count > q.count {
      guard let base = AssetCode(String(upper.dropLast(q.count))), let quote = AssetCode(q) else {
        return nil
      }
      return (base, quote)
    }
    return nil
  }
}
