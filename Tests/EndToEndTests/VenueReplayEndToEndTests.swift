import Foundation
import Testing

/// The dashboard replaying a Kraken recording (format 2, the real capture's frames with times
/// 20 ms apart and another venue's line among them) in a real terminal at 80×24: the book as
/// Kraken's book rule builds it, REPLAY with the position, pause, then ENDED; the other venue's
/// line is counted on the way out.
@Suite(.serialized) struct VenueReplayEndToEndTests {
  @Test func aKrakenRecordingPlaysOnTheDashboard() throws {
    let capture = Binaries.root.appendingPathComponent(
      "Tests/Fixtures/exchanges/kraken-v2_2026-08-01_BTCUSD_book10_resubscribes_ws.jsonl")
    let frames = try String(contentsOf: capture, encoding: .utf8).split(separator: "\n")
    var text = "# tradeterm recording 2\n"
    for (i, line) in frames.enumerated() {
      let time = String(format: "%.6f", 1_785_552_833.0 + Double(i) * 0.02)
      text += "\(time) kraken \(line)\n"
      if i == 10 { text += "\(time) okx {\"event\":\"subscribe\"}\n" }
    }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kraken-\(UUID().uuidString).jsonl")
    try text.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let tradeterm = try Binaries.path("tradeterm")
    let tmux = try TmuxSession(
      width: 80, height: 24,
      command:
        "env LANG=C.UTF-8 XDG_STATE_HOME=\(DashboardEndToEndTests.stateHome) \(tradeterm) --replay \(file.path) kraken:BTC/USD --speed 1; echo \"EXIT=$?\"; sleep 60"
    )
    tmux.wait("the book and REPLAY") {
      $0.contains("kraken:BTC/USD") && $0.contains("63,0") && $0.contains("REPLAY")
    }
    try tmux.send(" ")
    tmux.wait("paused") { $0.contains("PAUSED") }
    try tmux.send(" ")
    // The capture's last book: its best bid.
    tmux.wait("the end with the final book", timeout: 30) {
      $0.contains("REPLAY ENDED") && $0.contains("63,004.9") && $0.contains("0.01661")
    }
    try tmux.send("q")
    // (The line wraps at 80 columns.)
    tmux.wait("exit status 0 and the other venue's line counted") {
      $0.contains("EXIT=0") && $0.contains("skipped 1 lin") && $0.contains("of okx (replayed as kraken)")
    }
  }
}
