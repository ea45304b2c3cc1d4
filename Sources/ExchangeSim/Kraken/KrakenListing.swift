import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// The pairs the simulator's Kraken dialect lists: every root of `SimUniverse.table` against
/// USD, plus BTC and ETH against USDT and EUR (about sixty). The pairs whose price follows one
/// of the default instruments (BTC/USD ← XBTUSD, ETH/USD ← ETHUSD, SOL/USD ← SOLUSDT, …) have a
/// book and a tape from the start; the others are ticker-only until a client subscribes their
/// book or trades.
public enum KrakenListing {
  /// REST spellings of the assets Kraken still names the legacy way (`XXBT`, `ZUSD`).
  static let legacyCodes: [String: String] = [
    "BTC": "XXBT", "ETH": "XETH", "LTC": "XLTC", "XRP": "XXRP", "XLM": "XXLM", "ETC": "XETC", "DOGE": "XXDG",
    "USD": "ZUSD", "EUR": "ZEUR",
  ]

  /// The REST altname spelling of an asset (`BTC` is `XBT`, `DOGE` is `XDG`).
  static let altCodes: [String: String] = ["BTC": "XBT", "DOGE": "XDG"]

  /// The default instruments the USD pairs follow, by root.
  static let followed: [String: String] = [
    "XBT": "XBTUSD", "ETH": "ETHUSD", "SOL": "SOLUSDT", "XRP": "XRPUSDT", "DOGE": "DOGEUSDT",
    "LINK": "LINKUSDT",
  ]

  /// Every pair listed.
  public static let pairs: [KrakenPair] = {
    var out: [KrakenPair] = []
    for row in SimUniverse.table {
      let base = row.root == "XBT" ? "BTC" : row.root
      out.append(
        pair(
          base, "USD", usd: row.usd, volume: row.volume * 1e6 * 0.05,
          follows: followed[row.root] ?? row.root + "USDT", ratio: 1))
    }
    out.append(pair("BTC", "USDT", usd: 98_000, volume: 40e6, follows: "XBTUSDT", ratio: 1))
    out.append(pair("ETH", "USDT", usd: 3_500, volume: 15e6, follows: "ETHUSDT", ratio: 1))
    out.append(pair("BTC", "EUR", usd: 98_000 * 0.92, volume: 30e6, follows: "XBTUSD", ratio: 0.92))
    out.append(pair("ETH", "EUR", usd: 3_500 * 0.92, volume: 10e6, follows: "ETHUSD", ratio: 0.92))
    return out
  }()

  /// The pair `symbol` (`BTC/USD`), if listed.
  public static func pair(_ symbol: String) -> KrakenPair? { index[symbol].map { pairs[$0] } }

  static let index: [String: Int] = Dictionary(
    pairs.enumerated().map { ($0.element.symbol, $0.offset) }, uniquingKeysWith: { a, _ in a })

  /// A pair at `price` (in the quote currency): about five significant digits of price, eight
  /// decimals of quantity, a minimum order worth about 5 in the quote.
  static func pair(
    _ base: String, _ quote: String, usd price: Double, volume: Double, follows: String, ratio: Double
  ) -> KrakenPair {
    let restBase = legacyCodes[base] ?? base
    let restQuote = legacyCodes[quote] ?? quote
    let legacy = legacyCodes[base] != nil && legacyCodes[quote] != nil
    let altBase = altCodes[base] ?? base
    let precision = max(1, min(10, 5 - Int(log10(price).rounded(.down))))
    // Eight decimals of quantity, fewer for the cheapest coins (PEPE has four): a quantity unit
    // stays worth about 10^-9 in the quote or more, so a day's volume in units stays far from
    // Int64's limit.
    let qtyPrecision = max(0, min(8, 9 + Int(log10(price).rounded(.down))))
    // About 5 in the quote currency, one significant digit.
    let minQty = 5 / price
    let magnitude = pow(10, log10(minQty).rounded(.down))
    let minUnits = max(1, Int64((minQty / magnitude).rounded() * magnitude * pow(10, Double(qtyPrecision))))
    return KrakenPair(
      symbol: "\(base)/\(quote)", restKey: legacy ? restBase + restQuote : altBase + quote,
      altname: altBase + quote, wsname: "\(altBase)/\(quote)", base: base, quote: quote, restBase: restBase,
      restQuote: restQuote, pricePrecision: precision, qtyPrecision: qtyPrecision, minQtyUnits: minUnits,
      follows: follows, ratio: ratio, startPrice: price, quoteVolume24h: volume)
  }
}
