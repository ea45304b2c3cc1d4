import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// A Binance symbol listed with a ticker and no book: it follows a world instrument that has
/// none of the default listings' books (a linear USDT perpetual for USDⓈ-M, a spot pair for spot),
/// one of this symbol's ticks per source tick, with the market's basis. It is in `exchangeInfo`,
/// `ticker/24hr` and the ticker streams; its depth and klines are not served (`Invalid symbol.`).
struct BinanceTickerOnly: Sendable, Hashable {
  let listing: BinanceListing
  let basisTicks: Int64
  /// The source's lot, and base asset per source contract.
  let sourceLot: Int64
  let basePerContract: Double

  /// The ticker-only listing on `market` of `instrument`, or nil when it is not a USDT linear
  /// perpetual (USDⓈ-M) or spot pair (spot), or its tick does not fit the market's digits.
  init?(_ instrument: SimInstrument, market: BinanceSimMarket) {
    guard instrument.kind == .linear, instrument.quoteCurrency == "USDT",
      market == .spot ? instrument.isSpot : instrument.isPerpetual,
      let perPosition = instrument.underlyingToPositionMultiplier, perPosition > 0
    else { return nil }
    let scale = PriceScale(tickSize: instrument.tickSize)
    let decimals = market == .spot ? 8 : scale.decimals
    guard scale.decimals <= decimals else { return nil }
    let base = instrument.rootSymbol == "XBT" ? "BTC" : instrument.rootSymbol
    let price = instrument.startPrice
    // A step worth between 0.1 and 1 USDT or so, as Binance's are.
    let stepDecimals = max(0, min(8, Int((log10(max(price, 1e-9))).rounded(.up))))
    let qtyDecimals = market == .spot ? 8 : stepDecimals
    listing = BinanceListing(
      market: market, symbol: base + "USDT", source: instrument.symbol, baseAsset: base, quoteAsset: "USDT",
      tickUnits: scale.tickUnits * BinanceListing.power(decimals - scale.decimals), priceDecimals: decimals,
      stepUnits: BinanceListing.power(qtyDecimals - stepDecimals), qtyDecimals: qtyDecimals,
      basisBps: market == .spot ? -1.5 : 1.5, basePerLot: Double(instrument.lotSize) / perPosition)
    basisTicks = Int64((price * listing.basisBps / 10_000 / listing.tickSize).rounded())
    sourceLot = max(1, instrument.lotSize)
    basePerContract = 1 / perPosition
  }

  /// This symbol's ticks for a source price.
  func ticks(_ sourceTicks: Int64) -> Int64 { sourceTicks + basisTicks }

  /// The quantity of `contracts` of the source, in whole steps.
  func qty(_ contracts: Int64) -> Int64 {
    let steps = max(0, (Double(contracts) * basePerContract / listing.stepSize).rounded())
    return Int64(min(steps, 1e12)) * listing.stepUnits
  }

  /// The ticker from the source's fields `t` (the best bid and ask a step each).
  func ticker(_ t: InstrumentTicker, timeMs: Int64) -> BinanceTicker {
    func level(_ name: String) -> BinanceLevel? {
      if case .ticks(let v)? = t.value(name) { return BinanceLevel(ticks: ticks(v), qty: listing.stepUnits) }
      return nil
    }
    // Ids that grow with time, as a tape's would.
    let tradeID = UInt64(max(0, timeMs / 250))
    return BinanceTicker(
      t, ticks: ticks, qty: qty, lastSize: sourceLot, lot: sourceLot, bid: level("bidPrice"),
      ask: level("askPrice"), tradeID: tradeID, timeMs: timeMs)
  }
}
