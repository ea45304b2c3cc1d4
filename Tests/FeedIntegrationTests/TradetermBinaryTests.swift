import Foundation
import Testing

/// The built `tradeterm` binary end to end, as a user or a script runs it: `--once` against the
/// in-process simulator (`--demo`) and a recorded session (`--replay`).
@Suite struct TradetermBinaryTests {
  /// `--once --json --demo`: a LIVE snapshot of XBTUSD from the demo (`status` and `mode` apart),
  /// stamped with its time, with ten levels a side, best first.
  @Test func onceJSONDemo() throws {
    let run = try TradetermProcess.run(["--once", "--json", "--demo", "--timeout", "20"])
    #expect(run.status == 0, "exit \(run.status); stderr: \(run.stderr)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any],
      "not a JSON object: \(run.stdout)")
    #expect(json["symbol"] as? String == "XBTUSD")
    #expect(json["venue"] as? String == "bitmex", "\(run.stdout)")
    #expect(json["status"] as? String == "LIVE")
    #expect(json["mode"] as? String == "demo")
    let time = try #require(json["time"] as? String, "\(run.stdout)")
    #expect(time.count == 24 && time.hasSuffix("Z") && time.dropFirst(10).hasPrefix("T"), "\(time)")
    let bids = try #require(Self.levels(json["bids"]))
    let asks = try #require(Self.levels(json["asks"]))
    #expect(bids.count == 10 && asks.count == 10)
    #expect(bids.map(\.price) == bids.map(\.price).sorted(by: >), "bids best first")
    #expect(asks.map(\.price) == asks.map(\.price).sorted(), "asks best first")
    #expect(bids.allSatisfy { $0.size > 0 } && asks.allSatisfy { $0.size > 0 })
    if let bid = bids.first, let ask = asks.first { #expect(bid.price < ask.price) }
    let trades = try #require(json["trades"] as? [[String: Any]])
    #expect(!trades.isEmpty)
    #expect(trades.allSatisfy { ["Buy", "Sell"].contains($0["side"] as? String ?? "") })
    #expect(json["last"] is NSNumber)
    #expect(json["mark"] is NSNumber)
  }

  /// Every `--once --json` output says the same of itself (issues 23 and 29): the `venue`, the
  /// connection's `status` apart from the `mode` (the markets list and the portfolio said
  /// `"DEMO LIVE"` in `status`), and the `time` it is of, within the run.
  @Test(arguments: [[], ["--markets"], ["--portfolio"]])
  func everyOnceJSONHasTheSameHeader(output: [String]) throws {
    let state = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tt-header-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: state) }
    let before = Date()
    let run = try TradetermProcess.run(
      ["--once", "--json", "--demo", "--timeout", "20"] + output, environment: ["XDG_STATE_HOME": state.path])
    #expect(run.status == 0, "exit \(run.status); stderr: \(run.stderr)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any],
      "not a JSON object: \(run.stdout.prefix(300))")
    #expect(json["venue"] as? String == "bitmex")
    #expect(json["status"] as? String == "LIVE")
    #expect(json["mode"] as? String == "demo")
    let time = try #require(json["time"] as? String, "\(run.stdout.prefix(300))")
    let parser = ISO8601DateFormatter()
    parser.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    let at = try #require(parser.date(from: time), "\(time)")
    #expect(at >= before.addingTimeInterval(-1) && at <= Date().addingTimeInterval(1), "\(time)")
  }

  /// `--once --replay` of the SOLUSDT fixture at full speed: REPLAY ENDED with the top of book
  /// that Tests/Fixtures/PROVENANCE.md §1 states.
  @Test func onceReplayOfTheSOLUSDTFixture() throws {
    let run = try TradetermProcess.run([
      "--once", "--replay", "Tests/Fixtures/2021-07-22_orderBookL2_SOLUSDT_replay.jsonl", "--symbol",
      "SOLUSDT",
      "--speed", "0", "--timeout", "20",
    ])
    #expect(run.status == 0, "exit \(run.status); stderr: \(run.stderr)")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines.first?.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        == "SOLUSDT REPLAY ENDED")
    func levels(_ tag: String) -> [Level] {
      lines.compactMap { line in
        let parts = line.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 3, parts[0] == tag, let price = Double(parts[1]), let size = Int64(parts[2])
        else { return nil }
        return Level(price: price, size: size)
      }
    }
    let bids = levels("bid")
    let asks = Array(levels("ask").reversed())  // printed best at the bottom
    #expect(bids.count == 10 && asks.count == 10, "\(run.stdout)")
    #expect(
      Array(bids.prefix(5)) == [
        Level(price: 27.47, size: 894), Level(price: 27.461, size: 64), Level(price: 27.456, size: 1245),
        Level(price: 27.455, size: 1), Level(price: 27.449, size: 87),
      ])
    #expect(
      Array(asks.prefix(5)) == [
        Level(price: 27.503, size: 1), Level(price: 27.511, size: 400), Level(price: 27.517, size: 336),
        Level(price: 27.518, size: 1401), Level(price: 27.536, size: 406),
      ])
  }

  /// The tape's times are local (the design's rule), or UTC with `--utc`: the real 2021 session
  /// replayed under a POSIX time zone 5 h 30 min east of UTC (no tz database needed).
  @Test func tradeTimesAreLocalUnlessUTCIsAsked() throws {
    let arguments = [
      "--once", "--replay", "Tests/Fixtures/2021-07-22_session_full.jsonl", "--symbol", "XBTUSD", "--depth",
      "full", "--speed", "0", "--timeout", "20",
    ]
    func times(_ run: TradetermProcess.Result) -> [String] {
      run.stdout.split(separator: "\n").compactMap { line in
        let parts = line.split(separator: " ")
        return parts.count == 4 && (parts[1] == "BUY" || parts[1] == "SELL") ? String(parts[0]) : nil
      }
    }
    let local = try TradetermProcess.run(arguments, environment: ["TZ": "IST-5:30"])
    let utc = try TradetermProcess.run(arguments + ["--utc"], environment: ["TZ": "IST-5:30"])
    #expect(local.status == 0 && utc.status == 0, "stderr: \(local.stderr) \(utc.stderr)")
    // The newest trade of the recording was at 22:36:35.165 UTC.
    #expect(times(utc).first == "22:36:35.165", "\(utc.stdout)")
    #expect(times(local).first == "04:06:35.165", "\(local.stdout)")
    #expect(times(local).count == times(utc).count && times(utc).count > 1)
  }

  /// A `--record` run says what it wrote when it ends: the path, the frames and the bytes, as the
  /// file holds them (issue 29: it said nothing).
  @Test func aRecordingRunSaysWhatItWrote() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("rec-\(UUID().uuidString).jsonl")
      .path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = try TradetermProcess.run(["--once", "--demo", "--record", path, "--timeout", "20"])
    #expect(run.status == 0, "exit \(run.status); stderr: \(run.stderr)")
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    // Format 2 (issue 23): the header, then every frame tagged with its venue.
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
    #expect(lines.first == "# tradeterm recording 2")
    let frames = lines.count - 1
    #expect(frames > 0)
    let untagged = lines.dropFirst().filter { line in
      let parts = line.split(separator: " ", maxSplits: 2)
      return parts.count != 3 || Double(parts[0]) == nil || parts[1] != "bitmex"
    }
    #expect(untagged.isEmpty, "\(untagged.prefix(3))")
    #expect(
      run.stderr.contains("tradeterm: recorded \(frames) frames (\(data.count) bytes) to \(path)"),
      "stderr: \(run.stderr)")
    // And it replays, as BitMEX (`--venue bitmex` the same).
    for venue in [[], ["--venue", "bitmex"]] {
      let replay = try TradetermProcess.run(["--once", "--json", "--replay", path, "--speed", "0"] + venue)
      #expect(replay.status == 0, "exit \(replay.status); stderr: \(replay.stderr)")
      #expect(replay.stderr.isEmpty, "stderr: \(replay.stderr)")
    }
  }

  /// A recording of several venues replays as BitMEX's, and says how many lines of the others it
  /// skipped (issue 23).
  @Test func aReplaySaysWhichVenuesLinesItSkipped() throws {
    let lines = try String(
      contentsOf: TradetermProcess.packageRoot.appendingPathComponent(
        "Tests/Fixtures/2021-07-22_session_full.jsonl"), encoding: .utf8
    ).split(separator: "\n")
    var text = "# tradeterm recording 2\n"
    for (i, line) in lines.enumerated() {
      text += "1626993368.\(100_000 + i) bitmex \(line)\n"
      if i % 500 == 0 { text += "1626993368.\(100_000 + i) coinbase {\"channel\":\"l2_data\"}\n" }
    }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "mixed-\(UUID().uuidString).jsonl"
    )
    .path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let run = try TradetermProcess.run(["--once", "--json", "--replay", path, "--speed", "0"])
    #expect(run.status == 0, "exit \(run.status); stderr: \(run.stderr)")
    let skipped = (lines.count + 499) / 500
    #expect(
      run.stderr.contains("tradeterm: \(path): skipped \(skipped) line(s) of coinbase (replayed as bitmex)"),
      "stderr: \(run.stderr)")
  }

  /// Issue 11: `--once --record /dev/full` exited 0 after its recording failed. A recording
  /// that cannot be written (a full disk, an unwritable path) fails the run with the reason.
  @Test(arguments: [
    ("/dev/full", "recording to /dev/full stopped: No space left on device"),
    ("/nonexistent-tradeterm-dir/x.rec", "cannot record to /nonexistent-tradeterm-dir/x.rec: No such file"),
  ])
  func onceFailsWhenItsRecordingFails(path: String, message: String) throws {
    let run = try TradetermProcess.run(["--once", "--demo", "--record", path, "--timeout", "20"])
    #expect(run.status == 1, "exit \(run.status); stderr: \(run.stderr)")
    #expect(run.stderr.contains("tradeterm: \(message)"), "stderr: \(run.stderr)")
  }

  /// `tradeterm ETHUSD`: the symbol as an argument is the terminal's deep link, the same as
  /// `--symbol`; two different symbols are refused.
  @Test func aSymbolArgumentIsTheSameAsSymbolOption() throws {
    let run = try TradetermProcess.run(["ETHUSD", "--once", "--json", "--demo", "--timeout", "20"])
    #expect(run.status == 0, "exit \(run.status); stderr: \(run.stderr)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
    #expect(json["symbol"] as? String == "ETHUSD")
    let both = try TradetermProcess.run(["ETHUSD", "--symbol", "XBTUSD", "--once", "--demo"])
    #expect(both.status == 2)
    #expect(both.stderr.contains("two symbols"), "\(both.stderr)")
  }

  /// `--symbol xbtusd` is XBTUSD: BitMEX spells every symbol in upper case, so the case typed
  /// does not matter, as in the symbol picker (issue 29: it was refused as unknown).
  @Test func aSymbolInLowerCaseIsTheVenuesSymbol() throws {
    let run = try TradetermProcess.run([
      "--symbol", "xbtusd", "--once", "--json", "--demo", "--timeout", "20",
    ])
    #expect(run.status == 0, "exit \(run.status); stderr: \(run.stderr)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
    #expect(json["symbol"] as? String == "XBTUSD")
    let both = try TradetermProcess.run([
      "ethusd", "--symbol", "ETHUSD", "--once", "--demo", "--timeout", "20",
    ])
    #expect(both.status == 0, "the same symbol twice, in two cases: \(both.stderr)")
  }

  /// `--once` text: `--levels` and `--trades` say how many, a line says when, and each table's
  /// price and size columns line up under its header, as wide in both tables (issue 29: they did
  /// not, and there was no time). The JSON: `status` and `mode` apart, the recording's `time`.
  @Test func onceTextIsAlignedAndSaysWhen() throws {
    let common = [
      "--once", "--replay", "Tests/Fixtures/2021-07-22_session_full.jsonl", "--symbol", "XBTUSD",
      "--speed", "0", "--timeout", "20", "--utc", "--levels", "3", "--trades", "3",
    ]
    let run = try TradetermProcess.run(common)
    #expect(run.status == 0, "exit \(run.status); stderr: \(run.stderr)")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count > 2 && lines[1] == "at 2021-07-22 22:36:38.468 UTC", "\(run.stdout)")
    let book = lines.filter { $0.hasPrefix("ask ") || $0.hasPrefix("bid ") }
    #expect(book.filter { $0.hasPrefix("ask") }.count == 3 && book.filter { $0.hasPrefix("bid") }.count == 3)
    let tape = lines.filter { $0.contains(" BUY ") || $0.contains(" SELL ") }
    #expect(tape.count == 3, "\(run.stdout)")
    let bookHeader = try #require(
      lines.first { $0.hasPrefix("   ") && $0.hasSuffix("size") }, "\(run.stdout)")
    let tapeHeader = try #require(lines.first { $0.hasPrefix("time ") }, "\(run.stdout)")
    // Within a table every row ends where its header does, and so does its price column.
    // Where the price column ends: the last character before the size column's spaces.
    func priceEnd(_ line: String) -> Int {
      let chars = Array(line)
      var i = chars.count - 1
      while i > 0 && chars[i] != " " { i -= 1 }
      while i > 0 && chars[i] == " " { i -= 1 }
      return i
    }
    for (header, rows) in [(bookHeader, book), (tapeHeader, tape)] {
      #expect(Set((rows + [header]).map(\.count)).count == 1, "one width: \(run.stdout)")
      #expect(Set((rows + [header]).map(priceEnd)).count == 1, "the price column lines up: \(run.stdout)")
    }
    // The two tables' price and size columns are as wide.
    #expect(
      bookHeader.hasSuffix(String(tapeHeader.suffix(bookHeader.count - 3))), "\(bookHeader) / \(tapeHeader)")

    let json = try TradetermProcess.run(common.filter { $0 != "--utc" } + ["--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json.stdout)")
    #expect(object["status"] as? String == "ENDED" && object["mode"] as? String == "replay")
    #expect(object["venue"] as? String == "bitmex", "\(json.stdout)")
    #expect(object["time"] as? String == "2021-07-22T22:36:38.468Z", "\(json.stdout)")
    #expect((object["bids"] as? [Any])?.count == 3 && (object["trades"] as? [Any])?.count == 3)
  }

  /// One price level of a snapshot.
  struct Level: Equatable {
    var price: Double
    var size: Int64
  }

  /// `[[price, size], …]` from the JSON snapshot.
  static func levels(_ value: Any?) -> [Level]? {
    guard let pairs = value as? [[NSNumber]] else { return nil }
    return pairs.compactMap { $0.count == 2 ? Level(price: $0[0].doubleValue, size: $0[1].int64Value) : nil }
  }
}

/// Runs the built `tradeterm` from the package root and collects what it printed.
enum TradetermProcess {
  /// What a run printed and how it exited.
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// The package root, from this file's place in `Tests/FeedIntegrationTests/`.
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// `.build/debug/tradeterm`, else the newest `.build*/debug/tradeterm` (other scratch paths).
  static func findBinary() -> URL? {
    let files = FileManager.default
    let primary = packageRoot.appendingPathComponent(".build/debug/tradeterm")
    if files.isExecutableFile(atPath: primary.path) { return primary }
    let siblings = (try? files.contentsOfDirectory(atPath: packageRoot.path)) ?? []
    let candidates = siblings.filter { $0.hasPrefix(".build") }
      .map { packageRoot.appendingPathComponent($0).appendingPathComponent("debug/tradeterm") }
      .filter { files.isExecutableFile(atPath: $0.path) }
    func modified(_ url: URL) -> Date {
      ((try? files.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date) ?? .distantPast
    }
    return candidates.max { modified($0) < modified($1) }
  }

  /// Runs `tradeterm arguments` in the package root, with `environment` added to this process's
  /// and `standardInput` as its stdin; kills it after `timeout` seconds.
  static func run(
    _ arguments: [String], environment: [String: String] = [:], timeout: Double = 40,
    standardInput: FileHandle = .nullDevice
  ) throws
    -> Result
  {
    let missing: Comment = """
      no built tradeterm at \(packageRoot.path)/.build/debug/tradeterm: run `swift build` first \
      (`make test` builds everything before testing)
      """
    let binary = try #require(findBinary(), missing)
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("tradeterm-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outURL = scratch.appendingPathComponent("stdout")
    let errURL = scratch.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    defer {
      try? out.close()
      try? err.close()
    }

    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.currentDirectoryURL = packageRoot
    process.standardInput = standardInput
    process.standardOutput = out
    process.standardError = err
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    if exited.wait(timeout: .now() + timeout) == .timedOut {
      kill(process.processIdentifier, SIGKILL)
      _ = exited.wait(timeout: .now() + 10)
      Issue.record("tradeterm \(arguments.joined(separator: " ")) still running after \(timeout) s: killed")
    }
    return Result(
      status: process.terminationStatus,
      stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
      stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
  }
}
