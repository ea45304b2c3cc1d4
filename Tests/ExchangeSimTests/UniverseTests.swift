import BitMEX
import ExchangeSim
import Foundation
import MarketModel
import Testing

@testable import ExchangeSim

/// The simulator's wide listing: ~150 instruments of every kind, ticker-only, on REST and the
/// all-symbols `instrument` table.
@Suite struct UniverseTests {
  /// 2026-11-23T21:00:00Z.
  static let nowMs: Int64 = 1_795_467_600_000

  static func config(rate: Double = 1) -> SimConfig {
    var config = SimTest.config()
    config.universe = SimUniverse.extras(nowMs: nowMs)
    config.universeRate = rate
    config.epoch = Date(timeIntervalSince1970: Double(nowMs) / 1000)
    config.startPaused = true
    return config
  }

  @Test func listsEveryKindOnce() {
    let extras = SimUniverse.extras(nowMs: Self.nowMs)
    let all = SimInstrument.defaults + extras
    #expect((140...170).contains(all.count))
    #expect(Set(all.map(\.symbol)).count == all.count)
    #expect(Set(all.map(\.typ)) == ["FFWCSX", "FFCCSX", "IFXXXP", "MRCXXX"])
    #expect(Set(all.map(\.kind)) == [.inverse, .quanto, .linear])
    #expect(Set(all.map(\.quoteCurrency)).isSuperset(of: ["USD", "USDT", "XBT"]))
    #expect(Set(all.filter { !$0.isIndex }.map(\.settlCurrency)) == ["XBt", "USDt"])
    #expect(all.filter(\.isIndex).map(\.symbol).allSatisfy { $0.hasPrefix(".B") })
    for future in all where future.typ == "FFCCSX" {
      #expect(future.expiryMs.map { $0 > Self.nowMs } == true, "\(future.symbol)")
    }
    #expect(all.filter { $0.typ != "FFCCSX" }.allSatisfy { $0.expiryMs == nil })
  }

  @Test(arguments: [
    // After 2026-11-23: December 2026 and March 2027, the last Fridays, 12:00 UTC.
    (Int64(1_795_467_600_000), ["Z26", "H27"], [Int64(1_798_200_000_000), 1_806_062_400_000]),
    // On expiry day after noon, the next two.
    (Int64(1_798_214_400_000), ["H27", "M27"], [Int64(1_806_062_400_000), 1_813_924_800_000]),
  ])
  func quarterlyExpiries(now: Int64, codes: [String], expiries: [Int64]) {
    let q = SimUniverse.quarterlies(after: now, count: 2)
    #expect(q.map(\.code) == codes)
    #expect(q.map(\.ms) == expiries)
  }

  @Test func restListsTheUniverseWithContractFields() throws {
    try SimTest.with(Self.config()) { sim in
      let active = try SimTest.get(sim.port, "/api/v1/instrument/active").json as? [[String: Any]] ?? []
      #expect(active.count == sim.listing.count)
      #expect(active.count > sim.instruments.count + 100)
      let bySymbol = Dictionary(
        active.map { ($0["symbol"] as? String ?? "", $0) }, uniquingKeysWith: { a, _ in a })
      let future = try #require(bySymbol["XBTZ26"])
      #expect(future["typ"] as? String == "FFCCSX")
      #expect(future["expiry"] as? String == "2026-12-25T12:00:00.000Z")
      #expect(future["fundingRate"] is NSNull)
      #expect(future["isInverse"] as? Bool == true)
      #expect(future["underlyingToSettleMultiplier"] as? Double == -100_000_000)
      let quanto = try #require(bySymbol["SOLUSD"])
      #expect(quanto["isQuanto"] as? Bool == true)
      #expect(quanto["fundingRate"] as? Double != nil)
      let spot = try #require(bySymbol["ADA_USDT"])
      #expect(spot["typ"] as? String == "IFXXXP")
      #expect(spot["quoteToSettleMultiplier"] as? Int == 1_000_000)
      let xbtQuoted = try #require(bySymbol["ADAZ26"])
      #expect(xbtQuoted["quoteCurrency"] as? String == "XBT")
      #expect(xbtQuoted["multiplier"] as? Double == 100_000_000)
      for row in active {
        // An index publishes a price and the day's range: no quotes, no volume.
        let index = (row["typ"] as? String)?.hasPrefix("MR") == true
        for key in [
          "tickSize", "lotSize", "multiplier", "maxOrderQty", "takerFee", "lastPrice", "markPrice",
          "prevPrice24h", "lastTickDirection", "state",
        ] + (index ? [] : ["volume24h", "turnover24h", "bidPrice", "askPrice"]) {
          #expect(row[key] != nil && !(row[key] is NSNull), "\(row["symbol"] ?? "?") \(key)")
        }
      }
      let one = try SimTest.get(sim.port, "/api/v1/instrument?symbol=DOTUSDT").json as? [[String: Any]]
      #expect(one?.first?["symbol"] as? String == "DOTUSDT")
    }
  }

  @Test func theUniverseLeavesTheDefaultMarketsAsTheyWere() throws {
    var plain = Self.config()
    plain.universe = []
    let without = try SimTest.with(plain) { sim in
      sim.advanceMarket(ticks: 50)
      return sim.bookSnapshot(symbol: "XBTUSD", depth: 25)
    }
    let with = try SimTest.with(Self.config()) { sim in
      sim.advanceMarket(ticks: 50)
      return sim.bookSnapshot(symbol: "XBTUSD", depth: 25)
    }
    #expect(without.bids == with.bids && without.asks == with.asks)
    #expect(!with.bids.isEmpty)
  }

  /// The all-symbols subscription: a partial of every instrument, then updates with only the
  /// changed fields at about 50 per second over the universe, decoded into a `MarketUniverse`.
  @Test func allSymbolsTableFeedsTheModel() throws {
    try SimTest.with(Self.config()) { sim in
      let ws = try TestWebSocket.connect(port: sim.port, path: "/realtime?subscribe=instrument")
      var decoder = BitMEXDecoder()
      var batch = MarketBatch()
      var universe = MarketUniverse()
      var partialRows = 0
      while universe.sync != .live {
        let frame = try ws.expectFrame()
        guard let json = frame.json, json["table"] as? String == "instrument" else { continue }
        partialRows = (json["data"] as? [Any])?.count ?? 0
        batch.removeAll()
        try decoder.decode(frame.payload, into: &batch)
        universe.apply(batch, now: 0)
      }
      #expect(partialRows == sim.listing.count)
      #expect(universe.count == sim.listing.count)
      // 10 s of market time (the test config runs 100 ticks a second).
      sim.advanceMarket(ticks: 1_000)
      var updates = 0
      var universeUpdates = 0
      var fieldCounts: [Int] = []
      let extras = Set(sim.listing.dropFirst(sim.instruments.count).map(\.symbol))
      for frame in try ws.drainWithPing() {
        guard let json = frame.json, json["table"] as? String == "instrument" else { continue }
        #expect(json["action"] as? String == "update")
        for row in json["data"] as? [[String: Any]] ?? [] {
          updates += 1
          if extras.contains(row["symbol"] as? String ?? "") {
            universeUpdates += 1
            fieldCounts.append(row.count)
          }
        }
        batch.removeAll()
        try decoder.decode(frame.payload, into: &batch)
        universe.apply(batch, now: 1)
      }
      // ~0.36 publications per second per instrument: 140 × 0.36 × 10 s ≈ 500.
      #expect((350...700).contains(universeUpdates), "\(universeUpdates) universe updates in 10 s")
      // Updates carry the changed fields only, never the whole row (~70 keys).
      #expect(fieldCounts.allSatisfy { $0 < 30 })
      #expect(updates > universeUpdates)
      // The contract maths of the simulator and of the model agree: each row's USD volume is near
      // what the table asked for.
      let rates = Rates(
        universe: universe, nowMs: universe.changedAt ?? 0, connected: true,
        bitcoinSources: VenueAbout.bitmex.bitcoinSources)
      #expect(rates.bitcoin != nil)
      for instrument in sim.listing.dropFirst(sim.instruments.count) where !instrument.isIndex {
        let row = try #require(universe.row(Symbol(instrument.symbol)!))
        let usd = try #require(row.instrument.volume24hUSD(rates: rates), "\(instrument.symbol)")
        #expect(
          usd > instrument.usdVolume24h * 0.3 && usd < instrument.usdVolume24h * 3,
          "\(instrument.symbol) \(usd)")
      }
      #expect(universe.rows.contains { $0.move != .none })
    }
  }

  /// A universe instrument gets a book and tape when a client subscribes one: Enter on any row of
  /// the markets list opens a live dashboard.
  @Test func aBookSubscriptionGivesAUniverseInstrumentAMarket() throws {
    try SimTest.with(Self.config()) { sim in
      let before = try SimTest.get(sim.port, "/api/v1/instrument?symbol=SOLUSD").json as? [[String: Any]]
      let last = try #require(before?.first?["lastPrice"] as? Double)
      let ws = try TestWebSocket.connect(
        port: sim.port, path: "/realtime?subscribe=orderBookL2_25:SOLUSD,trade:SOLUSD,instrument")
      var client = ClientBook(symbol: "SOLUSD")
      var partials: Set<String> = []
      while partials.count < 3 {
        let frame = try ws.expectFrame()
        #expect(frame.json?["error"] == nil, "\(frame.text.prefix(200))")
        let (table, action) = try client.apply(frame)
        if action == "partial", let table { partials.insert(table) }
      }
      #expect(client.levels().bids.count == 25 && client.levels().asks.count == 25)
      let mid = try #require(client.levels().bids.first?.price)
      #expect(abs(mid / last - 1) < 0.01, "the book starts at the ticker's price")
      sim.advanceMarket(ticks: 100)
      for frame in try ws.drainWithPing() { try client.apply(frame) }
      #expect(client.faults.isEmpty)
      #expect(client.bookActions["update", default: 0] + client.bookActions["insert", default: 0] > 0)
      // Still listed once, now from its full market.
      let active = try SimTest.get(sim.port, "/api/v1/instrument/active").json as? [[String: Any]] ?? []
      #expect(active.filter { $0["symbol"] as? String == "SOLUSD" }.count == 1)
      #expect(active.count == sim.listing.count)
      // The default markets are as they were.
      #expect(sim.bookSnapshot(symbol: "XBTUSD").bids.count > 25)
    }
  }

  /// An index is a published price: subscribing its book gives an empty book (no market is made
  /// up for it), and its price comes to the trade feed as side-less prints of size 0, as BitMEX
  /// posts index prices (issue 29: `.BXBT` opened as a traded market with a book and a tape).
  @Test func anIndexGetsNoBookAndPrintsItsPrice() throws {
    try SimTest.with(Self.config(rate: 50)) { sim in
      let ws = try TestWebSocket.connect(
        port: sim.port, path: "/realtime?subscribe=orderBookL2_25:.BXBT,trade:.BXBT,instrument:.BXBT")
      var partials: [String: [[String: Any]]] = [:]
      while partials.count < 3 {
        let frame = try ws.expectFrame()
        #expect(frame.json?["error"] == nil, "\(frame.text.prefix(200))")
        if frame.json?["action"] as? String == "partial", let table = frame.json?["table"] as? String {
          partials[table] = frame.json?["data"] as? [[String: Any]] ?? []
        }
      }
      #expect(partials["orderBookL2_25"]?.isEmpty == true)
      let first = try #require(partials["trade"]?.first)
      #expect(first["size"] as? Int == 0 && first["side"] as? String == "")
      let published = try #require(partials["instrument"]?.first?["lastPrice"] as? Double)
      #expect(first["price"] as? Double == published)
      sim.advanceMarket(ticks: 400)
      var prints: [[String: Any]] = []
      for frame in try ws.drainWithPing() {
        let table = frame.json?["table"] as? String
        #expect(table != "orderBookL2_25" || frame.json?["action"] as? String == "partial")
        if table == "trade" { prints += frame.json?["data"] as? [[String: Any]] ?? [] }
      }
      #expect(!prints.isEmpty)
      #expect(prints.allSatisfy { $0["size"] as? Int == 0 && $0["side"] as? String == "" })
      #expect(sim.bookSnapshot(symbol: ".BXBT").bids.isEmpty)
    }
  }

  /// Opening a universe instrument's dashboard does not start its day again: the row the markets
  /// list showed (prevPrice24h, so the 24 h change's sign; the day's high, low and volume; the
  /// funding fields, none for a dated future) goes on in its full market's REST and WebSocket
  /// rows. (It did not: the new market drew its own prevPrice24h, and a dated future's 24 h %
  /// turned from -1.28 % to +1.03 % when the dashboard's REST row arrived.)
  @Test(arguments: ["FFCCSX", "FFWCSX", "IFXXXP"])
  func openingAUniverseInstrumentKeepsItsDay(typ: String) throws {
    try SimTest.with(Self.config()) { sim in
      let extras = sim.listing.dropFirst(sim.instruments.count)
      let symbol = try #require(extras.first { $0.typ == typ }?.symbol)
      func rest() throws -> [String: Any] {
        let rows = try SimTest.get(sim.port, "/api/v1/instrument?symbol=\(symbol)").json as? [[String: Any]]
        return try #require(rows?.first)
      }
      let before = try rest()
      let prev = try #require(before["prevPrice24h"] as? Double)
      let ws = try TestWebSocket.connect(
        port: sim.port, path: "/realtime?subscribe=orderBookL2_25:\(symbol),instrument:\(symbol)")
      var partial: [String: Any]?
      while partial == nil {
        let frame = try ws.expectFrame()
        if frame.json?["table"] as? String == "instrument", frame.json?["action"] as? String == "partial" {
          partial = (frame.json?["data"] as? [[String: Any]])?.first
        }
      }
      sim.advanceMarket(ticks: 200)
      for row in [try #require(partial), try rest()] {
        #expect(
          row["prevPrice24h"] as? Double == prev, "\(symbol): \(row["prevPrice24h"] ?? "none") after \(prev)")
        let last = try #require(row["lastPrice"] as? Double)
        let change = try #require(row["lastChangePcnt"] as? Double)
        #expect(abs(change - (last / prev - 1)) < 0.0002, "\(symbol): \(change) at \(last) from \(prev)")
        for field in ["volume24h", "turnover24h", "highPrice"] {
          let was = try #require(before[field] as? Double, "\(field)")
          #expect(
            (row[field] as? Double ?? 0) >= was, "\(symbol) \(field): \(row[field] ?? "none") after \(was)")
        }
        let low = try #require(before["lowPrice"] as? Double)
        #expect((row["lowPrice"] as? Double ?? .infinity) <= low, "\(symbol) lowPrice")
        for field in ["fundingRate", "indicativeFundingRate", "fundingTimestamp"] {
          #expect(
            (row[field] is NSNull || row[field] == nil) == (before[field] is NSNull || before[field] == nil),
            "\(symbol) \(field): \(row[field] ?? "none"), was \(before[field] ?? "none")")
        }
      }
    }
  }
}
