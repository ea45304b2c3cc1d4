import App
import BitMEX
import VenueCore

/// Which instruments `--across ASSET` follows, and where: by default BitMEX's perpetual of the
/// asset against the dollar (its name for the asset, `XBT` for BTC, then `USD`), the asset's
/// spot pair against the dollar on each other venue followed live (`VenueLive.of`), spelled as
/// the venue spells its pairs (Kraken `BTC/USD`, Coinbase `BTC-USD`, Bybit `BTCUSDT`, OKX
/// `BTC-USDT`), and the most liquid perpetual of each venue that has one (Binance USDⓈ-M and
/// Bybit linear `BTCUSDT`, OKX `BTC-USDT-SWAP`), whose contract comes from the venue's REST
/// instruments (`needsFacts`); in `--demo` only the venues the simulator speaks. What is not followed is said in `notes`, with why.
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
    /// Its contract comes from its venue's facts (a perpetual, or any instrument not read as a
    /// spot pair on a spot venue): it stays out of the book until they come.
    var needsFacts = false
  }

  var asset: AssetCode
  var instruments: [Chosen] = []
  var notes: [String] = []

  /// The spot pair of `asset` on `venue` against the dollar (or its stablecoin where the venue
  /// lists that), nil for a venue with no spot market here (BitMEX's is its perpetual:
  /// `BitMEXSpec.dollarPerpetual`).
  static func spotSymbol(_ asset: AssetCode, on venue: Venue) -> String? {
    Venues.about(venue)?.dollarSpotSuffix.map { asset.description + $0 }
  }

  /// The asset's most liquid perpetual against a dollar on `venue`, as the venue spells it; nil
  /// for a venue with none here (BitMEX's is `BitMEXSpec.dollarPerpetual`; Kraken, Coinbase and
  /// the spot venues list none).
  static func perpetualSymbol(_ asset: AssetCode, on venue: Venue) -> String? {
    Venues.about(venue)?.dollarPerpetualSuffix.map { asset.description + $0 }
  }

  /// Whether `key`'s contract must come from its venue's facts: every instrument of a
  /// derivatives venue, and any whose symbol does not read as a spot pair (`BTC-USDT-SWAP`).
  static func needsFacts(_ key: InstrumentKey) -> Bool {
    Venues.about(key.venue)?.contractsOnly == true || AcrossSpec.spot(key) == nil
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
          if !notServed.contains(Venues.displayName(venue)) { notServed.append(Venues.displayName(venue)) }
        } else {
          plan.notes.append("\(key): \(Venues.displayName(venue)) not followed live yet")
        }
        continue
      }
      // Its sizes convert through a spec: a spot pair's read off its symbol; a contract's (a
      // swap's) is never guessed but taken from the venue's REST instruments.
      let needsFacts = needsFacts(key)
      guard !needsFacts || live.restHost != nil else {
        plan.notes.append("\(key): no REST host for its contract's facts, left out")
        continue
      }
      let text = key.symbol.description
      guard let endpoint = live.url(symbol: text) else {
        plan.notes.append("\(Venues.displayName(venue)): no endpoint for \(text)")
        continue
      }
      plan.instruments.append(Chosen(key: key, source: .venue(live), url: endpoint, needsFacts: needsFacts))
    }
    if !notServed.isEmpty {
      plan.notes.append("the demo does not serve \(notServed.joined(separator: ", ")) yet")
    }
    return plan
  }

  /// The default choice for `asset`: BitMEX's perpetual against the dollar, then on every other
  /// venue its spot pair and its perpetual where it lists them here (what is left out is said in
  /// `notes`).
  static func defaultKeys(_ asset: AssetCode, notes: inout [String]) -> [InstrumentKey] {
    var keys: [InstrumentKey] = []
    for venue in Venues.registered.map(\.venue) {
      if venue == .bitmex {
        guard let text = BitMEXSpec.dollarPerpetual(of: asset), let symbol = Symbol(text) else {
          notes.append("BitMEX: no \(asset) perpetual against the dollar here")
          continue
        }
        keys.append(InstrumentKey(venue: venue, symbol: symbol))
        continue
      }
      for text in [spotSymbol(asset, on: venue), perpetualSymbol(asset, on: venue)].compactMap({ $0 }) {
        guard let symbol = Symbol(text) else { continue }
        keys.append(InstrumentKey(venue: venue, symbol: symbol))
      }
    }
    return keys
  }

  /// Why `--record` cannot write this plan's feeds to one file, nil when it can: each line is
  /// tagged with its venue only, so two instruments of one venue whose frames do not all name
  /// their instrument (Coinbase's one counter per connection, a Binance REST snapshot body) could
  /// not be told apart in the replay.
  var recordingProblem: String? {
    let keys = instruments.map(\.key)
    if let bad = keys.first(where: { !AcrossRecording.writable($0) }) {
      return "\(bad) cannot be named in a recording (a space or a control character in it)"
    }
    for venue in Venues.registered.map(\.venue) where Venues.about(venue)?.framesNameTheirInstrument == false
    {
      let same = keys.filter { $0.venue == venue }
      if same.count > 1 {
        return "\(same.map(\.description).joined(separator: " and ")) cannot be recorded together: "
          + "\(Venues.displayName(venue))'s frames do not all name their instrument"
      }
    }
    return nil
  }

  /// The plan a recording of the screen names (`AcrossRecording.plan`): its instruments in its
  /// order, each on its venue's live book rule (BitMEX on its own tables), read from the file.
  static func replaying(asset: AssetCode, keys: [InstrumentKey]) -> AcrossPlan {
    var plan = AcrossPlan(asset: asset)
    for key in keys {
      if key.venue == .bitmex {
        plan.instruments.append(Chosen(key: key, source: .bitmex, url: "replay:"))
      } else if let live = VenueLive.of(key.venue, url: nil) {
        plan.instruments.append(
          Chosen(key: key, source: .venue(live), url: "replay:", needsFacts: needsFacts(key)))
      }
    }
    return plan
  }
}
