/// The tickers: each symbol's from its source instrument's, once a second on the streams.
extension BinanceDialect {
  /// Once a second: every `<symbol>@ticker`, `@miniTicker` and `@markPrice`, and the
  /// all-market arrays.
  func publishTickers(_ world: SimWorld, timeMs t: Int64) {
    for b in books.indices where books[b].listing.market == .usdm {
      let l = books[b].listing
      let stream = BinanceStream(kind: .markPrice, symbol: l.symbol)
      guard wanted(stream, .usdm), let slot = world.slot(l.source) else { continue }
      deliver(BinanceEncoder.markPrice(books[b], slot.generator.ticker(timeMs: t), timeMs: t), stream, .usdm)
    }
    for market in BinanceSimMarket.allCases {
      var all: [[UInt8]] = []
      var allMini: [[UInt8]] = []
      let wantsAll = wanted(BinanceStream(kind: .ticker, symbol: nil), market)
      let wantsAllMini = wanted(BinanceStream(kind: .miniTicker, symbol: nil), market)
      let symbols = listings(market).map(\.symbol)
      let wantsSome = symbols.contains {
        wanted(BinanceStream(kind: .ticker, symbol: $0), market)
          || wanted(BinanceStream(kind: .miniTicker, symbol: $0), market)
      }
      guard wantsAll || wantsAllMini || wantsSome else { continue }
      for (l, ticker) in tickers(market, world, timeMs: t) {
        let one = BinanceStream(kind: .ticker, symbol: l.symbol)
        let mini = BinanceStream(kind: .miniTicker, symbol: l.symbol)
        if wantsAll || wanted(one, market) {
          let data = BinanceEncoder.ticker(ticker, l)
          deliver(data, one, market)
          all.append(data)
        }
        if wantsAllMini || wanted(mini, market) {
          let data = BinanceEncoder.miniTicker(ticker, l)
          deliver(data, mini, market)
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
