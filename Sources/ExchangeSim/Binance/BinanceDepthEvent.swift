/// One diff depth update as a stream sends it: the update ids it covers (`U`…`u`), the final id
/// of the stream's previous update (`pu`, USDⓈ-M), and the levels changed (bids best first,
/// asks best first), each at its latest quantity.
struct BinanceDepthEvent: Sendable, Hashable {
  var first: UInt64
  var last: UInt64
  var previous: UInt64
  var bids: [BinanceLevel]
  var asks: [BinanceLevel]
}
