import CZlib
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

  /// A FIFO (no writer) and a device are refused at once, saying what they are: the FIFO hung
  /// the open, and `/dev/zero` was read until the line limit.
  @Test func aFIFOAndADevice() throws {
    let fifo = FileManager.default.temporaryDirectory.appendingPathComponent(
      "fifo-\(UUID().uuidString).jsonl"
    ).path
    #expect(mkfifo(fifo, 0o600) == 0)
    defer { unlink(fifo) }
    Self.expectRefused(try Self.replays(fifo), saying: "cannot replay \(fifo): is a pipe, not a file")
    Self.expectRefused(
      try Self.replays("/dev/zero"), saying: "cannot replay /dev/zero: is a device, not a recording")
  }

  /// `--replay /dev/stdin` from a pipe says a pipe cannot be replayed (it said "holds no frames":
  /// the file was read once to check it, then opened again for the replay, empty); from a file
  /// it plays.
  @Test func standardInput() throws {
    let pipe = Pipe()
    let head = try String(contentsOfFile: Self.solusdt, encoding: .utf8).split(separator: "\n").prefix(5)
    pipe.fileHandleForWriting.write(Data((head.joined(separator: "\n") + "\n").utf8))
    try pipe.fileHandleForWriting.close()
    let piped = try TradetermProcess.run(
      ["--once", "--replay", "/dev/stdin", "--symbol", "SOLUSDT", "--speed", "0"], timeout: 20,
      standardInput: pipe.fileHandleForReading)
    #expect(piped.status == 2, "\(piped)")
    #expect(piped.stderr.contains("cannot replay /dev/stdin: is a pipe, not a file"), "\(piped.stderr)")
    #expect(!piped.stderr.contains("holds no frames"), "\(piped.stderr)")

    let file = try #require(FileHandle(forReadingAtPath: Self.solusdt))
    let redirected = try TradetermProcess.run(
      ["--once", "--replay", "/dev/stdin", "--symbol", "SOLUSDT", "--speed", "0"], timeout: 20,
      standardInput: file)
    #expect(redirected.status == 0, "\(redirected.stderr)")
    #expect(redirected.stdout.contains("SOLUSDT"), "\(redirected.stdout.prefix(300))")
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

  /// `bytes` gzip-compressed by zlib (as `--record FILE.gz` writes), in a temporary `.jsonl.gz`.
  static func withGzip<T>(
    _ bytes: [UInt8], mangle: (inout [UInt8]) -> Void, _ body: (String) throws -> T
  ) throws
    -> T
  {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bad-\(UUID().uuidString).jsonl.gz")
    defer { try? FileManager.default.removeItem(at: file) }
    let gz = try #require(gzopen(file.path, "wb"))
    _ = bytes.withUnsafeBytes { gzwrite(gz, $0.baseAddress, UInt32($0.count)) }
    #expect(gzclose(gz) == Z_OK)
    var compressed = try [UInt8](Data(contentsOf: file))
    mangle(&compressed)
    try Data(compressed).write(to: file)
    return try body(file.path)
  }

  static var session: [UInt8] {
    get throws {
      try [UInt8](
        Data(
          contentsOf: TradetermProcess.packageRoot.appendingPathComponent(
            "Tests/Fixtures/2021-07-22_session_full.jsonl")))
    }
  }

  /// Files that cannot be read through, for both modes: what is wrong, and the line where it
  /// went wrong when it was part way through.
  @Test(arguments: ["missing", "read error", "corrupt gzip"])
  func aFileThatCannotBeReadThrough(kind: String) throws {
    switch kind {
    case "missing":
      let path = FileManager.default.temporaryDirectory.appendingPathComponent(
        "none-\(UUID().uuidString).jsonl"
      )
      .path
      Self.expectRefused(
        try Self.replays(path), saying: "tradeterm: cannot replay \(path): No such file or directory")
    case "read error":
      // Opens, then fails to read (EIO): as a disk failing under the replay does.
      Self.expectRefused(
        try Self.replays("/proc/self/mem"),
        saying: "tradeterm: cannot replay /proc/self/mem: line 1: Input/output error")
    default:
      // Bytes flipped in the middle of the deflate stream.
      let runs = try Self.withGzip(
        try Self.session,
        mangle: { bytes in
          for i in (bytes.count / 2)..<(bytes.count / 2 + 64) { bytes[i] ^= 0x5A }
        }
      ) { try Self.replays($0) }
      Self.expectRefused(
        runs, saying: "tradeterm: cannot replay ", ".jsonl.gz: line ", ": corrupt compressed data (")
    }
  }

  /// A gzip bomb (a small file inflating to 140 MB of blank-looking lines, no frame): the check
  /// says how far it has got while it inflates, then that the file holds no frames. The
  /// inflated line size is capped as for a plain file: a line over the limit stops the replay.
  @Test func aGzipBombShowsProgressAndLinesAreCapped() throws {
    var bytes = [UInt8](repeating: 0x20, count: 140 << 20)
    for end in stride(from: 4095, to: bytes.count, by: 4096) { bytes[end] = 0x0A }
    let runs = try Self.withGzip(bytes, mangle: { _ in }) { try Self.replays($0) }
    Self.expectRefused(runs, saying: "holds no frames")
    for run in runs {
      let progress = run.stderr.split(separator: "\n").filter { $0.contains(" MB inflated, ") }
      #expect(progress.count == 2, "\(run.stderr)")
      #expect(progress.first?.contains("checked 64 MB inflated") == true, "\(run.stderr)")
    }
    let endless = [UInt8](repeating: 0x7B, count: 80 << 20)
    let capped = try Self.withGzip(endless, mangle: { _ in }) { try Self.replays($0) }
    Self.expectRefused(capped, saying: "line 1 is longer than 64 MB: not a recording")
  }

  /// A `.gz` cut short (a recording killed while writing): the lines before the cut play, and
  /// the cut is named.
  @Test func aGzipCutShort() throws {
    let run = try Self.withGzip(try Self.session, mangle: { $0.removeLast($0.count / 3) }) {
      try TradetermProcess.run([
        "--once", "--symbol", "XBTUSD", "--speed", "0", "--timeout", "10", "--replay", $0,
      ])
    }
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("XBTUSD  REPLAY ENDED"), "\(run.stdout)")
    #expect(run.stderr.contains("the file ends in the middle of a line"), "\(run.stderr)")
  }
}
