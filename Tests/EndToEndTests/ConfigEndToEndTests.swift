import Foundation
import Testing

/// The config file, the alerts and the log with the built binaries: a bad file is one line with
/// its line and column; an alert on the simulator's price fires once with a banner, the bell and
/// a desktop notification in the raw output, and the log records it.
@Suite(.serialized) struct ConfigEndToEndTests {
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tt-config-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func aTypoIsOneLineWithLineAndColumnAndStatus2() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("config.toml")
    try "symbol = \"XBTUSD\"\n\n[theme]\nbid = \"#00ff0\"\n".write(
      to: file, atomically: true, encoding: .utf8)
    let (status, output) = try Child.run(
      [try Binaries.path("tradeterm"), "--config", file.path, "config"], errorsToOutput: true)
    #expect(status == 2)
    #expect(output.contains("\(file.path):4:7: theme.bid must be a colour"), "\(output)")
    #expect(output.split(separator: "\n").count == 1, "\(output)")
  }

  @Test func configPrintsTheEffectiveSettings() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("config.toml")
    try "fps = 12\n[keys]\ntoggle-bars = \"b\"\n[[alerts]]\nsymbol = \"XBTUSD\"\ntrade = 5000\n"
      .write(to: file, atomically: true, encoding: .utf8)
    let (status, output) = try Child.run([try Binaries.path("tradeterm"), "--config", file.path, "config"])
    #expect(status == 0)
    #expect(output.contains("# config file: \(file.path)"))
    #expect(output.contains("fps = 12"))
    #expect(output.contains("toggle-bars = [\"b\"]"))
    #expect(output.contains("trade = 5000"))
  }

  @Test func anAlertFiresOnceWithBannerBellNotificationAndLog() throws {
    let sim = try SimProcess(seed: 21)
    defer { sim.stop() }
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let config = dir.appendingPathComponent("config.toml")
    // The smallest move fires at the first price change; `once`, so never again.
    // Its command runs without a shell ({symbol} replaced); a second alert's program does not
    // exist, which the status line says.
    try """
    [[alerts]]
    symbol = "XBTUSD"
    move = 0.000001
    within = 1
    run = ["touch", "\(dir.path)/ran-{symbol}"]
    """.write(to: config, atomically: true, encoding: .utf8)
    let log = dir.appendingPathComponent("tradeterm.log")
    let raw = dir.appendingPathComponent("raw.bin")
    let command =
      "env LANG=C.UTF-8 XDG_STATE_HOME=\(dir.path) \(try Binaries.path("tradeterm")) --ws-url \(sim.webSocketURL) "
      + "--rest-url \(sim.restURL) --config \(config.path) --log-file \(log.path); echo \"EXIT=$?\"; sleep 60"
    let tmux = try TmuxSession(width: 120, height: 40, command: command)
    try TmuxSession.tmux(["pipe-pane", "-t", tmux.name, "-o", "cat >> \(raw.path)"])
    tmux.wait("the alert's banner", timeout: 20) { $0.contains("ALERT") && $0.contains("XBTUSD moved") }
    // Acknowledged with a key; the price keeps moving, the alert does not fire again.
    try tmux.send("x")
    tmux.wait("the banner gone") { !$0.contains("ALERT") }
    let logged = { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
    #expect(waitUntil(5) { logged().contains("alert: XBTUSD moved") })
    #expect(
      waitUntil(5) { FileManager.default.fileExists(atPath: dir.appendingPathComponent("ran-XBTUSD").path) })
    #expect(waitUntil(5) { logged().contains("connection: LIVE") })
    // More prices arrive (the tape's newest line changes) and the alert stays fired once.
    let before = tmux.screen().first { $0.contains("BUY") || $0.contains("SELL") }
    tmux.wait("new trades") { screen in before.map { !screen.contains($0) } ?? true }
    #expect(logged().components(separatedBy: "alert:").count == 2, "\(logged())")
    try tmux.send("q")
    tmux.wait("exit status 0") { $0.contains("EXIT=0") }
    let bytes = (try? Data(contentsOf: raw)) ?? Data()
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.components(separatedBy: "]777;notify;tradeterm;XBTUSD moved").count == 2)
    #expect(text.components(separatedBy: "]9;tradeterm: XBTUSD moved").count == 2)
    #expect(bytes.contains(0x07))
  }
  /// A FIFO as the log file is refused at once with its reason and status 2 (opening it for
  /// writing waited for a reader for ever, before the screen opened).
  @Test func aFIFOAsTheLogFileIsRefused() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let fifo = dir.appendingPathComponent("log").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let tradeterm = try Binaries.path("tradeterm")
    let tmux = try TmuxSession(
      width: 120, height: 30,
      command: "env LANG=C.UTF-8 XDG_STATE_HOME=\(dir.path) \(tradeterm) --demo --log-file \(fifo); "
        + "echo \"EXIT=$?\"; sleep 60")
    tmux.wait("refused, status 2") {
      $0.contains("cannot open the log file") && $0.contains("not a regular file (a FIFO)")
        && $0.contains("EXIT=2")
    }
  }
}
