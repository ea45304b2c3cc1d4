/// One resting level of the simulated book: a price on the tick grid, BitMEX's arbitrary
/// level id, and the size resting there (contracts, a multiple of the lot).
struct SimLevel: Sendable, Hashable {
  var ticks: Int64
  var id: Int64
  var size: Int64
}
