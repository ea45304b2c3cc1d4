import MarketModel
import TestSupport

@testable import Screen

/// Market data shared by the widget tests.
enum Fixtures {
  /// 2024-01-01 12:01:05.123 UTC.
  static let noon: Int64 = 1_704_067_200_000 + 12 * 3_600_000 + 65_123

  /// Asks, best first.
  static let asks: [PriceLevel] = [
    PriceLevel(price: 50_000.5, size: 1_200), PriceLevel(price: 50_001.0, size: 3_400),
    PriceLevel(price: 50_001.5, size: 250), PriceLevel(price: 50_002.0, size: 10_000),
    PriceLevel(price: 50_003.0, size: 4_000), PriceLevel(price: 50_005.5, size: 75_000),
  ]

  /// Bids, best first.
  static let bids: [PriceLevel] = [
    PriceLevel(price: 50_000.0, size: 4_242), PriceLevel(price: 49_999.5, size: 300),
    PriceLevel(price: 49_999.0, size: 12_000), PriceLevel(price: 49_998.0, size: 800),
    PriceLevel(price: 49_997.5, size: 25_000), PriceLevel(price: 49_995.0, size: 100_000),
  ]

  /// The book engine holding `asks` and `bids`.
  static var book: PriceBook {
    PriceBook.contracts(bids: bids.map { ($0.price, $0.size) }, asks: asks.map { ($0.price, $0.size) })
  }

  /// Trades newest first, 137 ms apart, ending at `noon`.
  static let trades: [Trade] = [
    Trade(timeMs: noon, symbol: "XBTUSD", side: .buy, size: 4_242, price: 50_000.5),
    Trade(timeMs: noon - 136, symbol: "XBTUSD", side: .sell, size: 300, price: 50_000.0),
    Trade(timeMs: noon - 1_000, symbol: "XBTUSD", side: .sell, size: 125_000, price: 49_999.5),
    Trade(timeMs: noon - 2_500, symbol: "XBTUSD", side: .buy, size: 10, price: 50_001.0),
    Trade(timeMs: noon - 61_000, symbol: ".BXBT", side: nil, size: 0, price: 50_002.25),
  ]

  /// 1-minute buckets whose closes climb, dip and recover.
  static let buckets: [Candle] = {
    let closes: [Double] = [100, 101, 103, 104, 102, 99, 97, 98, 101, 105, 108, 107, 106, 109, 110, 108]
    return closes.enumerated().map { i, close in
      Candle(
        startMs: Int64(i) * 60_000, open: close, high: close + 0.5, low: close - 0.5, close: close, volume: 10
      )
    }
  }()

  /// Every line of `grid`, for whole-line comparisons.
  static func lines(_ grid: Grid) -> [String] { (0..<grid.height).map(grid.line) }
}
