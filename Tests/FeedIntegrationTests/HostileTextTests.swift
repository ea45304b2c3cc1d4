import ExchangeSim
import Foundation
import Testing

/// Text from a hostile exchange (error messages, close reasons, symbol names) printed by the
/// real `tradeterm --once`: nothing that could drive a terminal reaches stdout or stderr — no
/// ESC or other C0 control but the newline, no DEL, no C1 control, no bidi control.
@Suite struct HostileTextTests {
  /// OSC 2 (retitles the window), OSC 52 (sets the clipboard), CSI 2K + CR (a forged
  /// prompt), a C1 CSI and a right-to-left override.
  static let hostile =
    "\u{1B}]2;PWNED\u{07}\u{1B}]52;c;aGk=\u{07}\u{1B}[2K\rroot# \u{9B}31m\u{202E}evil\u{2066}"

  /// Whether a terminal must never receive `scalar` from outside.
  static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    return (v < 0x20 && v != 0x0A) || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v)
      || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F || v == 0x61C
  }

  /// The unsafe scalars of `text`, as `U+XXXX`.
  static func terminalUnsafe(_ text: String) -> [String] {
    text.unicodeScalars.filter(isUnsafe).map { "U+" + String($0.value, radix: 16, uppercase: true) }
  }

  /// `text` with its unsafe scalars spelled out, for failure messages (which the test runner
  /// prints to a terminal too).
  static func visible(_ text: String) -> String {
    text.unicodeScalars.map {
      isUnsafe($0) ? "<U+\(String($0.value, radix: 16, uppercase: true))>" : String($0)
    }
    .joined()
  }

  static func expectSafe(_ run: TradetermProcess.Result, sourceLocation: SourceLocation = #_sourceLocation) {
    let (out, err) = (terminalUnsafe(run.stdout), terminalUnsafe(run.stderr))
    #expect(out.isEmpty, "stdout: \(visible(run.stdout))", sourceLocation: sourceLocation)
    #expect(err.isEmpty, "stderr: \(visible(run.stderr))", sourceLocation: sourceLocation)
  }

  /// Whether stderr holds every one of `parts` (checked outside `#expect`, which would print
  /// the raw text when it fails).
  static func says(_ run: TradetermProcess.Result, _ parts: String...) -> Bool {
    parts.allSatisfy { run.stderr.contains($0) }
  }

  /// `text` as a JSON string literal, quotes included (for writing a frame by hand).
  static func json(_ text: String) throws -> String {
    // `["…"]` without its brackets.
    String(
      String(decoding: try JSONSerialization.data(withJSONObject: [text]), as: UTF8.self).dropFirst()
        .dropLast())
  }

  /// A fatal error frame ("Unknown table: …") ends `--once` with the server's words.
  @Test func aFatalErrorFrameIsPrintedSafely() throws {
    var config = Integration.simConfig(seed: 1100)
    config.faults.subscribeError = "Unknown table: " + Self.hostile
    try Integration.withSim(config) { sim in
      let run = try TradetermProcess.run([
        "--once", "--ws-url", sim.webSocketURL, "--rest-url", sim.restURL, "--timeout", "10",
      ])
      #expect(run.status == 1, "exit \(run.status); stderr: \(Self.visible(run.stderr))")
      let said = Self.says(run, "Unknown table: ?]2;PWNED??]52;c;aGk=??[2K?root# ?31m?evil?")
      #expect(said, "\(Self.visible(run.stderr))")
      let lines = run.stderr.split(separator: "\n").count
      #expect(lines == 1, "one line: \(Self.visible(run.stderr))")
      Self.expectSafe(run)
    }
  }

  /// The symbols a recording holds books for, named when it holds none for `--symbol`.
  @Test func symbolNamesFromARecordingArePrintedSafely() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "hostile-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: file) }
    let symbol = try Self.json("ZZ\u{1B}]2;PWNED\u{07}\u{202E}")
    let frame =
      #"{"table":"orderBookL2","action":"partial","filter":{"symbol":"# + symbol
      + #"},"data":[{"symbol":"# + symbol + #","id":1,"side":"Buy","size":5,"price":10}]}"#
    try (frame + "\n").write(to: file, atomically: true, encoding: .utf8)
    let run = try TradetermProcess.run([
      "--once", "--replay", file.path, "--symbol", "XBTUSD", "--speed", "0", "--timeout", "10",
    ])
    #expect(run.status == 2, "exit \(run.status); stderr: \(Self.visible(run.stderr))")
    let said = Self.says(run, "holds no order book for XBTUSD; it holds: ZZ?]2;PWNED??")
    #expect(said, "\(Self.visible(run.stderr))")
    Self.expectSafe(run)
  }

  @Test func aServerErrorWhileWaitingIsPrintedSafely() throws {
    var config = Integration.simConfig(seed: 1101)
    config.faults.subscribeError = "maintenance " + Self.hostile
    try Integration.withSim(config) { sim in
      let run = try TradetermProcess.run([
        "--once", "--ws-url", sim.webSocketURL, "--rest-url", sim.restURL, "--timeout", "2",
      ])
      #expect(run.status == 1, "exit \(run.status); stderr: \(Self.visible(run.stderr))")
      let said = Self.says(run, "gave up after 2 s", "maintenance ?]2;PWNED?")
      #expect(said, "\(Self.visible(run.stderr))")
      Self.expectSafe(run)
    }
  }

  @Test func aCloseReasonIsPrintedSafely() throws {
    var config = Integration.simConfig(seed: 1102)
    config.faults.closeReason = "bye " + Self.hostile
    try Integration.withSim(config) { sim in
      let run = try TradetermProcess.run([
        "--once", "--ws-url", sim.webSocketURL, "--rest-url", sim.restURL, "--timeout", "2",
      ])
      #expect(run.status == 1, "exit \(run.status); stderr: \(Self.visible(run.stderr))")
      let said = Self.says(run, "closed (1008): bye ?]2;PWNED?")
      #expect(said, "\(Self.visible(run.stderr))")
      Self.expectSafe(run)
    }
  }

  @Test func symbolNamesFromTheServerInTheUnknownSymbolHintArePrintedSafely() throws {
    var title = SimInstrument.defaults[0]
    title.symbol = "XBTUSDX\u{1B}]2;PWNED\u{07}"
    var bidi = SimInstrument.defaults[0]
    bidi.symbol = "XBTUSDX\u{9B}1m\u{202E}Z"
    var config = Integration.simConfig(seed: 1103)
    config.instruments = SimInstrument.defaults + [title, bidi]
    try Integration.withSim(config) { sim in
      let run = try TradetermProcess.run([
        "--once", "--symbol", "XBTUSDX", "--ws-url", sim.webSocketURL, "--rest-url", sim.restURL, "--timeout",
        "15",
      ])
      #expect(run.status == 2, "exit \(run.status); stderr: \(Self.visible(run.stderr))")
      let said = Self.says(run, "unknown symbol XBTUSDX", "XBTUSDX?]2;PWNED?", "XBTUSDX?1m?Z")
      #expect(said, "\(Self.visible(run.stderr))")
      Self.expectSafe(run)
    }
  }

  /// A newline in a server's symbol stays inside its row of `--once --markets` (shown as `?`):
  /// it could forge a row of its own.
  @Test func aNewlineInASymbolDoesNotForgeAMarketsRow() throws {
    var forged = SimInstrument.defaults[0]
    forged.symbol = "ZZ\nFAKEUSD 1"
    var config = Integration.simConfig(seed: 1104)
    config.instruments = SimInstrument.defaults + [forged]
    try Integration.withSim(config) { sim in
      let run = try TradetermProcess.run([
        "--once", "--markets", "--ws-url", sim.webSocketURL, "--rest-url", sim.restURL, "--timeout", "15",
      ])
      #expect(run.status == 0, "exit \(run.status); stderr: \(Self.visible(run.stderr))")
      let lines = run.stdout.split(separator: "\n")
      #expect(lines.contains { $0.hasPrefix("ZZ?FAKEUSD 1") }, "\(Self.visible(run.stdout))")
      #expect(!lines.contains { $0.hasPrefix("FAKEUSD") }, "\(Self.visible(run.stdout))")
    }
  }

  /// `--once --portfolio --csv` is for spreadsheets: a symbol that is a formula
  /// (`=HYPERLINK(…)`, or starting with `+ - @`) is written as text with a leading `'` (OWASP).
  @Test func aFormulaInAPortfolioCSVIsWrittenAsText() throws {
    let formula = #"=HYPERLINK("http://x")"#
    var served = SimInstrument.defaults[0]
    served.symbol = formula
    var config = Integration.simConfig(seed: 1105)
    config.instruments = SimInstrument.defaults + [served]
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "hostile-csv-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let positions = dir.appendingPathComponent("positions.toml")
    let toml = """
      [[positions]]
      symbol = '\(formula)'
      quantity = 5
      entry = 10
      [[positions]]
      symbol = "@SUM"
      quantity = -5
      entry = 10
      """
    try toml.write(to: positions, atomically: true, encoding: .utf8)
    try Integration.withSim(config) { sim in
      let run = try TradetermProcess.run(
        [
          "--once", "--csv", "--portfolio", "--positions", positions.path, "--ws-url", sim.webSocketURL,
          "--rest-url", sim.restURL, "--timeout", "15",
        ], environment: ["XDG_STATE_HOME": dir.path])
      #expect(run.status == 0, "exit \(run.status); stderr: \(Self.visible(run.stderr))")
      let lines = run.stdout.split(separator: "\n")
      #expect(lines.contains { $0.hasPrefix(#""'=HYPERLINK(""http://x"")","#) }, "\(run.stdout)")
      #expect(lines.contains { $0.hasPrefix("'@SUM,") }, "\(run.stdout)")
      // No cell of any row starts a formula.
      for line in lines {
        for cell in line.split(separator: ",", omittingEmptySubsequences: false) {
          let bare = cell.hasPrefix("\"") ? cell.dropFirst() : cell
          #expect(!(bare.first.map { "=+@".contains($0) } ?? false), "\(line)")
        }
      }
    }
  }
}
