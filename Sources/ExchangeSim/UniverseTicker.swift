import FoundationEssentials
import MarketModel
import Seeding

#if canImport(Glibc)
import Glibc
#endif

/// A ticker-only market for one of the universe's extra instruments: no book and no tape,
/// just the `instrument` row's changing fields, driven by its own seeded price process and
/// published at its own interval.
///
/// Each `step` is one publication: maybe some trades (the last price walks, volume and
/// turnover grow), the quote moves around the last price, the mark follows with a basis,
/// open interest drifts; perpetuals fund. Deterministic given the seed.
struct UniverseTicker: Sendable {
  let instrument: SimInstrument
  let scale: PriceScale
  /// Seconds between publications at rate 1.
  let interval: Double
  private var rng: SimRandom
  /// The price step's standard deviation per publication, in ticks.
  private let sigmaTicks: Double
  private var last: Int64
  private var direction: TickDirection = .zeroPlusTick
  private var bid: Int64
  private var ask: Int64
  private var prevPrice24h: Int64
  private var high24h: Int64
  private var low24h: Int64
  private var basis: Double
  private var fundingRate: Double
  private var indicativeFundingRate: Double
  private var fundingTimeMs: Int64
  private var volume24h: Int64
  private var turnover24h: Int64
  private var home24h: Double
  private var foreign24h: Double
  private var openInterest: Int64
  /// Lots of a typical publication's trading.
  private let stepLots: Double

  init(instrument: SimInstrument, seed: UInt64, startMs: Int64) {
    self.instrument = instrument
    scale = PriceScale(tickSize: instrument.tickSize)
    rng = SimRandom(seed: SimRandom.seed(seed, "\(instrument.symbol)/universe"))
    // Log-uniform in 1.2…9 s: about 0.36 publications per second per instrument on average.
    interval = 1.2 * pow(9 / 1.2, rng.unit())
    let start = max(1, scale.ticks(nearest: instrument.startPrice * (1 + 0.01 * rng.gaussian())))
    sigmaTicks = max(0.3, Double(start) * 0.0004 * sqrt(interval))
    last = start
    prevPrice24h = max(1, start + Int64((rng.gaussian() * 0.03 * Double(start)).rounded()))
    high24h = max(start, prevPrice24h) + Int64(Double(start) * 0.01)
    low24h = max(1, min(start, prevPrice24h) - Int64(Double(start) * 0.01))
    let spread = Int64(1 + rng.below(3))
    bid = max(1, start - spread / 2 - 1)
    ask = bid + spread
    basis = instrument.expiryMs == nil ? 0.0002 : 0.004
    fundingRate = instrument.isPerpetual ? 0.0001 : 0
    indicativeFundingRate = fundingRate
    fundingTimeMs = MarketGenerator.nextFunding(after: startMs)
    // Contracts for the day's USD volume: the USD value of one contract from the notionals.
    let oneUSD = Self.usdValue(instrument, scale, size: instrument.lotSize, ticks: start)
    let lots = max(1, instrument.usdVolume24h * (0.5 + rng.unit()) / max(oneUSD, 1e-9))
    volume24h = Int64(lots.rounded()) * instrument.lotSize
    let (gross, home, foreign) = MarketGenerator.notionals(instrument, scale, size: volume24h, ticks: start)
    turnover24h = gross
    home24h = home
    foreign24h = foreign
    openInterest =
      instrument.isSpot || instrument.isIndex ? 0 : volume24h / 3 / instrument.lotSize * instrument.lotSize
    stepLots = max(1, lots / 86_400 * interval * 4)
  }

  /// The last traded price.
  var lastPrice: Double { scale.price(last) }

  /// The last price in ticks, and how it moved: an index's print (`SimWorld.indexPrint`).
  var lastTicks: Int64 { last }
  var lastDirection: TickDirection { direction }

  /// The day so far, for the full market that takes the instrument over.
  var day: SimDay {
    SimDay(
      prevPrice24h: prevPrice24h, high24h: high24h, low24h: low24h, volume24h: volume24h,
      turnover24h: turnover24h, home24h: home24h, foreign24h: foreign24h, openInterest: openInterest,
      basis: basis, fundingRate: fundingRate, indicativeFundingRate: indicativeFundingRate,
      fundingTimeMs: fundingTimeMs)
  }

  /// The USD value of `size` contracts at `ticks` (XBt valued at the sim's 98,000 USD).
  static func usdValue(_ instrument: SimInstrument, _ scale: PriceScale, size: Int64, ticks: Int64) -> Double
  {
    let (gross, _, _) = MarketGenerator.notionals(instrument, scale, size: size, ticks: ticks)
    return instrument.settlesInBitcoin ? Double(gross) / 1e8 * 98_000 : Double(gross) / 1e6
  }

  /// One publication at `timeMs`.
  mutating func step(timeMs: Int64) {
    if rng.chance(0.7) {
      let move = Int64((rng.gaussian() * sigmaTicks).rounded())
      let next = max(1, last + move)
      if next > last {
        direction = .plusTick
      } else if next < last {
        direction = .minusTick
      } else {
        direction = direction.isUp ? .zeroPlusTick : .zeroMinusTick
      }
      last = next
      high24h = max(high24h, last)
      low24h = min(low24h, last)
      let size = Int64(1 + rng.geometric(mean: stepLots)) * instrument.lotSize
      let (gross, home, foreign) = MarketGenerator.notionals(instrument, scale, size: size, ticks: last)
      volume24h += size
      turnover24h += gross
      home24h += home
      foreign24h += foreign
    }
    if rng.chance(0.8) {
      let spread = Int64(1 + rng.below(3))
      bid = max(1, last - Int64(rng.below(Int(spread) + 1)))
      ask = max(bid + 1, bid + spread)
    }
    basis = max(-0.01, min(0.01, basis + rng.gaussian() * 0.00003))
    if !instrument.isSpot && !instrument.isIndex {
      openInterest = max(0, openInterest + Int64((rng.gaussian() * stepLots).rounded()) * instrument.lotSize)
    }
    if instrument.isPerpetual {
      indicativeFundingRate = max(
        -0.00375, min(0.00375, Self.round(indicativeFundingRate + rng.gaussian() * 2e-6, 6)))
      if timeMs >= fundingTimeMs {
        fundingRate = indicativeFundingRate
        fundingTimeMs = MarketGenerator.nextFunding(after: timeMs)
      }
    }
  }

  /// The fields now, in `InstrumentTicker.names` order.
  func ticker(timeMs: Int64) -> InstrumentTicker {
    let decimals = max(2, scale.decimals + 1)
    let price = scale.price(last)
    let mid = Self.round(scale.price(1) * Double(bid + ask) / 2, decimals)
    let mark = instrument.isSpot ? price : Self.round(mid * (1 + basis), decimals)
    let index = Self.round(mid * (1 + basis * 0.5 - 0.00005), decimals)
    let change = Self.round(Double(last) / Double(prevPrice24h) - 1, 4)
    let vwap = Self.round(scale.price(1) * Double(prevPrice24h + last) / 2, decimals)
    let perpetual = instrument.isPerpetual
    let values: [InstrumentTicker.Value] = [
      .ticks(last), .text(MarketGenerator.name(direction)), .number(change), .ticks(prevPrice24h),
      .ticks(high24h), .ticks(low24h), .ticks(bid), .number(mid), .ticks(ask), .number(mark), .number(mark),
      .number(index), perpetual ? .number(fundingRate) : .null,
      perpetual ? .number(indicativeFundingRate) : .null,
      perpetual ? .time(fundingTimeMs) : .null, .integer(volume24h), .integer(turnover24h),
      .number(Self.round(home24h, 4)), .number(Self.round(foreign24h, 4)), .number(vwap),
      .integer(openInterest),
      .integer(MarketGenerator.notionals(instrument, scale, size: openInterest, ticks: last).0),
    ]
    guard instrument.isIndex else { return InstrumentTicker(values: values, timeMs: timeMs) }
    // An index publishes its price and the day's range only: no quotes, mark, funding, volume
    // or open interest (BitMEX's `.BXBT` row has its mark at its last price).
    let kept: Set<String> = [
      "lastPrice", "lastTickDirection", "lastChangePcnt", "prevPrice24h", "highPrice", "lowPrice",
      "markPrice",
    ]
    let indexValues = zip(InstrumentTicker.names, values).map { name, value in
      name == "markPrice" ? .number(price) : kept.contains(name) ? value : InstrumentTicker.Value.null
    }
    return InstrumentTicker(values: indexValues, timeMs: timeMs)
  }

  private static func round(_ x: Double, _ decimals: Int) -> Double {
    let p = pow(10, Double(decimals))
    return (x * p).rounded() / p
  }
}
