import Testing
import VenueCore

@Suite struct NoSequenceTests {
  /// Frames without the sequence their rule links by (OKX before 2023): the book says so and is
  /// not live, never followed blindly.
  @Test func aMessageWithoutItsSequenceIsNotFollowed() {
    var policy = SequenceLinkSync(link: .previous)
    var book = PriceBook(priceScale: 0, sizeScale: 0)
    _ = policy.receive(.snapshot(), [bid("10", "1"), ask("11", "1")], book: &book)
    let outcome = policy.receive(.delta(), [bid("10", "2")], book: &book)
    #expect(outcome.fault == .noSequence)
    #expect(!policy.state.isLive)
  }
}
