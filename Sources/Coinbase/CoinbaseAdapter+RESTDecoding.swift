import VenueCore
import WireJSON

extension CoinbaseAdapter {
  /// The products' facts.
  public func decodeInstruments(_ bodies: [WireValue]) throws(RESTBodyError) -> VenueRows<InstrumentSpec> {
    guard let body = bodies.first else { throw RESTBodyError("no products body") }
    guard body["products"]?.array != nil else {
      throw RESTBodyError(body["message"]?.text.map { "Coinbase: \($0)" } ?? "no products array")
    }
    let read = CoinbaseInstruments.specs(products: body)
    return VenueRows(rows: read.specs, errors: read.errors.map(\.description))
  }

  /// A product's candles.
  public func decodeCandles(_ body: WireValue) throws(CandleError) -> [VenueCandle] {
    try CoinbaseCandles.decode(candles: body)
  }

  /// The products' prices, 24 h changes and volumes.
  public func decodeTickers(_ bodies: [WireValue]) throws(RESTBodyError) -> VenueRows<SymbolTicker> {
    guard let body = bodies.first else { throw RESTBodyError("no products body") }
    return try CoinbaseTickers.decode(products: body)
  }
}
