import App
import BitMEX
import VenueCore

/// Which instruments `--across ASSET` follows, and where: by default BitMEX's perpetual of the
/// asset against the dollar (XBTUSD) and the asset's spot pair against the dollar on each other
/// venue followed live (`VenueLive.of`), spelled as the venue spells its pairs (Kraken `BTC/USD`,
/// Coinbase `BTC-USD`, Bybit `BTCUSDT`, OKX `BTC-USDT`); in `--demo` only the
/// venues the simulator speaks. What is not followed is said in `notes`, with why.
struct AcrossPlan {
  /// One chosen instrument: its key, how it is followed and the WebSocket it is read from.
  struct Chosen {
    /// BitMEX's own feed (its tables, its book by order id) or another venue's adapter.
    enum Source {
      case bitmex
      case venue(VenueLive)
    }

    var key: InstrumentKey
    var source: Source
    var url: String
  }

  var asset: AssetCode
  var instruments: [Chosen] = []
  var notes: [String] = []

  /// The spot pair of `asset` on `venue` against the dollar (or its stablecoin where the venue
  /// lists that), nil for a venue with no spot market here (BitMEX's is its perpetual:
  /// `BitMEXSpec.dollarPerpetual`).
  static func spotSymbol(_ asset: AssetCode, on venue: Venue) -> String? {
    let a = asset.description
    switch venue {
    case .kraken: return "\(a)/USD"
    case .coinbase: return "\(a)-USD"
    case .bybitSpot: return "\(a)USDT"
    case .okx: return "\(a)-USDT"
    case .binance: return "\(a)USDT"
    case .bitmex, .binanceUSDM, .bybitLinear, .bybitInverse: return nil
    }
  }

  /// The plan for `asset` over `routes` (each venue's own endpoints, or in a demo the
  /// simulator's dialects: a venue it does not serve is said in `notes`); `configured` (the
  /// config's `[across.ASSET] instruments`) instead of the default choice.
  static func make(
    asset: AssetCode, routes: VenueRoutes, demo: Bool, configured: [InstrumentKey]? = nil
  ) -> AcrossPlan {
    var plan = AcrossPlan(asset: asset)
    var notServed: [String] = []
    let keys = configured ?? defaultKeys(asset, notes: &plan.notes)
    for key in keys {
      let venue = key.venue
      if venue == .bitmex {
        plan.instruments.append(Chosen(key: key, source: .bitmex, url: routes.bitmexWebSocket))
        continue
      }
      guard let live = routes.venues[venue] else {
        if demo {
          if !notServed.contains(venue.displayName) { notServed.append(venue.displayName) }
        } else {
          plan.notes.append("\(key): \(venue.displayName) not followed live yet")
        }
        continue
      }
      // Its sizes convert through a spec: read off a spot symbol until the venue's facts are
      // loaded here; a contract's (a swap's) is never guessed.
      guard AcrossSpec.spot(key) != nil else {
        plan.notes.append("\(key): its contract is not known here yet, left out")
        continue
      }
      let text = key.symbol.description
      guard let endpoint = live.url(symbol: text) else {
        plan.notes.append("\(venue.displayName): no endpoint for \(text)")
        continue
      }
      plan.instruments.append(Chosen(key: key, source: .venue(live), url: endpoint))
    }
    if !notServed.isEmpty {
      plan.notes.append("the demo does not serve \(notServed.joined(separator: ", ")) yet")
    }
    return plan
  }

  /// The default choice for `asset`: BitMEX's perpetual against the dollar, then the spot pair
  /// of every other venue that lists one here (what is left out is said in `notes`).
  static func defaultKeys(_ asset: AssetCode, notes: inout [String]) -> [InstrumentKey] {
    var keys: [InstrumentKey] = []
    for venue in Venue.allCases {
      let text = venue == .bitmex ? BitMEXSpec.dollarPerpetual(of: asset) : spotSymbol(asset, on: venue)
      guard let text, let symbol = Symbol(text) else {
        if venue == .bitmex { notes.append("BitMEX: no \(asset) perpetual against the dollar here") }
        continue
      }
      keys.append(InstrumentKey(venue: venue, symbol: symbol))
    }
    return keys
  }
}
