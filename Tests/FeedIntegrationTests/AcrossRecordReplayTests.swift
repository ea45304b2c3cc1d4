import Foundation
import Testing

/// `tradeterm --across BTC --demo --record FILE` writes every venue's connections (Binance's REST
/// snapshot bodies among them, and the facts of the perpetuals' contracts) into one file, says what
/// it wrote on the way out, and `tradeterm --replay FILE` knows the file for the screen's and
/// rebuilds the same books: the replayed venue strip, consolidated book and spread matrix equal
/// the ones the recording run printed (`--once --json` of both, against the loopback simulator).
@Suite(.serialized) struct AcrossRecordReplayTests {
  @Test func aRecordedScreenReplaysToTheSameBooks() throws {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tt-across-rec-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    // No config of the machine's chooses other instruments.
    let environment = ["XDG_CONFIG_HOME": scratch.path, "XDG_STATE_HOME": scratch.path]
    let path = scratch.appendingPathComponent("across.jsonl.gz").path

    let live = try TradetermProcess.run(
      ["--once", "--json", "--across", "BTC", "--demo", "--record", path], environment: environment)
    #expect(live.status == 0, "stderr: \(live.stderr)")
    // What it wrote, as the dashboard says it.
    #expect(
      live.stderr.range(
        of: #"recorded \d+ frames \(\d+ (bytes|MB) before compression\) to "#, options: .regularExpression)
        != nil && live.stderr.contains(path), "\(live.stderr)")

    let text = try Self.inflated(path)
    let lines = text.split(separator: "\n")
    #expect(lines.first == "# tradeterm recording 2")
    #expect(lines.dropFirst().first?.hasPrefix("# tradeterm across BTC bitmex:XBTUSD kraken:BTC/USD") == true)
    // Every venue's frames, each line tagged with its own.
    let tags = Set(
      lines.filter { !$0.hasPrefix("#") }.compactMap { $0.split(separator: " ").dropFirst().first })
    #expect(
      tags == [
        "bitmex", "kraken", "binance", "binance-usdm", "coinbase", "bybit-spot", "bybit-linear", "okx",
      ],
      "\(tags)")
    // Binance's REST snapshot bodies, for spot and USDⓈ-M, and the perpetuals' facts.
    for venue in ["binance", "binance-usdm"] {
      #expect(lines.contains { $0.contains(" \(venue) {\"lastUpdateId\"") }, "\(venue)'s snapshot body")
    }
    for key in ["binance-usdm:BTCUSDT", "bybit-linear:BTCUSDT", "okx:BTC-USDT-SWAP"] {
      #expect(lines.contains { $0.hasPrefix("# tradeterm facts \(key) ") }, "\(key)'s facts")
    }

    let replay = try TradetermProcess.run(["--once", "--json", "--replay", path], environment: environment)
    #expect(replay.status == 0, "stderr: \(replay.stderr)")
    let recorded = try Self.object(live.stdout)
    let replayed = try Self.object(replay.stdout)
    #expect(replayed["mode"] as? String == "replay")
    let venues = try #require(recorded["venues"] as? [[String: Any]])
    let again = try #require(replayed["venues"] as? [[String: Any]])
    #expect(venues.count == 9 && again.count == 9, "\(again)")
    for (a, b) in zip(venues, again) {
      // Everything but the age, which is the recording's at its last frame in the replay.
      for field in ["instrument", "state", "bid", "ask", "excluded", "spec"] {
        #expect("\(a[field] ?? "nil")" == "\(b[field] ?? "nil")", "\(a["instrument"] ?? ""): \(field)")
      }
      #expect(
        (a["integrity"] as? [String: Int]) == (b["integrity"] as? [String: Int]),
        "\(a["instrument"] ?? ""): \(a["integrity"] ?? "") vs \(b["integrity"] ?? "")")
      #expect(a["state"] as? String == "LIVE", "\(a)")
    }
    #expect(
      NSDictionary(dictionary: ["book": recorded["book"] ?? 0])
        .isEqual(to: ["book": replayed["book"] ?? 0]),
      "\(recorded["book"] ?? "") vs \(replayed["book"] ?? "")")
    #expect(
      NSDictionary(dictionary: ["matrix": recorded["matrix"] ?? 0])
        .isEqual(to: ["matrix": replayed["matrix"] ?? 0]))
  }

  /// Two instruments of one venue whose frames do not name their instrument cannot share one
  /// file: refused at once, in one line, before any file is made.
  @Test func instrumentsThatCannotBeToldApartAreRefused() throws {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tt-across-rec-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: scratch.appendingPathComponent("tradeterm"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    try """
    [across.BTC]
    instruments = ["coinbase:BTC-USD", "coinbase:BTC-USDC"]
    """.write(to: scratch.appendingPathComponent("tradeterm/config.toml"), atomically: true, encoding: .utf8)
    let path = scratch.appendingPathComponent("x.jsonl").path
    let run = try TradetermProcess.run(
      ["--once", "--across", "BTC", "--demo", "--record", path],
      environment: ["XDG_CONFIG_HOME": scratch.path])
    #expect(run.status == 2, "\(run.stderr)")
    #expect(run.stderr.contains("cannot be recorded together"), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  static func object(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
  }

  /// The text of a `.gz` file (through gzip -dc).
  static func inflated(_ path: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "gzip -dc \"$0\"", path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}
