import VenueCore
import WireJSON

extension KrakenAdapter {
  /// `AssetPairs`' result: every pair's facts.
  public func decodeInstruments(_ bodies: [WireValue]) throws(RESTBodyError) -> VenueRows<InstrumentSpec> {
    guard let body = bodies.first else { throw RESTBodyError("no AssetPairs body") }
    let read = KrakenInstruments.specs(assetPairs: .object(try KrakenTickers.result(body, "AssetPairs")))
    return VenueRows(rows: read.specs, errors: read.errors.map(\.description))
  }

  /// `OHLC`'s bars.
  public func decodeCandles(_ body: WireValue) throws(CandleError) -> [VenueCandle] {
    try KrakenCandles.decode(ohlc: body)
  }

  /// `AssetPairs` then `Ticker` (`restRequests(for: .tickers)`).
  public func decodeTickers(_ bodies: [WireValue]) throws(RESTBodyError) -> VenueRows<SymbolTicker> {
    guard bodies.count == 2 else {
      throw RESTBodyError("AssetPairs and Ticker expected, \(bodies.count) bodies")
    }
    return try KrakenTickers.decode(assetPairs: bodies[0], ticker: bodies[1])
  }
}
