import MarketModel

/// A position the user holds, as a positions file (`[[positions]]`) gives it: `quantity` in the
/// instrument's units (contracts for inverse and quanto contracts, the base currency for linear
/// ones: 0.5 BTC of a BTC/USDT swap), negative for a short, entered at `entry`.
public struct HeldPosition: Sendable, Hashable {
  public var symbol: Symbol
  public var quantity: Double
  public var entry: Double

  public init(symbol: Symbol, quantity: Double, entry: Double) {
    self.symbol = symbol
    self.quantity = quantity
    self.entry = entry
  }
}

/// Where a portfolio row comes from.
public enum PositionSource: String, Sendable, Hashable, CaseIterable {
  /// The positions file (or the config's `[[positions]]`).
  case file
  /// Paper fills from the ticket's journal.
  case paper
}

extension ContractSpec {
  /// The average entry of `a` contracts at `priceA` and `b` more (same sign) at `priceB`, such that
  /// the P&L formula stays exact for the whole: the harmonic mean for inverse contracts (their
  /// value goes with 1/price), the arithmetic mean for the others.
  public func averageEntry(_ a: Double, at priceA: Double, adding b: Double, at priceB: Double) -> Double {
    let total = a + b
    guard total != 0 else { return priceB }
    switch kind {
    case .inverse: return total / (a / priceA + b / priceB)
    case .quanto, .linear, .spot: return (a * priceA + b * priceB) / total
    }
  }
}

/// A running position in contracts: the signed size, the average entry, and the P&L realised by
/// fills that closed size. Adding to a position moves the average entry; reducing it realises P&L
/// at the fill price and keeps the average entry; a fill past flat closes the whole position
/// and opens the rest at the fill price.
public struct PositionTally: Sendable, Hashable {
  /// Signed contracts (negative for a short).
  public private(set) var contracts: Double = 0
  /// The average entry of the open contracts; nil while flat.
  public private(set) var averageEntry: Double?
  /// Realised P&L in settlement units (satoshis, millionths of a USDT, …), before fees.
  public private(set) var realised: Double = 0
  /// Fees paid in settlement units.
  public private(set) var fees: Double = 0
  /// Fills applied.
  public private(set) var fills = 0

  public init() {}

  /// The net size of fills whose contract is not known here (another venue's, unwatched): the
  /// size alone, no entry, nothing realised.
  public init(netContracts: Double) {
    contracts = netContracts
  }

  /// A position of `contracts` at `entry`, as a positions file holds it.
  public init(contracts: Double, entry: Double) {
    self.contracts = contracts
    averageEntry = contracts == 0 ? nil : entry
  }

  /// Applies a fill of `delta` signed contracts (a buy is positive) at `price`.
  public mutating func apply(contracts delta: Double, price: Double, fee: Double = 0, spec: ContractSpec) {
    guard delta != 0, price > 0, price.isFinite else { return }
    fills += 1
    fees += fee
    guard let entry = averageEntry, contracts != 0 else {
      contracts = delta
      averageEntry = price
      return
    }
    if (contracts > 0) == (delta > 0) {
      averageEntry = spec.averageEntry(contracts, at: entry, adding: delta, at: price)
      contracts += delta
      return
    }
    // Reducing: the closed part realises at the fill price, the rest keeps its entry.
    let closed = contracts > 0 ? min(contracts, -delta) : max(contracts, -delta)
    realised += spec.pnl(contracts: closed, entry: entry, exit: price) ?? 0
    contracts -= closed
    let rest = delta + closed
    if contracts == 0 {
      averageEntry = rest == 0 ? nil : price
      contracts = rest
    }
  }
}

/// Whether a row's instrument can be valued, and if not why.
public enum PositionStatus: Sendable, Hashable {
  case ok
  /// The instrument list has not arrived yet.
  case waiting
  /// The venue has no such instrument.
  case unknown
  /// The instrument is no longer traded (`Settled`, `Unlisted`, past its expiry).
  case expired(String)
  /// The instrument's row lacks what the maths needs.
  case unsupported(String)
  /// Nothing here gives its price: an instrument of a venue this tradeterm is not watching (the
  /// reason, `no Kraken feed here`).
  case notWatched(String)

  public var label: String {
    switch self {
    case .ok: ""
    case .waiting: "waiting for the instrument list"
    case .unknown: "unknown symbol"
    case .expired(let state): "expired (\(state))"
    case .unsupported(let why): why
    case .notWatched(let why): why
    }
  }
}

/// One row of the portfolio, valued at the live mark.
public struct PortfolioLine: Sendable, Hashable {
  /// The instrument: its venue and symbol.
  public var id: InstrumentID
  public var symbol: Symbol { id.symbol }
  public var source: PositionSource
  public var status: PositionStatus
  public var spec: ContractSpec?
  public var tally: PositionTally
  /// The instrument's underlying and quote (`XBT/USD`), when known.
  public var name: String?
  public var mark: Double?
  /// Where the mark comes from, when it is not the venue's mark price (a spot pair's last trade,
  /// a book's mid); nil for a mark.
  public var markSource: InstrumentMark.Source?
  public var last: Double?
  /// Milliseconds since the mark last arrived on the `instrument` table (nil when only REST has
  /// given one).
  public var markAgeMs: Int64?
  /// The mark is old news: its table is resyncing, the connection is down, or no mark has come
  /// for three times its usual interval (at least 5 s).
  public var stale: Bool
  /// Market value of the open contracts at the mark, in settlement units (signed).
  public var marketValue: Double?
  /// Value of the open contracts at their average entry, in settlement units (signed).
  public var cost: Double?
  /// Unrealised P&L at the mark, in settlement units.
  public var unrealised: Double?

  public init(
    symbol: Symbol, source: PositionSource, status: PositionStatus, spec: ContractSpec?, tally: PositionTally,
    name: String? = nil, mark: Double? = nil, last: Double? = nil, markAgeMs: Int64? = nil, stale: Bool,
    marketValue: Double? = nil, cost: Double? = nil, unrealised: Double? = nil,
    venue: InstrumentID.Venue = .bitmex
  ) {
    id = InstrumentID(venue: venue, symbol: symbol)
    self.source = source
    self.status = status
    self.spec = spec
    self.tally = tally
    self.name = name
    self.mark = mark
    self.last = last
    self.markAgeMs = markAgeMs
    self.stale = stale
    self.marketValue = marketValue
    self.cost = cost
    self.unrealised = unrealised
  }

  /// The open size in the instrument's units.
  public var units: Double? { spec.map { $0.units(contracts: tally.contracts) } }
  /// Unrealised P&L as a percentage of the cost.
  public var pnlPercent: Double? {
    guard let unrealised, let cost, cost != 0 else { return nil }
    return unrealised / abs(cost) * 100
  }
  /// `XBT`, `USDT`, … (nil while the instrument is not known).
  public var currency: String? { spec?.settleName }
  /// Settlement units in the whole currency (satoshis → XBT).
  public func whole(_ units: Double?) -> Double? {
    guard let units, let spec else { return nil }
    return spec.wholeSettlement(units)
  }
  /// Counted in the totals: known, valued, and not expired.
  public var valued: Bool { status == .ok && unrealised != nil }
}

/// The totals of one settlement currency, in whole units (XBT, USDT).
public struct CurrencyTotal: Sendable, Hashable {
  public var currency: String
  /// Σ signed market value at the marks.
  public var netValue = 0.0
  /// Σ |cost| of the open positions.
  public var cost = 0.0
  public var unrealised = 0.0
  public var realised = 0.0
  public var fees = 0.0
  public var positions = 0
  /// A mark in these totals is stale.
  public var stale = false

  /// Unrealised + realised − fees.
  public var totalPnL: Double { unrealised + realised - fees }
  /// Total P&L as a percentage of the open positions' cost (nil with none open).
  public var pnlPercent: Double? { cost > 0 ? totalPnL / cost * 100 : nil }
}

/// Every position, valued at the live marks, with totals per settlement currency and in USD.
public struct PortfolioValuation: Sendable, Hashable {
  public var lines: [PortfolioLine]
  public var totals: [CurrencyTotal]
  /// The rates the USD totals use: the same as every other screen's.
  public var rates: Rates
  /// Rows left out of the totals (unknown, expired, not yet valued).
  public var notValued: Int

  public init(lines: [PortfolioLine], totals: [CurrencyTotal], rates: Rates, notValued: Int) {
    self.lines = lines
    self.totals = totals
    self.rates = rates
    self.notValued = notValued
  }

  /// Bitcoin's rate (XBT's price in USD, where it comes from and how old it is), when known.
  public var rate: USDRate? { rates.bitcoin }

  /// A currency total in USD at `rates` (XBT is BTC at its rate; USD itself; USDT and USDC at
  /// par); nil when the currency has no rate.
  public func usd(_ total: CurrencyTotal, _ value: KeyPath<CurrencyTotal, Double>) -> Double? {
    AssetCode(total.currency).flatMap { rates.usd(total[keyPath: value], of: $0) }
  }

  /// Σ over currencies in USD; nil when a currency cannot be converted.
  public func usdSum(_ value: KeyPath<CurrencyTotal, Double>) -> Double? {
    var sum = 0.0
    for total in totals {
      guard let v = usd(total, value) else { return nil }
      sum += v
    }
    return sum
  }

  /// Total P&L in USD.
  public var usdTotalPnL: Double? { usdSum(\.totalPnL) }
  public var usdNetValue: Double? { usdSum(\.netValue) }
  /// Total P&L % over every currency, in USD, of the open positions' cost.
  public var usdPnLPercent: Double? {
    guard let cost = usdSum(\.cost), cost > 0, let pnl = usdSum(\.totalPnL) else { return nil }
    return pnl / cost * 100
  }
  /// A stale mark (or a stale rate) is in the totals.
  public var stale: Bool { totals.contains { $0.stale } || (rate?.stale ?? false) }
}

/// The portfolio: positions from a file and from paper fills, valued at the universe's marks.
public enum Portfolio {
  /// Values `held` (one row each, source `file`: BitMEX's) and `fills` (one row per instrument —
  /// venue and symbol: Binance's `BTCUSDT` and Bybit's are two rows —, source `paper`, fills
  /// applied oldest first) at `universe`'s marks (BitMEX instruments, while the universe is
  /// BitMEX's) or at `marks` (another venue's instrument: its spec and price, as the watched
  /// market gives them). `nowMs` is the universe's monotonic clock in ms, `wallMs` the Unix
  /// clock (for expiries), `connected` whether the feed is connected (a mark from a dropped
  /// connection is stale). The USD totals are at `rates` (the app's, shared with the markets
  /// list); nil takes the universe's own, Bitcoin's from `bitcoinSources` (its venue's
  /// `VenueAbout.bitcoinSources`). A line that cannot be valued says its venue by `venueNames`
  /// (each venue's `VenueAbout.displayName`; a venue not there by its name).
  public static func value(
    held: [HeldPosition], fills: [PaperFill], universe: MarketUniverse, nowMs: Int64, wallMs: Int64,
    connected: Bool, rates: Rates? = nil, bitcoinSources: [Symbol] = [],
    marks: [InstrumentID: InstrumentMark] = [:], venueNames: [InstrumentID.Venue: String] = [:]
  ) -> PortfolioValuation {
    var lines: [PortfolioLine] = []
    for position in held {
      let look = lookup(.bitmex(position.symbol), universe, marks, venueNames, wallMs: wallMs)
      let tally = look.spec.map {
        PositionTally(contracts: $0.contracts(units: position.quantity), entry: position.entry)
      }
      // Without the spec the units are shown as typed: the tally holds them as contracts.
      lines.append(
        line(
          .bitmex(position.symbol), .file, look,
          tally ?? PositionTally(contracts: position.quantity, entry: position.entry),
          universe, nowMs: nowMs, connected: connected))
    }
    var order: [InstrumentID] = []
    var byInstrument: [InstrumentID: [PaperFill]] = [:]
    for fill in fills {
      guard let symbol = Symbol(fill.symbol) else { continue }
      let id = InstrumentID(venue: fill.venue, symbol: symbol)
      if byInstrument[id] == nil { order.append(id) }
      byInstrument[id, default: []].append(fill)
    }
    for id in order {
      let look = lookup(id, universe, marks, venueNames, wallMs: wallMs)
      var tally = PositionTally()
      let own = byInstrument[id] ?? []
      if let spec = look.spec {
        for fill in own {
          let signed = fill.side == .buy ? fill.contracts : -fill.contracts
          tally.apply(contracts: signed, price: fill.price, fee: fill.fee, spec: spec)
        }
      } else {
        // Not valued here: its size still shows (not `Flat`).
        tally = PositionTally(
          netContracts: own.reduce(0) { $0 + ($1.side == .buy ? $1.contracts : -$1.contracts) })
      }
      lines.append(line(id, .paper, look, tally, universe, nowMs: nowMs, connected: connected))
    }
    let rates =
      rates ?? Rates(universe: universe, nowMs: nowMs, connected: connected, bitcoinSources: bitcoinSources)
    return totals(lines, rates: rates)
  }

  /// Sums `lines` per settlement currency, to be valued in USD at `rates`.
  static func totals(_ lines: [PortfolioLine], rates: Rates) -> PortfolioValuation {
    var totals: [CurrencyTotal] = []
    var notValued = 0
    for line in lines {
      guard line.valued, let currency = line.currency else {
        if line.tally.contracts != 0 || line.status != .ok { notValued += 1 }
        continue
      }
      var i = totals.firstIndex { $0.currency == currency } ?? totals.count
      if i == totals.count {
        totals.append(CurrencyTotal(currency: currency))
        i = totals.count - 1
      }
      totals[i].netValue += line.whole(line.marketValue) ?? 0
      totals[i].cost += abs(line.whole(line.cost) ?? 0)
      totals[i].unrealised += line.whole(line.unrealised) ?? 0
      totals[i].realised += line.whole(line.tally.realised) ?? 0
      totals[i].fees += line.whole(line.tally.fees) ?? 0
      totals[i].positions += 1
      if line.stale { totals[i].stale = true }
    }
    totals.sort { $0.currency < $1.currency }
    return PortfolioValuation(lines: lines, totals: totals, rates: rates, notValued: notValued)
  }

  struct Lookup {
    var status: PositionStatus
    var spec: ContractSpec?
    var row: MarketRow?
    var mark: InstrumentMark?
  }

  static func lookup(
    _ id: InstrumentID, _ universe: MarketUniverse, _ marks: [InstrumentID: InstrumentMark],
    _ venueNames: [InstrumentID.Venue: String], wallMs: Int64
  ) -> Lookup {
    if let mark = marks[id] { return Lookup(status: .ok, spec: mark.spec, mark: mark) }
    // A BitMEX instrument is valued from BitMEX's universe; another venue's from its mark alone.
    guard id.venue == .bitmex, universe.venue == .bitmex else {
      let name = venueNames[id.venue] ?? id.venue.name
      return Lookup(
        status: .notWatched(
          universe.venue == id.venue ? "no \(name) price of it here" : "no \(name) feed here: not valued"))
    }
    guard let row = universe[id] else {
      return Lookup(status: universe.sync == .live ? .unknown : .waiting)
    }
    let spec = try? ContractSpec.make(row.instrument).get()
    if let state = row.instrument.state, state != "Open" {
      return Lookup(status: .expired(state), spec: spec, row: row)
    }
    if let expiry = row.instrument.fields.expiryMs, expiry <= wallMs {
      return Lookup(status: .expired("past expiry"), spec: spec, row: row)
    }
    switch ContractSpec.make(row.instrument) {
    case .success(let spec): return Lookup(status: .ok, spec: spec, row: row)
    case .failure(let why): return Lookup(status: .unsupported(why.description), row: row)
    }
  }

  /// Whether `row`'s prices are old news.
  static func isStale(_ row: MarketRow, _ universe: MarketUniverse, nowMs: Int64, connected: Bool) -> Bool {
    !connected || universe.sync != .live || row.isMarkQuiet(now: nowMs)
  }

  static func line(
    _ id: InstrumentID, _ source: PositionSource, _ look: Lookup, _ tally: PositionTally,
    _ universe: MarketUniverse,
    nowMs: Int64, connected: Bool
  ) -> PortfolioLine {
    let i = look.row?.instrument
    var line = PortfolioLine(
      symbol: id.symbol, source: source, status: look.status, spec: look.spec, tally: tally,
      name: i.flatMap { i in i.fields.underlying.map { "\($0)/\(i.fields.quoteCurrency ?? "?")" } },
      mark: i?.markPrice, last: i?.lastPrice, markAgeMs: look.row?.markAt.map { max(0, nowMs - $0) },
      stale: look.row.map { isStale($0, universe, nowMs: nowMs, connected: connected) } ?? true,
      venue: id.venue)
    if let mark = look.mark {
      line.name = "\(mark.spec.underlying)/\(mark.spec.quoteCurrency)"
      line.mark = mark.price
      line.markSource = mark.source == .mark ? nil : mark.source
      line.last = mark.last
      line.markAgeMs = mark.ageMs
      line.stale = mark.stale
    }
    guard let spec = look.spec, let mark = line.mark, mark > 0 else { return line }
    line.marketValue = spec.settlementValue(contracts: tally.contracts, price: mark)
    if let entry = tally.averageEntry {
      line.cost = spec.settlementValue(contracts: tally.contracts, price: entry)
      line.unrealised = spec.pnl(contracts: tally.contracts, entry: entry, exit: mark)
    } else {
      line.cost = 0
      line.unrealised = 0
    }
    return line
  }
}
