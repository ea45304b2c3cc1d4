import Foundation
import Testing

/// The markets screen of the built `tradeterm` in tmux against `tradeterm-sim --universe`: the
/// list at three sizes, sorting, the type filter, a star, Enter to a symbol's dashboard and back,
/// and honest freshness when the exchange goes away and comes back.
@Suite(.serialized) struct MarketsEndToEndTests {
  static func command(_ sim: SimProcess, state: String) throws -> String {
    let tradeterm = try Binaries.path("tradeterm")
    return
      "trap '' INT; env LANG=C.UTF-8 XDG_STATE_HOME=\(state) \(tradeterm) --ws-url \(sim.webSocketURL) "
      + "--rest-url \(sim.restURL) --markets; echo \"EXIT=$?\"; sleep 60"
  }

  @Test func theListAtEverySizeEnterAndBackAndAReconnect() throws {
    var sim = try SimProcess(seed: 21, arguments: ["--universe"])
    let port = sim.port
    let state = FileManager.default.temporaryDirectory.appendingPathComponent("tt-e2e-markets-\(getpid())")
      .path
    defer { try? FileManager.default.removeItem(atPath: state) }
    let tmux = try TmuxSession(width: 120, height: 40, command: try Self.command(sim, state: state))
    tmux.wait("the markets list, LIVE") { $0.contains("Markets  150") && $0.contains("LIVE") }
    // The first key after start is an arrow: it moves the cursor (it used to arrive as a lone
    // Escape, which closed the list, before ncurses put the terminal in keypad mode), and the
    // list still takes keys: f shows the perpetuals.
    try tmux.send("Down", "f")
    tmux.wait("the list after a first arrow") { $0.contains("Markets") && $0.contains("perpetuals") }
    for (w, h) in [(80, 24), (200, 60), (120, 40)] {
      try tmux.resize(width: w, height: h)
      tmux.wait("the list at \(w)x\(h)") { text in
        let lines = text.components(separatedBy: "\n")
        return lines.count >= h && ["Symbol", "Last", "24h %", "Vol $24h"].allSatisfy { text.contains($0) }
          && lines.allSatisfy { $0.count <= w } && text.contains("ETHUSDT")
      }
    }
    // Sorted by volume, largest first: sort by symbol instead (Shift-Tab four times from volume).
    try tmux.send("BTab", "BTab", "BTab", "BTab")
    tmux.wait("sorted by symbol") { $0.contains("Symbol▲") }
    // Spot only, then star the first row and open it.
    try tmux.send("f", "f")
    tmux.wait("spot only") { $0.contains("spot") && $0.contains("_USDT") && !$0.contains("XBTUSD ") }
    try tmux.send("*")
    tmux.wait("a star") { $0.contains("★") }
    #expect(waitUntil(5) { FileManager.default.fileExists(atPath: state + "/tradeterm/favourites") })
    try tmux.send("Enter")
    tmux.wait("the dashboard on a spot pair", timeout: 20) { text in
      DashboardEndToEndTests.hasPane(text, "Book") && text.contains("_USDT") && text.contains("LIVE")
    }
    try tmux.send("m")
    tmux.wait("back on the list, the star kept") { $0.contains("Markets") && $0.contains("★") }

    // The exchange goes away: the list says how old it is and the badge says RECONNECTING.
    sim.stop()
    tmux.wait("RECONNECTING, the list dated") { $0.contains("RECONNECTING") && $0.contains(" old") }
    sim = try SimProcess(port: port, seed: 21, arguments: ["--universe"])
    defer { sim.stop() }
    tmux.wait("LIVE again", timeout: 40) {
      $0.contains("LIVE") && !$0.contains("RECONNECTING") && !$0.contains(" old")
    }
    try tmux.send("q")
    tmux.wait("exit status 0") { $0.contains("EXIT=0") }
  }
  /// A star that cannot be saved is said on the status line (it was dropped in silence): here
  /// the favourites' lock file is a directory.
  @Test func aStarThatCannotBeSavedIsSaid() throws {
    let sim = try SimProcess(seed: 22, arguments: ["--universe"])
    defer { sim.stop() }
    let state = FileManager.default.temporaryDirectory.appendingPathComponent("tt-e2e-fav-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: state) }
    try FileManager.default.createDirectory(
      atPath: state + "/tradeterm/favourites.lock", withIntermediateDirectories: true)
    let tmux = try TmuxSession(width: 160, height: 40, command: try Self.command(sim, state: state))
    tmux.wait("the markets list, LIVE") { $0.contains("Markets  150") && $0.contains("LIVE") }
    try tmux.send("*")
    tmux.wait("the failed save said") { $0.contains("favourites not saved") }
    try tmux.send("q")
    tmux.wait("exit status 0") { $0.contains("EXIT=0") }
  }
}
