import Kraken
import OKX
import Session
import Testing

@testable import Screen

/// The replay's place on the status line: state and speed, the recording's time, %, the bar.
@Suite struct ReplayStatusTests {
  static func text(_ p: ReplayPosition, ascii: Bool = false) -> String {
    ReplayStatus(p, utcOffsetMinutes: 0, ascii: ascii).spans.map(\.text).joined()
  }

  @Test func playingPausedSeekingAndEnded() {
    let at = 1_626_993_367.9  // 22:36:07.9 UTC
    #expect(
      Self.text(ReplayPosition(time: at, progress: 0.375, speed: 4)) == "▶ 4×  22:36:07  37% ▕███▊░░░░░░▏")
    #expect(
      Self.text(ReplayPosition(time: at, progress: 0.5, speed: 0.5, paused: true))
        == "⏸ PAUSED 0.50×  22:36:07  50% ▕█████░░░░░▏")
    #expect(
      Self.text(ReplayPosition(time: at, progress: 1, speed: 0, ended: true))
        == "■ END  22:36:07  100% ▕██████████▏")
    #expect(
      Self.text(ReplayPosition(time: at, progress: 0.1, speed: 0, seekingTo: at + 60), ascii: true)
        == ">> SEEK  22:36:07  10% [#---------]")
    #expect(
      Self.text(ReplayPosition(progress: 0, speed: 2, badLines: 3))
        == "▶ 2×  0% ▕░░░░░░░░░░▏  3 bad lines skipped")
    #expect(
      Self.text(
        ReplayPosition(progress: 0, speed: 2, badLines: 1, lastBadLine: "line 102: not a recorded frame"))
        == "▶ 2×  0% ▕░░░░░░░░░░▏  1 bad line skipped (last: line 102)")
    // A recording of several venues, played as one: the others' lines are counted apart.
    #expect(
      Self.text(ReplayPosition(progress: 0, speed: 2, otherVenueLines: 40, otherVenues: [.kraken, .okx]))
        == "▶ 2×  0% ▕░░░░░░░░░░▏  40 kraken, okx lines skipped")
    #expect(
      Self.text(
        ReplayPosition(
          time: at, progress: 0.9, speed: 0, ended: true, failure: "line 9: corrupt compressed data"))
        == "■ STOPPED  22:36:07  90% ▕█████████░▏")
  }

  @Test(arguments: [(0.0, "max"), (1.0, "1×"), (64.0, "64×"), (0.125, "0.125×"), (0.25, "0.25×")])
  func speeds(speed: Double, text: String) {
    #expect(ReplayStatus.speedText(speed, ascii: false) == text)
  }
}
