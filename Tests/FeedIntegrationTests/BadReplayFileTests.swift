import Foundation
import Seeding
import Testing

/// `tradeterm --replay` of files that are no recorded session, with `--once` (streamed from
/// disk) and for the dashboard (checked the same way before its simulator starts): what was
/// wrong, and exit status 2 — never a raw error value, nor REPLAY ENDED with an empty book.
@Suite struct BadReplayFileTests {
  static let solusdt = "Tests/Fixtures/2021-07-22_orderBookL2_SOLUSDT_replay.jsonl"

  /// Writes `bytes` to a temporary file, runs `body` with its path, removes it.
  static func withFile<T>(_ bytes: [UInt8], _ body: (String) throws -> T) throws -> T {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).jsonl")
    try Data(bytes).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    return try body(file.path)
  }

  /// `--once --replay path` and the dashboard's `--replay path` (run without a terminal: the
  /// file is checked before the terminal is asked for).
  static func replays(_ path: String, symbol: String = "SOLUSDT") throws -> [TradetermProcess.Result] {
    let common = ["--replay", path, "--symbol", symbol, "--speed", "0"]
    return [
      try TradetermProcess.run(["--once", "--timeout", "10"] + common), try TradetermProcess.run(common),
    ]
  }

  static func expectRefused(
    _ runs: [TradetermProcess.Result], saying words: String...,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for (run, mode) in zip(runs, ["--once", "dashboard"]) {
      let what =
        "\(mode): exit \(run.status), stderr \(run.stderr.debugDescription), stdout \(run.stdout.prefix(300))"
      #expect(run.status == 2, "\(what)", sourceLocation: sourceLocation)
      #expect(run.stdout.isEmpty, "\(what)", sourceLocation: sourceLocation)
      #expect(words.allSatisfy { run.stderr.contains($0) }, "\(what)", sourceLocation: sourceLocation)
      #expect(
        !run.stderr.contains("CocoaError") && !run.stderr.contains("needs a terminal"), "\(what)",
        sourceLocation: sourceLocation)
    }
  }

  @Test func aDirectory() throws {
    let dir = FileManager.default.temporaryDirectory.path
    Self.expectRefused(
      try Self.replays(dir), saying: "tradeterm: cannot replay \(dir): is a directory, not a recording")
  }

  @Test func anEmptyFile() throws {
    let runs = try Self.withFile([]) { try Self.replays($0) }
    Self.expectRefused(runs, saying: "holds no frames")
  }

  @Test func aBinaryFile() throws {
    var random = SimRandom(seed: 11)
    let bytes = (0..<100_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    let runs = try Self.withFile(bytes) { try Self.replays($0) }
    Self.expectRefused(runs, saying: "holds no frames: ", "bad line(s)")
  }

  @Test func aJunkTextFile() throws {
    let text = "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n"
    let runs = try Self.withFile(Array(text.utf8)) { try Self.replays($0) }
    Self.expectRefused(runs, saying: "holds no frames: 2 bad line(s), the last: line 2: not a recorded frame")
  }

  /// A junk line among frames is skipped and named; frames without the symbol's book refuse.
  @Test func aJunkLineAmongFramesWithNothingForTheSymbol() throws {
    let text = "{\"table\":\"trade\",\"action\":\"insert\",\"data\":[]}\n\nroot:x:0:0:root:/root:/bin/bash\n"
    let runs = try Self.withFile(Array(text.utf8)) { try Self.replays($0) }
    Self.expectRefused(
      runs, saying: "skipped 1 bad line(s); the last: line 3: not a recorded frame",
      "holds no order book for SOLUSDT (no order book at all)")
    // A good file, the wrong symbol.
    Self.expectRefused(
      try Self.replays(Self.solusdt, symbol: "XBTUSD"),
      saying: "holds no order book for XBTUSD; it holds: SOLUSDT")
  }

  /// A recording cut in the middle of its last line: the complete lines replay as they would
  /// alone, and the cut is named.
  @Test func aFileTruncatedMidLine() throws {
    let lines = try String(
      contentsOfFile: TradetermProcess.packageRoot.appendingPathComponent(Self.solusdt).path, encoding: .utf8
    ).split(separator: "\n").map(String.init)
    let complete = lines.prefix(lines.count - 1).joined(separator: "\n") + "\n"
    let cut = complete + lines[lines.count - 1].prefix(70)
    let args = ["--once", "--symbol", "SOLUSDT", "--speed", "0", "--timeout", "10", "--replay"]
    let whole = try Self.withFile(Array(complete.utf8)) { try TradetermProcess.run(args + [$0]) }
    let truncated = try Self.withFile(Array(cut.utf8)) { try TradetermProcess.run(args + [$0]) }
    #expect(
      whole.status == 0 && truncated.status == 0,
      "exit \(whole.status), \(truncated.status): \(truncated.stderr)")
    #expect(truncated.stdout == whole.stdout)
    #expect(truncated.stdout.hasPrefix("SOLUSDT  REPLAY ENDED"))
    #expect(truncated.stderr.contains("the file ends in the middle of a line"), "\(truncated.stderr)")
    #expect(whole.stderr.isEmpty, "\(whole.stderr)")
  }
}
