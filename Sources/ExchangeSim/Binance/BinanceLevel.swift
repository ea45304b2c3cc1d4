/// A level of a simulated Binance book: the price in ticks of the symbol, the quantity in units
/// of 10^-`qtyDecimals` of the base asset (0 deletes, in a depth update).
struct BinanceLevel: Sendable, Hashable {
  var ticks: Int64
  var qty: Int64
}
