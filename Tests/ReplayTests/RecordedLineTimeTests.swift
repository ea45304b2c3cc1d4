import BitMEX
import TestSupport
import Testing

@testable import Replay

/// The recorder's time prefix read eight digits at a time gives what the digit loop gives, for
/// every length of whole and fraction, whatever follows.
@Suite struct RecordedLineTimeTests {
  @Test(arguments: [UInt64(31), 32])
  func wordTimesAgreeWithTheDigitLoop(seed: UInt64) {
    var mix = SimRandom(seed: seed)
    var taken = 0
    for round in 0..<20_000 {
      var text = ""
      for _ in 0..<Int(mix.next() % 15) { text += String(mix.next() % 10) }
      if mix.next() % 4 != 0 {
        text += "."
        for _ in 0..<Int(mix.next() % 11) { text += String(mix.next() % 10) }
      }
      let tails = [" {\"table\":\"trade\"}", ": {}", "", " ", "x", "9"]
      text += tails[Int(mix.next() % UInt64(tails.count))]
      let bytes = Array(text.utf8)
      bytes.withUnsafeBufferPointer { b in
        guard let p = b.baseAddress else { return }
        let loop = RecordedLine.loopTime(p, count: b.count, from: 0)
        if let word = JSONScanner.wordTime(p, count: b.count, from: 0) {
          taken += 1
          #expect(
            word.0 == loop.0 && word.digits == loop.digits && word.end == loop.end,
            "seed \(seed) round \(round): \(text)")
        }
        let viaPublic = RecordedLine.time(UnsafeRawBufferPointer(b), from: 0)
        #expect(
          viaPublic.0 == loop.0 && viaPublic.digits == loop.digits && viaPublic.end == loop.end,
          "seed \(seed) round \(round): \(text)")
      }
    }
    // The word path answered for a good share of the inputs (the test tests it).
    #expect(taken > 2_000, "seed \(seed): the word path answered only \(taken) times")
  }
}
