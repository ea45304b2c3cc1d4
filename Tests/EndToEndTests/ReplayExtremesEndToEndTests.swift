import Foundation
import Testing

/// The dashboard replaying recordings whose times are extreme: a clock that jumped three thousand
/// years, and times written with an exponent (`1e999`, past Double). The simulator's pacing once
/// trapped on such times (`Int64(offset / speed * 1e9)`); the replay thread waits for a frame that
/// far away (saturating), and a time with an exponent is no time the recorder writes: the line is
/// skipped and counted.
@Suite(.serialized) struct ReplayExtremesEndToEndTests {
  static let book =
    #"{"table":"orderBookL2","action":"partial","keys":["symbol","id","side"],"types":{"symbol":"symbol","id":"long","side":"symbol","size":"long","price":"float"},"filter":{"symbol":"XBTUSD"},"data":[{"symbol":"XBTUSD","id":2,"side":"Sell","size":10,"price":98001.5},{"symbol":"XBTUSD","id":1,"side":"Buy","size":7,"price":98000.5}]}"#
  static let trade =
    #"{"table":"trade","action":"partial","keys":[],"types":{},"filter":{"symbol":"XBTUSD"},"data":[{"timestamp":"2021-07-22T22:35:59.790Z","symbol":"XBTUSD","side":"Buy","size":1000,"price":98001.5,"tickDirection":"PlusTick","trdMatchID":"a36d1fb8-ff0c-d428-cde7-d166a181c1d2"}]}"#

  /// Runs the dashboard on a replay of `lines` in tmux; `body` gets the session.
  static func withReplay(_ lines: [String], _ body: (TmuxSession) throws -> Void) throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "extreme-\(UUID().uuidString).jsonl")
    try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let tradeterm = try Binaries.path("tradeterm")
    let tmux = try TmuxSession(
      width: 120, height: 30,
      command:
        "env LANG=C.UTF-8 XDG_STATE_HOME=\(DashboardEndToEndTests.stateHome) \(tradeterm) --replay \(file.path) --speed 1; echo \"EXIT=$?\"; sleep 60"
    )
    try body(tmux)
  }

  @Test func aFrameDueThousandsOfYearsLaterWaitsInsteadOfTrapping() throws {
    try Self.withReplay(["1626993368.0 " + Self.book, "99999999999.0 " + Self.trade]) { tmux in
      tmux.wait("the first frame's book") { $0.contains("98,001.5") && $0.contains("98,000.5") }
      // Still running, still waiting for the second frame.
      #expect(!waitUntil(1) { tmux.text.contains("EXIT=") }, "\(tmux.text)")
      #expect(!tmux.text.contains("REPLAY ENDED"))
      try tmux.send("q")
      tmux.wait("exit status 0") { $0.contains("EXIT=0") }
    }
  }

  @Test func timesPastDoublePlayWithTheFrameBefore() throws {
    try Self.withReplay(["1626993368.0 " + Self.book, "1e999 " + Self.trade, "9e999 pong"]) { tmux in
      tmux.wait("the replay played to its end") { $0.contains("98,000.5") && $0.contains("REPLAY ENDED") }
      try tmux.send("q")
      tmux.wait("exit status 0") { $0.contains("EXIT=0") }
    }
  }
}
