import Foundation
import Testing

/// The Activity pane of the built `tradeterm` in tmux against `tradeterm-sim --activity`: `w`
/// shows it under the trades; a liquidation shows there and in the tape, and walls come and go.
@Suite(.serialized) struct ActivityEndToEndTests {
  @Test func liquidationsAndWallsShowInTheActivityPane() throws {
    let sim = try SimProcess(seed: 21, arguments: ["--activity"])
    defer { sim.stop() }
    let tradeterm = try Binaries.path("tradeterm")
    let tmux = try TmuxSession(
      width: 200, height: 50,
      command:
        "trap '' INT; env LANG=C.UTF-8 \(tradeterm) --ws-url \(sim.webSocketURL) --rest-url \(sim.restURL); "
        + "echo \"EXIT=$?\"; sleep 60")
    tmux.wait("LIVE") { $0.contains("LIVE") && $0.contains("Book") }
    try tmux.send("w")
    tmux.wait("the Activity pane") { $0.contains("Activity  liq 1m:") && $0.contains("w: hide") }
    // The simulator's first liquidation comes 5–15 s after its start, its first wall 3–8 s.
    tmux.wait("a liquidation in the pane", timeout: 40) { $0.contains(" LIQ  ") }
    tmux.wait("the minute's count in the title", timeout: 5) { text in
      text.contains("Activity  liq 1m: 1 ") || text.contains("· 1 buy")
    }
    tmux.wait("a wall added and gone", timeout: 40) { text in
      text.contains(" ADD  ") && (text.contains(" PULL ") || text.contains(" EAT  "))
    }
    try tmux.send("q")
    tmux.wait("exit status 0") { $0.contains("EXIT=0") }
  }
}
