import VenueCore
import WireJSON

/// Coinbase's tickers → `SymbolTicker`s: the products body (`/api/v3/brokerage/market/products`)
/// again, whose rows carry `price`, `price_percentage_change_24h` (in percent) and `volume_24h`
/// (in the base asset). No best bid and ask, no 24 h high or low: Coinbase's keyless REST has no
/// ticker of every product.
public enum CoinbaseTickers {
  public static func decode(products body: WireValue) throws(RESTBodyError) -> VenueRows<SymbolTicker> {
    guard let rows = body["products"]?.array else {
      throw RESTBodyError(body["message"]?.text.map { "Coinbase: \($0)" } ?? "no products array")
    }
    var out = VenueRows<SymbolTicker>()
    for row in rows {
      let name = row["product_id"]?.text ?? "?"
      guard row["product_id"]?.text != nil, let symbol = Symbol(name), !symbol.isEmpty else {
        out.errors.append("\(name.prefix(40)): no product_id")
        continue
      }
      do throws(RESTBodyError) {
        var t = VenueTicker()
        try t.read(row, names: [("price", \.last), ("volume_24h", \.volume24h)])
        t.changeFraction24h = try VenueTicker.decimal(
          row["price_percentage_change_24h"], "price_percentage_change_24h"
        ).map(VenueTicker.fraction(percent:))
        out.rows.append(SymbolTicker(symbol, t))
      } catch {
        out.errors.append("\(name): \(error.reason)")
      }
    }
    return out
  }
}
