import VenueCore
import WireJSON

/// Kraken's REST tickers → `SymbolTicker`s: the body of `/0/public/Ticker` (every pair), its rows
/// keyed by the REST name (`XXBTZUSD`), named as the feed names them (`BTC/USD`) through the
/// `AssetPairs` body asked with it. Each field is an array: `c` [last, lot], `b`/`a` [price, whole
/// lot, lot size], `v`/`p`/`l`/`h` [today, last 24 h], `o` today's opening price. Kraken's REST
/// ticker has no price of 24 hours ago: the change is reckoned from today's open (00:00 UTC), the
/// WebSocket ticker's is over 24 hours.
public enum KrakenTickers {
  public static func decode(
    assetPairs: WireValue, ticker: WireValue
  ) throws(RESTBodyError) -> VenueRows<
    SymbolTicker
  > {
    let pairs = try result(assetPairs, "AssetPairs")
    let rows = try result(ticker, "Ticker")
    var names: [String: Symbol] = [:]
    for (key, row) in pairs {
      if case .success(let spec) = KrakenInstruments.spec(pair: key, row: row) {
        names[key] = spec.key.symbol
      }
    }
    var out = VenueRows<SymbolTicker>()
    for (key, row) in rows {
      guard let symbol = names[key] else {
        out.errors.append("\(key): not a pair AssetPairs lists")
        continue
      }
      do throws(RESTBodyError) {
        out.rows.append(SymbolTicker(symbol, try Self.ticker(pairRow: row)))
      } catch {
        out.errors.append("\(key): \(error.reason)")
      }
    }
    return out
  }

  /// One pair's row.
  static func ticker(pairRow row: WireValue) throws(RESTBodyError) -> VenueTicker {
    guard row.members != nil else { throw RESTBodyError("not an object") }
    func item(_ name: String, _ index: Int) throws(RESTBodyError) -> FixedDecimal? {
      guard let field = row[name] else { return nil }
      guard let items = field.array else { throw RESTBodyError("\(name) is not an array") }
      return index < items.count ? try VenueTicker.decimal(items[index], name) : nil
    }
    var t = VenueTicker()
    t.last = try item("c", 0)
    t.bid = try item("b", 0)
    t.bidSize = try item("b", 2)
    t.ask = try item("a", 0)
    t.askSize = try item("a", 2)
    t.volume24h = try item("v", 1)
    t.vwap24h = try item("p", 1)
    t.low24h = try item("l", 1)
    t.high24h = try item("h", 1)
    t.open24h = try VenueTicker.decimal(row["o"], "o")
    return t
  }

  /// The `result` object's members, or the venue's error in words.
  static func result(
    _ body: WireValue, _ what: String
  ) throws(RESTBodyError) -> [(key: String, value: WireValue)] {
    if let errors = body["error"]?.array, !errors.isEmpty {
      throw RESTBodyError("\(what): " + errors.compactMap(\.text).joined(separator: "; "))
    }
    guard let members = body["result"]?.members else { throw RESTBodyError("\(what): no result object") }
    return members
  }
}
