import VenueCore
import WireJSON

extension BinanceAdapter {
  /// `exchangeInfo`'s symbols.
  public func decodeInstruments(_ bodies: [WireValue]) throws(RESTBodyError) -> VenueRows<InstrumentSpec> {
    guard let body = bodies.first else { throw RESTBodyError("no exchangeInfo body") }
    if let code = body["code"]?.text {
      throw RESTBodyError("Binance error \(code): \(body["msg"]?.text ?? "")")
    }
    guard body["symbols"]?.array != nil else { throw RESTBodyError("exchangeInfo without symbols") }
    let read = BinanceInstruments.specs(exchangeInfo: body, market: market)
    return VenueRows(rows: read.specs, errors: read.errors.map(\.description))
  }

  /// `klines`' bars.
  public func decodeCandles(_ body: WireValue) throws(CandleError) -> [VenueCandle] {
    try BinanceCandles.decode(klines: body)
  }

  /// `ticker/24hr` of every symbol.
  public func decodeTickers(_ bodies: [WireValue]) throws(RESTBodyError) -> VenueRows<SymbolTicker> {
    guard let body = bodies.first else { throw RESTBodyError("no ticker/24hr body") }
    return try BinanceTickers.decode(ticker24h: body)
  }
}
