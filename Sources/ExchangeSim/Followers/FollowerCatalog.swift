/// What each follower venue lists: BTC and ETH with a book and a tape (following XBTUSD and
/// ETHUSD), SOL, XRP, DOGE and LINK with a ticker only (following the simulator's USDT
/// perpetuals), each at the venue's own tick, lot and size units and a small basis of its own.
enum FollowerCatalog {
  /// A listing; `booked` for BTC and ETH.
  private static func make(
    _ venue: FollowerVenue, _ symbol: String, _ reference: String, _ base: String, _ quote: String,
    basis: Double, price: (Int, Int64), size: (Int, Int64), contract: FollowerListing.Contract = .base
  ) -> FollowerListing {
    FollowerListing(
      venue: venue, symbol: symbol, reference: reference, base: base, quote: quote, basis: basis,
      priceDecimals: price.0, tickUnits: price.1, sizeDecimals: size.0, lotUnits: size.1, contract: contract,
      booked: base == "BTC" || base == "ETH")
  }

  /// The alt coins every venue lists ticker-only: base, reference, price decimals.
  private static let alts: [(String, String, Int)] = [
    ("SOL", "SOLUSDT", 2), ("XRP", "XRPUSDT", 4), ("DOGE", "DOGEUSDT", 5), ("LINK", "LINKUSDT", 3),
  ]

  static let coinbase: [FollowerListing] =
    [
      make(.coinbase, "BTC-USD", "XBTUSD", "BTC", "USD", basis: -0.0002, price: (2, 1), size: (8, 1)),
      make(.coinbase, "ETH-USD", "ETHUSD", "ETH", "USD", basis: -0.0003, price: (2, 1), size: (8, 1)),
    ]
    + alts.map { base, reference, decimals in
      make(
        .coinbase, "\(base)-USD", reference, base, "USD", basis: -0.0004, price: (decimals, 1), size: (6, 1))
    }

  static func bybit(_ venue: FollowerVenue) -> [FollowerListing] {
    switch venue {
    case .bybitSpot:
      return [
        make(venue, "BTCUSDT", "XBTUSD", "BTC", "USDT", basis: 0.0001, price: (2, 1), size: (6, 1)),
        make(venue, "ETHUSDT", "ETHUSD", "ETH", "USDT", basis: 0.0001, price: (2, 1), size: (5, 1)),
      ]
        + alts.map { base, reference, decimals in
          make(
            venue, "\(base)USDT", reference, base, "USDT", basis: 0.0001, price: (decimals, 1), size: (4, 1))
        }
    case .bybitLinear:
      return [
        make(venue, "BTCUSDT", "XBTUSD", "BTC", "USDT", basis: 0.0004, price: (2, 10), size: (3, 1)),
        make(venue, "ETHUSDT", "ETHUSD", "ETH", "USDT", basis: 0.0004, price: (2, 1), size: (2, 1)),
      ]
        + alts.map { base, reference, decimals in
          make(
            venue, "\(base)USDT", reference, base, "USDT", basis: 0.0005, price: (decimals, 1), size: (1, 1))
        }
    case .bybitInverse:
      return [
        make(
          venue, "BTCUSD", "XBTUSD", "BTC", "USD", basis: 0.0003, price: (1, 5), size: (0, 1),
          contract: .inverse(value: 1)),
        make(
          venue, "ETHUSD", "ETHUSD", "ETH", "USD", basis: 0.0003, price: (2, 5), size: (0, 1),
          contract: .inverse(value: 1)),
      ]
    case .coinbase, .okx:
      return []
    }
  }

  static let okx: [FollowerListing] =
    [
      make(.okx, "BTC-USDT", "XBTUSD", "BTC", "USDT", basis: 0.0001, price: (1, 1), size: (8, 1)),
      make(.okx, "ETH-USDT", "ETHUSD", "ETH", "USDT", basis: 0.0001, price: (2, 1), size: (6, 1)),
      make(
        .okx, "BTC-USDT-SWAP", "XBTUSD", "BTC", "USDT", basis: 0.0005, price: (1, 1), size: (2, 1),
        contract: .linear(value: 0.01)),
      make(
        .okx, "ETH-USDT-SWAP", "ETHUSD", "ETH", "USDT", basis: 0.0005, price: (2, 1), size: (2, 1),
        contract: .linear(value: 0.1)),
      make(
        .okx, "BTC-USD-SWAP", "XBTUSD", "BTC", "USD", basis: 0.0004, price: (1, 1), size: (0, 1),
        contract: .inverse(value: 100)),
      make(
        .okx, "ETH-USD-SWAP", "ETHUSD", "ETH", "USD", basis: 0.0004, price: (2, 1), size: (0, 1),
        contract: .inverse(value: 10)),
    ]
    + alts.map { base, reference, decimals in
      make(.okx, "\(base)-USDT", reference, base, "USDT", basis: 0.0001, price: (decimals, 1), size: (6, 1))
    }

  /// Every listing of every follower venue.
  static var all: [FollowerListing] {
    coinbase + bybit(.bybitSpot) + bybit(.bybitLinear) + bybit(.bybitInverse) + okx
  }
}
