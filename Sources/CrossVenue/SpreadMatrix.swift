import VenueCore

/// Buy venue × sell venue: what buying at one instrument's best ask and selling at another's best
/// bid makes, in basis points of the cost, optionally after each side's taker fee. A positive
/// cell is a market crossed across venues. The sign is decided exactly (integers at a common
/// scale); the basis points are for showing.
///
/// A cell is stale (never crossed) when either side's book is older than `staleSideNs` (2 s) or
/// past its own stale limit, and unavailable when a side has no book to trade on (down, syncing,
/// an empty side), the two are quoted in different currencies (unless stablecoins are at par),
/// or it is the same instrument.
public struct SpreadMatrix: Sendable {
  /// Why a cell has no figure.
  public enum Unavailable: Sendable, Hashable {
    /// The diagonal: buying and selling the same instrument.
    case same
    /// A side's book is not trading: down, waiting for or resyncing to a snapshot.
    case notLive
    /// A side of a book is empty.
    case noQuote
    /// Different quote currencies (stablecoins not at par), or another base asset.
    case notComparable
    /// The numbers (or a fee outside 0…100 %) do not fit the exact maths.
    case outOfRange
  }

  /// What a cell says.
  public enum Status: Sendable, Hashable {
    /// Not crossed: buying here and selling there loses `edgeBps`.
    case open
    /// Crossed: buying here and selling there gains `edgeBps` (both sides fresh).
    case crossed
    /// A side is older than the matrix's limit (or its own): the figure is not to be acted on.
    case stale
    case unavailable(Unavailable)
  }

  /// One buy × sell pair.
  public struct Cell: Sendable, Hashable {
    public var status: Status
    /// (bid there × (1 − fee there) − ask here × (1 + fee here)) / (ask here × (1 + fee here)),
    /// in basis points; nil when unavailable.
    public var edgeBps: Double?
    /// The age of the ask bought (this row's book) and of the bid sold into (the column's), in
    /// nanoseconds; nil before a first snapshot.
    public var askAgeNs: Int64?
    public var bidAgeNs: Int64?

    public init(status: Status, edgeBps: Double? = nil, askAgeNs: Int64? = nil, bidAgeNs: Int64? = nil) {
      self.status = status
      self.edgeBps = edgeBps
      self.askAgeNs = askAgeNs
      self.bidAgeNs = bidAgeNs
    }
  }

  /// The asset compared (instruments of another base are not comparable).
  public var asset: AssetCode
  /// Whether USD, USDT and USDC compare as equal.
  public var stablecoinsAtPar: Bool
  /// A side older than this (nanoseconds) makes its cells stale.
  public var staleSideNs: Int64
  /// How many instruments (rows and columns).
  public private(set) var count = 0
  /// Row-major: `cells[buy × count + sell]`.
  public private(set) var cells: [Cell] = []

  public init(asset: AssetCode, stablecoinsAtPar: Bool = false, staleSideNs: Int64 = 2_000_000_000) {
    self.asset = asset
    self.stablecoinsAtPar = stablecoinsAtPar
    self.staleSideNs = staleSideNs
  }

  /// The cell of buying at `buy`'s ask and selling at `sell`'s bid (both in `0..<count`).
  public subscript(buy: Int, sell: Int) -> Cell { cells[buy * count + sell] }

  /// The matrix of `views` at `now`; `takerFeePercent` gives a venue's taker fee in percent
  /// (`0.10` is 0.1 %), a venue absent pays none.
  public mutating func update(_ views: [VenueView], now: Int64, takerFeePercent: [Venue: FixedDecimal] = [:])
  {
    count = views.count
    cells.removeAll(keepingCapacity: true)
    for buy in views.indices {
      for sell in views.indices {
        cells.append(
          cell(buy: views[buy], sell: views[sell], same: buy == sell, now: now, fees: takerFeePercent))
      }
    }
  }

  private func cell(
    buy: VenueView, sell: VenueView, same: Bool, now: Int64, fees: [Venue: FixedDecimal]
  )
    -> Cell
  {
    let askAge = buy.ageNs(now: now)
    let bidAge = sell.ageNs(now: now)
    func unavailable(_ why: Unavailable) -> Cell {
      Cell(status: .unavailable(why), askAgeNs: askAge, bidAgeNs: bidAge)
    }
    if same { return unavailable(.same) }
    guard comparable(buy.spec, sell.spec) else { return unavailable(.notComparable) }
    let buyState = buy.assess(now: now).state
    let sellState = sell.assess(now: now).state
    guard buyState == .live || buyState == .stale, sellState == .live || sellState == .stale else {
      return unavailable(.notLive)
    }
    guard let ask = buy.book.best(.ask)?.price, let bid = sell.book.best(.bid)?.price else {
      return unavailable(.noQuote)
    }
    let buyFee = fees[buy.key.venue] ?? .zero
    let sellFee = fees[sell.key.venue] ?? .zero
    guard let (net, cost) = Self.edge(ask: ask, bid: bid, buyFeePercent: buyFee, sellFeePercent: sellFee)
    else {
      return unavailable(.outOfRange)
    }
    let bps = Double(net) / Double(cost) * 10_000
    let stale =
      buyState == .stale || sellState == .stale || (askAge ?? .max) > staleSideNs
      || (bidAge ?? .max) > staleSideNs
    let status: Status = stale ? .stale : net > 0 ? .crossed : .open
    return Cell(status: status, edgeBps: bps, askAgeNs: askAge, bidAgeNs: bidAge)
  }

  /// Whether two instruments trade the same thing for the same money.
  func comparable(_ a: InstrumentSpec, _ b: InstrumentSpec) -> Bool {
    guard a.base == asset, b.base == asset else { return false }
    if a.quote == b.quote { return true }
    return stablecoinsAtPar && ConsolidatedBook.rank(a.quote) <= 2 && ConsolidatedBook.rank(b.quote) <= 2
  }

  /// The exact edge of buying at `ask` and selling at `bid` after fees, as integers at one scale:
  /// `net` = bid × (1 − sell fee) − ask × (1 + buy fee) and `cost` = ask × (1 + buy fee); nil
  /// when a fee is outside 0…100 % or a number does not fit.
  static func edge(
    ask: FixedDecimal, bid: FixedDecimal, buyFeePercent: FixedDecimal, sellFeePercent: FixedDecimal
  )
    -> (net: Int64, cost: Int64)?
  {
    let hundred = FixedDecimal(mantissa: 100, scale: 0)
    guard !buyFeePercent.isNegative, !sellFeePercent.isNegative, buyFeePercent < hundred,
      sellFeePercent < hundred
    else { return nil }
    let priceScale = max(ask.scale, bid.scale)
    // A percent at scale s is a fraction at scale s + 2: its mantissa as it is.
    let feeScale = max(buyFeePercent.scale, sellFeePercent.scale)
    guard let a = ask.mantissa(atScale: priceScale), let b = bid.mantissa(atScale: priceScale),
      let fa = buyFeePercent.mantissa(atScale: feeScale), let fb = sellFeePercent.mantissa(atScale: feeScale),
      let one = WideMath.pow10(Int(feeScale) + 2),
      let cost = WideMath.times(a, one + fa), let proceeds = WideMath.times(b, one - fb)
    else { return nil }
    let (net, overflow) = proceeds.subtractingReportingOverflow(cost)
    guard !overflow, cost > 0 else { return nil }
    return (net, cost)
  }
}
