/// A symbol's rolling 24 h statistics, from its source instrument's (prices on this symbol's
/// grid, volume in the base asset), for `@ticker`, `@miniTicker`, the all-market arrays and REST
/// `ticker/24hr`.
struct BinanceTicker: Sendable, Hashable {
  var last: Int64
  var lastQty: Int64
  var open: Int64
  var high: Int64
  var low: Int64
  /// Base asset, in units of 10^-`qtyDecimals`.
  var volume: Int64
  var bid: BinanceLevel?
  var ask: BinanceLevel?
  var trades: Int64
  var firstTradeID: UInt64
  var lastTradeID: UInt64
  var timeMs: Int64

  /// The ticker of `book` from its source's `ticker` at `timeMs`.
  init(_ book: BinanceBook, source generator: MarketGenerator, timeMs: Int64) {
    let t = generator.ticker(timeMs: timeMs)
    func ticks(_ name: String) -> Int64? {
      if case .ticks(let v)? = t.value(name) { return book.ticks(v) }
      return nil
    }
    let last = ticks("lastPrice") ?? 0
    self.last = last
    open = ticks("prevPrice24h") ?? last
    high = max(ticks("highPrice") ?? last, last, open)
    low = min(ticks("lowPrice") ?? last, last, open)
    var contracts: Int64 = 0
    if case .integer(let v)? = t.value("volume24h") { contracts = v }
    volume = book.units(lots: Double(contracts) / Double(book.sourceLot))
    lastQty = book.units(lots: Double(generator.lastTrade?.size ?? book.sourceLot) / Double(book.sourceLot))
    bid = generator.book.best(.buy).map(book.level)
    ask = generator.book.best(.sell).map(book.level)
    trades = max(1, contracts / max(1, book.sourceLot * 4))
    lastTradeID = book.tradeID
    firstTradeID = book.tradeID > UInt64(trades) ? book.tradeID - UInt64(trades) + 1 : 0
    self.timeMs = timeMs
  }

  /// The quote volume, in units of 10^-`priceDecimals` of the quote asset: volume × the mean of
  /// open, high, low and last.
  func quoteVolume(_ l: BinanceListing) -> Int64 {
    let base = Double(volume) / Double(BinanceListing.power(l.qtyDecimals))
    let price = Double(open + high + low + last) / 4 * Double(l.tickUnits)
    return Int64(min(9e18, (base * price).rounded()))
  }

  /// The volume-weighted price: the mean of open, high, low and last, in ticks.
  var weightedTicks: Int64 { (open + high + low + last) / 4 }
}

extension BinanceEncoder {
  /// The change in percent, three decimals (`"-1.234"`).
  static func percent(_ t: BinanceTicker, into w: inout JSONWriter) {
    let thousandths = t.open > 0 ? Int64((Double(t.last - t.open) / Double(t.open) * 100_000).rounded()) : 0
    quoted(thousandths, decimals: 3, into: &w)
  }

  /// A `24hrTicker` stream payload (spot's with the best bid and ask and `x`).
  static func ticker(_ t: BinanceTicker, _ l: BinanceListing) -> [UInt8] {
    var w = JSONWriter()
    w.beginObject()
    w.key("e")
    w.string("24hrTicker")
    w.key("E")
    w.int(t.timeMs)
    w.key("s")
    w.string(l.symbol)
    w.key("p")
    price(t.last - t.open, l, into: &w)
    w.key("P")
    percent(t, into: &w)
    w.key("w")
    price(t.weightedTicks, l, into: &w)
    if l.market == .spot {
      w.key("x")
      price(t.open, l, into: &w)
    }
    w.key("c")
    price(t.last, l, into: &w)
    w.key("Q")
    qty(t.lastQty, l, into: &w)
    if l.market == .spot {
      w.key("b")
      price(t.bid?.ticks ?? 0, l, into: &w)
      w.key("B")
      qty(t.bid?.qty ?? 0, l, into: &w)
      w.key("a")
      price(t.ask?.ticks ?? 0, l, into: &w)
      w.key("A")
      qty(t.ask?.qty ?? 0, l, into: &w)
    }
    w.key("o")
    price(t.open, l, into: &w)
    w.key("h")
    price(t.high, l, into: &w)
    w.key("l")
    price(t.low, l, into: &w)
    w.key("v")
    qty(t.volume, l, into: &w)
    w.key("q")
    quoted(t.quoteVolume(l), decimals: l.priceDecimals, into: &w)
    w.key("O")
    w.int(t.timeMs - 86_400_000)
    w.key("C")
    w.int(t.timeMs)
    w.key("F")
    w.raw(String(t.firstTradeID))
    w.key("L")
    w.raw(String(t.lastTradeID))
    w.key("n")
    w.int(t.trades)
    w.endObject()
    return w.bytes
  }

  /// A `24hrMiniTicker` stream payload.
  static func miniTicker(_ t: BinanceTicker, _ l: BinanceListing) -> [UInt8] {
    var w = JSONWriter()
    w.beginObject()
    w.key("e")
    w.string("24hrMiniTicker")
    w.key("E")
    w.int(t.timeMs)
    w.key("s")
    w.string(l.symbol)
    w.key("c")
    price(t.last, l, into: &w)
    w.key("o")
    price(t.open, l, into: &w)
    w.key("h")
    price(t.high, l, into: &w)
    w.key("l")
    price(t.low, l, into: &w)
    w.key("v")
    qty(t.volume, l, into: &w)
    w.key("q")
    quoted(t.quoteVolume(l), decimals: l.priceDecimals, into: &w)
    w.endObject()
    return w.bytes
  }

  /// One element of REST `ticker/24hr`.
  static func restTicker(_ t: BinanceTicker, _ l: BinanceListing, into w: inout JSONWriter) {
    w.beginObject()
    w.key("symbol")
    w.string(l.symbol)
    w.key("priceChange")
    price(t.last - t.open, l, into: &w)
    w.key("priceChangePercent")
    percent(t, into: &w)
    w.key("weightedAvgPrice")
    price(t.weightedTicks, l, into: &w)
    if l.market == .spot {
      w.key("prevClosePrice")
      price(t.open, l, into: &w)
    }
    w.key("lastPrice")
    price(t.last, l, into: &w)
    w.key("lastQty")
    qty(t.lastQty, l, into: &w)
    if l.market == .spot {
      w.key("bidPrice")
      price(t.bid?.ticks ?? 0, l, into: &w)
      w.key("bidQty")
      qty(t.bid?.qty ?? 0, l, into: &w)
      w.key("askPrice")
      price(t.ask?.ticks ?? 0, l, into: &w)
      w.key("askQty")
      qty(t.ask?.qty ?? 0, l, into: &w)
    }
    w.key("openPrice")
    price(t.open, l, into: &w)
    w.key("highPrice")
    price(t.high, l, into: &w)
    w.key("lowPrice")
    price(t.low, l, into: &w)
    w.key("volume")
    qty(t.volume, l, into: &w)
    w.key("quoteVolume")
    quoted(t.quoteVolume(l), decimals: l.priceDecimals, into: &w)
    w.key("openTime")
    w.int(t.timeMs - 86_400_000)
    w.key("closeTime")
    w.int(t.timeMs)
    w.key("firstId")
    w.raw(String(t.firstTradeID))
    w.key("lastId")
    w.raw(String(t.lastTradeID))
    w.key("count")
    w.int(t.trades)
    w.endObject()
  }
}

extension BinanceDialect {
  /// The ticker of book `b` now.
  func ticker(_ b: Int, _ world: SimWorld, timeMs: Int64) -> BinanceTicker? {
    guard let slot = world.slot(books[b].listing.source) else { return nil }
    return BinanceTicker(books[b], source: slot.generator, timeMs: timeMs)
  }

  /// Once a second: every `<symbol>@ticker` and `@miniTicker`, and the all-market arrays.
  func publishTickers(_ world: SimWorld, timeMs t: Int64) {
    for market in BinanceSimMarket.allCases {
      var all: [[UInt8]] = []
      var allMini: [[UInt8]] = []
      let wantsAll = wanted(BinanceStream(kind: .ticker, symbol: nil), market)
      let wantsAllMini = wanted(BinanceStream(kind: .miniTicker, symbol: nil), market)
      for b in books.indices where books[b].listing.market == market {
        let l = books[b].listing
        let one = BinanceStream(kind: .ticker, symbol: l.symbol)
        let mini = BinanceStream(kind: .miniTicker, symbol: l.symbol)
        let wantsOne = wanted(one, market)
        let wantsMini = wanted(mini, market)
        guard wantsAll || wantsAllMini || wantsOne || wantsMini, let ticker = ticker(b, world, timeMs: t)
        else {
          continue
        }
        if wantsAll || wantsOne {
          let data = BinanceEncoder.ticker(ticker, l)
          if wantsOne { deliver(data, one, market) }
          all.append(data)
        }
        if wantsAllMini || wantsMini {
          let data = BinanceEncoder.miniTicker(ticker, l)
          if wantsMini { deliver(data, mini, market) }
          allMini.append(data)
        }
      }
      if wantsAll, !all.isEmpty {
        deliver(Self.array(all), BinanceStream(kind: .ticker, symbol: nil), market)
      }
      if wantsAllMini, !allMini.isEmpty {
        deliver(Self.array(allMini), BinanceStream(kind: .miniTicker, symbol: nil), market)
      }
    }
  }

  /// `[a,b,…]` of already-encoded payloads.
  private static func array(_ items: [[UInt8]]) -> [UInt8] {
    var out: [UInt8] = [UInt8(ascii: "[")]
    for (i, item) in items.enumerated() {
      if i > 0 { out.append(UInt8(ascii: ",")) }
      out += item
    }
    out.append(UInt8(ascii: "]"))
    return out
  }
}
