import Testing
import VenueCore

@Suite struct ConnectionSequenceTests {
  @Test func aCounterThatSkipsOrRepeatsIsAGap() {
    var seq = ConnectionSequence()
    #expect(seq.next(5) == nil)
    #expect(seq.next(6) == nil)
    #expect(seq.next(8)! == (7, 8))
    #expect(seq.next(8)! == (9, 8))
    seq.reset()
    #expect(seq.next(0) == nil)
    var top = ConnectionSequence()
    _ = top.next(.max)
    #expect(top.next(0) != nil)
  }
}
