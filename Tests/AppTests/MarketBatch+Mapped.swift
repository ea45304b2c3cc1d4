import BitMEX
import MarketModel

extension MarketBatch {
  /// The batch with its book rows mapped to price levels as BitMEX's decoder maps them (its id
  /// map, `BitMEXBookIDs`), after the batches `before` (whose partials give the ids its deltas
  /// name): what the dashboard's feed hands the app.
  func mapped(after before: [MarketBatch] = []) -> MarketBatch {
    var ids = BitMEXBookIDs()
    for var earlier in before { ids.map(&earlier) }
    var out = self
    ids.map(&out)
    return out
  }
}
