/// A Kraken pair's ticker fields (the `ticker` channel, REST `Ticker`): the day's open, high,
/// low, last, volume and turnover, and the touch. Prices in units of 10^-pricePrecision,
/// quantities in units of 10^-qtyPrecision.
struct KrakenDay: Sendable, Hashable {
  var open: Int64
  var high: Int64
  var low: Int64
  var last: Int64
  var lastQty: Int64 = 0
  /// Base volume over the day, in quantity units.
  var volume: Int64
  /// Σ price × quantity over the day, in price units × base (for the vwap).
  var turnover: Double
  var trades: Int
  var bid: Int64
  var bidQty: Int64
  var ask: Int64
  var askQty: Int64

  /// The volume-weighted price, in price units.
  var vwap: Double {
    volume > 0 ? turnover / Double(volume) : Double(last)
  }

  /// A trade at `price` for `qty`.
  mutating func traded(price: Int64, qty: Int64) {
    last = price
    lastQty = qty
    high = max(high, price)
    low = min(low, price)
    // Saturating: a simulator left running for months must not trap on its volume.
    let (sum, overflow) = volume.addingReportingOverflow(qty)
    volume = overflow ? .max : sum
    turnover += Double(price) * Double(qty)
    trades += 1
  }
}
