/// The venues whose dialects follow the simulator's shared prices (`FollowerWorld`), each at its
/// own WebSocket path of the one server: Coinbase Advanced Trade, Bybit v5 (one endpoint per
/// category) and OKX v5.
enum FollowerVenue: String, Sendable, Hashable, CaseIterable {
  case coinbase
  case bybitSpot = "bybit-spot"
  case bybitLinear = "bybit-linear"
  case bybitInverse = "bybit-inverse"
  case okx

  /// The WebSocket path a client of this venue connects to.
  var webSocketPath: String {
    switch self {
    case .coinbase: "/coinbase/ws"
    case .bybitSpot: "/bybit/v5/public/spot"
    case .bybitLinear: "/bybit/v5/public/linear"
    case .bybitInverse: "/bybit/v5/public/inverse"
    case .okx: "/okx/ws/v5/public"
    }
  }

  /// The venue served at `path` (a request's path without its query), if any.
  init?(webSocketPath path: String) {
    guard let venue = Self.allCases.first(where: { $0.webSocketPath == path }) else { return nil }
    self = venue
  }

  /// Bybit's category name (`spot`, `linear`, `inverse`); nil for the others.
  var bybitCategory: String? {
    switch self {
    case .bybitSpot: "spot"
    case .bybitLinear: "linear"
    case .bybitInverse: "inverse"
    case .coinbase, .okx: nil
    }
  }

  var isBybit: Bool { bybitCategory != nil }
}
