import ExchangeSim
import Testing

/// The simulator's linear USDt rows are consistent contracts: a contract of
/// `1 / underlyingToPositionMultiplier` of the underlying is worth `multiplier × price` USDt,
/// so `multiplier × underlyingToPositionMultiplier` must be 10^6 (one USDT per point per whole
/// unit of the underlying), as in BitMEX's rows (XBTUSDT 1 × 10^6, XRPUSDT 10^4 × 100).
@Suite struct ContractFieldTests {
  @Test func linearUSDtRowsValueTheirUnderlying() {
    let all = SimInstrument.defaults + SimUniverse.extras(nowMs: 1_790_000_000_000)
    let linear = all.filter { $0.kind == .linear && $0.settlCurrency == "USDt" }
    #expect(linear.count > 20)
    for i in linear {
      let u2p = i.underlyingToPositionMultiplier ?? 0
      #expect(abs(i.multiplier * u2p - 1e6) < 1e-6, "\(i.symbol): \(i.multiplier) × \(u2p)")
    }
  }
}
