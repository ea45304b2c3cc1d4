import VenueCore
import WireJSON

extension BybitAdapter {
  /// The category's instruments-info.
  public func decodeInstruments(_ bodies: [WireValue]) throws(RESTBodyError) -> VenueRows<InstrumentSpec> {
    guard let body = bodies.first else { throw RESTBodyError("no instruments-info body") }
    if let code = body["retCode"]?.text, code != "0" {
      throw RESTBodyError("Bybit retCode \(code): \(body["retMsg"]?.text ?? "")")
    }
    let read = BybitInstruments.specs(instrumentsInfo: body, category: category)
    // A body without `result.list` is one error for the whole body.
    if read.specs.isEmpty, let only = read.errors.first, read.errors.count == 1, only.symbol == "(body)" {
      throw RESTBodyError(only.reason)
    }
    return VenueRows(rows: read.specs, errors: read.errors.map(\.description))
  }

  /// The category's klines.
  public func decodeCandles(_ body: WireValue) throws(CandleError) -> [VenueCandle] {
    try BybitCandles.decode(kline: body)
  }

  /// The category's tickers.
  public func decodeTickers(_ bodies: [WireValue]) throws(RESTBodyError) -> VenueRows<SymbolTicker> {
    guard let body = bodies.first else { throw RESTBodyError("no tickers body") }
    return try BybitTickers.decode(tickers: body, category: category)
  }
}
