/// One instrument a follower venue lists: its name and facts as the venue states them, the
/// simulator instrument whose prices it follows, and the grid its book lives on.
///
/// Prices are held in units of 10^-priceDecimals and sizes in units of 10^-sizeDecimals
/// (`SimLevel.ticks` and `.size`), so every number is written as exact decimal text.
struct FollowerListing: Sendable, Hashable {
  /// How a size unit relates to money.
  enum Contract: Sendable, Hashable {
    /// Sizes in the base asset (spot, Bybit linear).
    case base
    /// Contracts worth `value` of the base asset each (OKX USDT swaps).
    case linear(value: Double)
    /// Contracts worth `value` of the quote currency each (inverse swaps: USD).
    case inverse(value: Double)
  }

  let venue: FollowerVenue
  /// The venue's name for it: `BTC-USD`, `BTCUSDT`, `BTC-USDT-SWAP`.
  let symbol: String
  /// The simulator instrument it follows (`XBTUSD`).
  let reference: String
  let base: String
  let quote: String
  /// Its price over the reference's, minus one: a small, fixed basis.
  let basis: Double
  let priceDecimals: Int
  /// The tick in price units.
  let tickUnits: Int64
  let sizeDecimals: Int
  /// The lot (size step) in size units.
  let lotUnits: Int64
  let contract: Contract
  /// Whether it has a book and a tape here (else a ticker and a listing only).
  let booked: Bool
  /// Levels per side its book keeps.
  var levels = 1_100

  /// 10^priceDecimals as a Double.
  var pricePerOne: Double { Self.power(priceDecimals) }
  var sizePerOne: Double { Self.power(sizeDecimals) }

  /// The tick and lot as decimal text (`0.01`).
  var tickText: String { FollowerText.decimal(tickUnits, priceDecimals) }
  var lotText: String { FollowerText.decimal(lotUnits, sizeDecimals) }

  /// `price` on the tick grid, as decimal text.
  func priceText(_ price: Double) -> String {
    let units = price * pricePerOne / Double(tickUnits)
    guard units.isFinite, abs(units) < 1e15 else { return "0" }
    return FollowerText.decimal(Int64(units.rounded()) * tickUnits, priceDecimals)
  }

  /// What one size unit is worth in the quote currency at `price`.
  func unitValue(price: Double) -> Double {
    let unit = 1 / sizePerOne
    switch contract {
    case .base: return unit * price
    case .linear(let value): return unit * value * price
    case .inverse(let value): return unit * value
    }
  }

  static func power(_ n: Int) -> Double {
    var p = 1.0
    for _ in 0..<max(0, n) { p *= 10 }
    return p
  }
}
