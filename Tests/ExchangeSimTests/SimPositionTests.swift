import ExchangeSim
import Testing

/// `--demo`'s positions are the simulator's: each on an instrument it lists, entered near where
/// its market opens, a whole number of lots; one of each contract kind, long and short.
@Suite struct SimPositionTests {
  @Test func theDemosPositionsAreOnTheSimulatorsInstrumentsNearTheirOpening() throws {
    var kinds = Set<SimInstrument.Kind>()
    for position in SimPosition.demo {
      let instrument = try #require(
        SimInstrument.defaults.first { $0.symbol == position.symbol.description },
        "\(position.symbol) is not listed by the simulator")
      kinds.insert(instrument.kind)
      #expect(
        abs(position.entry / instrument.startPrice - 1) < 0.02,
        "\(position.symbol): entry \(position.entry), the market opens at \(instrument.startPrice)")
      // Contracts: a linear contract's quantity is in the underlying.
      let contracts =
        instrument.kind == .linear
        ? position.quantity * (instrument.underlyingToPositionMultiplier ?? 1) : position.quantity
      let lots = contracts / Double(instrument.lotSize)
      #expect(lots == lots.rounded() && lots != 0, "\(position.symbol): \(contracts) contracts")
    }
    #expect(kinds == [.inverse, .quanto, .linear])
    #expect(SimPosition.demo.contains { $0.quantity > 0 } && SimPosition.demo.contains { $0.quantity < 0 })
  }
}
