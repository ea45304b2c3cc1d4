import Testing
import VenueCore

@Suite struct VenueBookReplayTests {
  @Test(
    arguments: [
      ("{\"a\":1}", 0, nil), ("1626993368.001705 {\"a\":1}", 18, 1_626_993_368_001_705_000),
      ("1626993368.001705: {\"a\":1}", 19, 1_626_993_368_001_705_000),
      ("1723161253937085768 {\"a\":1}", 20, 1_723_161_253_937_085_768), ("pong", 0, nil), ("12ab {}", 0, nil),
      ("99999999999999999999 {}", 21, nil),
    ] as [(String, Int, Int64?)])
  func recordedLinesSplitIntoTimeAndFrame(line: String, frame: Int, ns: Int64?) {
    var text = line
    let (start, time) = text.withUTF8 { VenueBookReplay.split($0) }
    #expect(start == frame, "\(line)")
    #expect(time == ns, "\(line)")
  }

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
