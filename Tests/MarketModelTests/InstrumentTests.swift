import BitMEX
import MarketModel
import Testing

@Suite struct InstrumentTests {
  private func partial() -> InstrumentUpdate {
    var row = InstrumentUpdate(symbol: "XBTUSD")
    row.state = "Open"
    row.typ = "FFWCSX"
    row.tickSize = 0.1
    row.lotSize = 100
    row.isInverse = true
    row.lastPrice = 98_000.5
    row.lastTickDirection = .plusTick
    row.markPrice = 98_001.25
    row.indicativeSettlePrice = 98_002
    row.fundingRate = 0.0001
    row.fundingTimeMs = 1_700_000_000_000
    row.volume24h = 123_456
    row.prevPrice24h = 97_000
    row.timeMs = 1_699_999_000_000
    return row
  }

  @Test func initFromUpdateCopiesFields() {
    let instrument = Instrument(partial())
    #expect(instrument.symbol == "XBTUSD")
    #expect(instrument.state == "Open")
    #expect(instrument.typ == "FFWCSX")
    #expect(instrument.tickSize == 0.1)
    #expect(instrument.lotSize == 100)
    #expect(instrument.isInverse == true)
    #expect(instrument.lastPrice == 98_000.5)
    #expect(instrument.lastTickDirection == .plusTick)
    #expect(instrument.markPrice == 98_001.25)
    #expect(instrument.indexPrice == 98_002)
    #expect(instrument.fundingRate == 0.0001)
    #expect(instrument.fundingTimeMs == 1_700_000_000_000)
    #expect(instrument.volume24h == 123_456)
    #expect(instrument.lastChangePcnt == nil)
    #expect(instrument.openInterest == nil)
  }

  @Test func initWithSymbolOnlyIsBlank() {
    let instrument = Instrument(symbol: "ETHUSD")
    #expect(instrument.symbol == "ETHUSD")
    #expect(instrument.lastPrice == nil)
    #expect(instrument.tickSize == nil)
    #expect(instrument.priceDecimals == 2)
    #expect(instrument.change24h == nil)
  }

  @Test func mergeOverwritesOnlyFieldsTheUpdateCarries() {
    var instrument = Instrument(partial())
    // `{"symbol":"XBTUSD","markPrice":…,"lastPrice":…,"timestamp":…}`
    var update = InstrumentUpdate(symbol: "XBTUSD")
    update.markPrice = 98_100
    update.lastPrice = 98_099.5
    update.lastTickDirection = .minusTick
    update.openInterest = 5_000
    update.timeMs = 1_699_999_001_000
    #expect(instrument.merge(update) == true)

    #expect(instrument.markPrice == 98_100)
    #expect(instrument.lastPrice == 98_099.5)
    #expect(instrument.lastTickDirection == .minusTick)
    #expect(instrument.openInterest == 5_000)
    #expect(instrument.timeMs == 1_699_999_001_000)
    // Untouched by the update.
    #expect(instrument.state == "Open")
    #expect(instrument.tickSize == 0.1)
    #expect(instrument.indicativeSettlePrice == 98_002)
    #expect(instrument.fundingRate == 0.0001)
    #expect(instrument.fundingTimeMs == 1_700_000_000_000)
    #expect(instrument.volume24h == 123_456)
    #expect(instrument.prevPrice24h == 97_000)
    #expect(instrument.isInverse == true)
  }

  @Test func mergeWithEveryFieldReplacesEverything() {
    var full = InstrumentUpdate(symbol: "XBTUSD")
    full.state = "Closed"
    full.typ = "FFCCSX"
    full.underlying = "XBT"
    full.quoteCurrency = "USD"
    full.fields.settle(SettlementCurrency.bitmex("XBt")!)
    full.tickSize = 0.5
    full.lotSize = 1
    full.multiplier = -100_000_000
    full.underlyingToPositionMultiplier = 2
    full.isInverse = false
    full.rootSymbol = "XBT"
    full.positionCurrency = "USD"
    full.expiryMs = 16
    full.maxOrderQty = 17
    full.underlyingToSettleMultiplier = 18
    full.quoteToSettleMultiplier = 19
    full.isQuanto = true
    full.takerFee = 20
    full.makerFee = -0.0001
    full.homeNotional24h = 21
    full.foreignNotional24h = 22
    full.lastPrice = 1
    full.lastTickDirection = .zeroMinusTick
    full.lastChangePcnt = -0.5
    full.prevPrice24h = 2
    full.markPrice = 3
    full.indicativeSettlePrice = 4
    full.fundingRate = 5
    full.indicativeFundingRate = 6
    full.fundingTimeMs = 7
    full.volume24h = 8
    full.turnover24h = 9
    full.openInterest = 10
    full.highPrice = 11
    full.lowPrice = 12
    full.vwap = 24
    full.bidPrice = 13
    full.askPrice = 14
    full.timeMs = 15
    #expect(Self.unknownFields(full.fields).isEmpty, "the row sets every field")
    var instrument = Instrument(partial())
    instrument.merge(full)
    // Every field of the row comes through: an instrument built from it alone is equal.
    #expect(instrument == Instrument(full))
    #expect(instrument.expiryMs == 16 && instrument.isQuanto == true && instrument.foreignNotional24h == 22)
    #expect(instrument.underlying == "XBT")
    #expect(instrument.settlCurrency == "XBt")
    #expect(instrument.multiplier == -100_000_000)
    #expect(instrument.underlyingToPositionMultiplier == 2)
    #expect(instrument.indicativeFundingRate == 6)
    #expect(instrument.turnover24h == 9)
    #expect(instrument.highPrice == 11)
    #expect(instrument.lowPrice == 12)
    #expect(instrument.midPrice == 13.5)
    #expect(instrument.priceDecimals == 1)
  }

  /// The names of the fields `fields` does not know (stored properties still nil).
  static func unknownFields(_ fields: InstrumentFields) -> [String] {
    Mirror(reflecting: fields).children.compactMap { child in
      Mirror(reflecting: child.value).children.isEmpty ? child.label : nil
    }
  }

  /// Each stored field is listed in `InstrumentFields.all` exactly once, under its own key.
  @Test func everyFieldIsListedOnce() {
    let stored = Self.unknownFields(InstrumentFields())
    var written: [String] = []
    for field in InstrumentFields.all {
      var fields = InstrumentFields()
      switch field.slot {
      case .text(let path): fields[keyPath: path] = "x"
      case .number(let path): fields[keyPath: path] = 1
      case .time(let path): fields[keyPath: path] = 1
      case .flag(let path): fields[keyPath: path] = true
      case .tickDirection(let path): fields[keyPath: path] = .plusTick
      case .settlement(let code, let currency):
        fields[keyPath: code] = "USD"
        fields[keyPath: currency] = SettlementCurrency("USD")
      }
      let set = Set(stored).subtracting(Self.unknownFields(fields))
      // A settlement currency is kept twice: its code as sent and its scale.
      #expect(set.count == (field.key == "settlCurrency" ? 2 : 1), "\(field.key)")
      written += set
    }
    #expect(written.sorted() == stored.sorted())
    #expect(Set(InstrumentFields.all.map(\.key)).count == InstrumentFields.all.count)
  }

  /// The fixed facts of the contract are these, and a new image keeps them only where it
  /// lacks them.
  @Test func staticFactsAreTheContractsTerms() {
    let expected: Set = [
      "typ", "rootSymbol", "underlying", "quoteCurrency", "positionCurrency", "settlCurrency", "expiry",
      "tickSize", "lotSize", "maxOrderQty", "multiplier", "underlyingToPositionMultiplier",
      "underlyingToSettleMultiplier", "quoteToSettleMultiplier", "isInverse", "isQuanto", "takerFee",
      "makerFee",
    ]
    #expect(Set(InstrumentFields.all.filter(\.isStaticFact).map(\.key)) == expected)
    var known = Instrument(partial()).fields
    known.quoteToSettleMultiplier = 3108
    known.expiryMs = 1_632_484_800_000
    var image = InstrumentFields()
    image.tickSize = 0.1
    image.lastPrice = 1
    image.fillStaticFacts(from: known)
    #expect(image.tickSize == 0.1 && image.lastPrice == 1)
    #expect(image.lotSize == 100 && image.isInverse == true && image.typ == "FFWCSX")
    #expect(image.quoteToSettleMultiplier == 3108 && image.expiryMs == 1_632_484_800_000)
    #expect(image.markPrice == nil && image.state == nil && image.fundingTimeMs == nil)
  }

  @Test func mergeIgnoresAnotherSymbol() {
    var instrument = Instrument(partial())
    var other = InstrumentUpdate(symbol: "ETHUSD")
    other.lastPrice = 3_000
    #expect(instrument.merge(other) == false)
    #expect(instrument.lastPrice == 98_000.5)
    #expect(instrument.symbol == "XBTUSD")
  }

  static let decimalCases: [(tickSize: Double, decimals: Int)] = [
    (0.5, 1),
    (0.1, 1),
    (0.01, 2),
    (0.001, 3),
    (1e-8, 8),
    (1, 0),
    (5, 0),
    (0.00001, 5),
    (0.25, 2),
    (0.05, 2),
    (100, 0),
    // Floating noise, as produced by arithmetic on decimal values.
    (0.1 + 0.2 - 0.2, 1),
    (0.010000000000000002, 2),
    (0.009999999999999998, 2),
    (3 * 1e-8, 8),
  ]

  @Test(arguments: decimalCases)
  func priceDecimals(tickSize: Double, decimals: Int) {
    var instrument = Instrument(symbol: "X")
    instrument.tickSize = tickSize
    #expect(instrument.priceDecimals == decimals)
  }

  @Test(arguments: [Double?.none, 0, -0.5, .nan, .infinity])
  func priceDecimalsDefaultsToTwo(tickSize: Double?) {
    var instrument = Instrument(symbol: "X")
    instrument.tickSize = tickSize
    #expect(instrument.priceDecimals == 2)
    #expect(Instrument.decimals(forIncrement: tickSize) == nil)
  }

  @Test func decimalsOfTinyIncrementsAreCapped() {
    #expect(Instrument.decimals(forIncrement: 1e-12) == 12)
    #expect(Instrument.decimals(forIncrement: 1e-15) == 12)
  }

  static let changeCases: [(pcnt: Double?, last: Double?, previous: Double?, expected: Double?)] = [
    (0.0123, 110, 100, 0.0123),
    (nil, 125, 100, 0.25),
    (nil, 75, 100, -0.25),
    (nil, nil, 100, nil),
    (nil, 110, nil, nil),
    (nil, 110, 0, nil),
  ]

  @Test(arguments: changeCases)
  func change24h(pcnt: Double?, last: Double?, previous: Double?, expected: Double?) {
    var instrument = Instrument(symbol: "X")
    instrument.lastChangePcnt = pcnt
    instrument.lastPrice = last
    instrument.prevPrice24h = previous
    #expect(instrument.change24h == expected)
  }

  static let countdownCases: [(now: Int64, expected: Int64?)] = [
    (1_700_000_000_000 - 3_600_000, 3_600_000),
    (1_700_000_000_000, 0),
    (1_700_000_000_500, 0),
    // Far from any real clock: no trap either way.
    (.min, .max),
    (.max, 0),
  ]

  @Test(arguments: countdownCases)
  func fundingCountdown(now: Int64, expected: Int64?) {
    let instrument = Instrument(partial())
    #expect(instrument.fundingCountdown(now: now) == expected)
  }

  @Test func fundingCountdownUnknown() {
    #expect(Instrument(symbol: "X").fundingCountdown(now: 0) == nil)
  }
}

/// The settlement currencies the markets list and the ticket read: whole ones known to the model,
/// BitMEX's fractions (`XBt`, `USDt`) read by its adapter.
@Suite struct SettlementCurrencyTests {
  @Test func scalesNamesAndUSDValues() throws {
    // The model alone does not read a venue's fractions.
    #expect(SettlementCurrency("XBt") == nil && SettlementCurrency("USDt") == nil)
    #expect(SettlementCurrency(code: "XBt", perWhole: 0, wholeName: "XBT") == nil)
    #expect(SettlementCurrency(code: "x", perWhole: 10, wholeName: "") == nil)
    let xbt = try #require(SettlementCurrency.bitmex("XBt"))
    #expect(xbt.perWhole == 1e8 && xbt.wholeName == "XBT")
    let rates = Rates(bitcoin: USDRate(usd: 98_000, source: .mark("XBTUSD")))
    #expect(xbt.asset == "BTC")
    #expect(xbt.usd(50_000_000, rates: rates) == 49_000)
    #expect(xbt.usd(1, rates: Rates()) == nil)
    let usdt = try #require(SettlementCurrency.bitmex("USDt"))
    #expect(usdt.perWhole == 1e6 && usdt.wholeName == "USDT" && usdt.usd(2_500_000, rates: Rates()) == 2.5)
    #expect(usdt.asset == "USDT")
    #expect(SettlementCurrency("USDC")?.usd(3, rates: Rates()) == 3)
    // Stablecoins are not USD: without par they have no rate.
    #expect(usdt.usd(1, rates: Rates(stablecoinsAtPar: false)) == nil)
    #expect(SettlementCurrency("USD")?.usd(1, rates: Rates(stablecoinsAtPar: false)) == 1)
    // EUR is tradeable on the ticket but has no USD value here.
    #expect(
      SettlementCurrency("EUR")?.wholeName == "EUR" && SettlementCurrency("EUR")?.usd(1, rates: rates) == nil)
    #expect(SettlementCurrency("DOGE") == nil && SettlementCurrency(nil) == nil)
    #expect(SettlementCurrency.bitmex("USDT")?.perWhole == 1 && SettlementCurrency.bitmex("DOGEt") == nil)
  }
}
