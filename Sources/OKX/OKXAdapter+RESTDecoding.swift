import VenueCore
import WireJSON

extension OKXAdapter {
  /// The instruments of each type, one body a type.
  public func decodeInstruments(_ bodies: [WireValue]) throws(RESTBodyError) -> VenueRows<InstrumentSpec> {
    guard !bodies.isEmpty else { throw RESTBodyError("no instruments body") }
    var out = VenueRows<InstrumentSpec>()
    for body in bodies {
      if let code = body["code"]?.text, code != "0" {
        throw RESTBodyError("OKX code \(code): \(body["msg"]?.text ?? "")")
      }
      guard let rows = body["data"]?.array else { throw RESTBodyError("no data array") }
      for row in rows {
        switch OKXInstruments.spec(row: row) {
        case .success(let spec): out.rows.append(spec)
        case .failure(let error): out.errors.append(error.description)
        }
      }
    }
    return out
  }

  /// The candles' bars.
  public func decodeCandles(_ body: WireValue) throws(CandleError) -> [VenueCandle] {
    try OKXCandles.decode(candles: body)
  }

  /// The tickers of each type, one body a type.
  public func decodeTickers(_ bodies: [WireValue]) throws(RESTBodyError) -> VenueRows<SymbolTicker> {
    guard !bodies.isEmpty else { throw RESTBodyError("no tickers body") }
    var out = VenueRows<SymbolTicker>()
    for body in bodies { out.append(try OKXTickers.decode(tickers: body)) }
    return out
  }
}
