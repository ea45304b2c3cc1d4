import Foundation
import Testing

/// Issue 23's rule, run on the source tree: BitMEX's wire names (its table names, `XBTUSD`,
/// `XBt`, its endpoints) are spelled only in its adapter (`Sources/BitMEX`) and in the
/// simulator's BitMEX dialect (`Sources/ExchangeSim`); everything else asks the adapter or its
/// registration. A new leak fails here with its file and line.
@Suite struct BitMEXNamesStayInItsAdapterTests {
  /// Whether `line` spells a name only BitMEX's own code may use (the issue's `grep`).
  static func spellsBitMEX(_ line: Substring) -> Bool {
    line.contains(#/orderBookL2|tradeBin|XBTUSD|XBt\b|/api/v1|bitmex\.com|/realtime/#)
  }

  /// The regex's fixed parts: a file that holds none of them is not read line by line (the
  /// regex on every line of the tree takes seconds).
  static let needles = ["orderBookL2", "tradeBin", "XBTUSD", "XBt", "/api/v1", "bitmex.com", "/realtime"]

  /// The folders under `Sources` that are BitMEX's own.
  static let allowed: Set<String> = ["BitMEX", "ExchangeSim"]

  /// The leaks left, each with why: `path: text` of the line. One that is fixed must leave this
  /// list (the test says so), and no other may join it. None is left.
  static let remaining: [String: String] = [:]

  /// `Sources` of this package, found from this file's path (Tests/BitMEXTests/…).
  static var sources: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources")
  }

  /// Every line of a Swift file under `Sources` outside the allowed folders that spells a
  /// forbidden name, as `path:line: text`.
  static func leaks(in sources: URL) throws -> [Leak] {
    let manager = FileManager.default
    var found: [Leak] = []
    let modules = try manager.contentsOfDirectory(atPath: sources.path).sorted()
    for module in modules where !allowed.contains(module) {
      let root = sources.appendingPathComponent(module)
      guard let walker = manager.enumerator(atPath: root.path) else { continue }
      for case let relative as String in walker where relative.hasSuffix(".swift") {
        let text = try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
        guard needles.contains(where: text.contains) else { continue }
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where spellsBitMEX(line) {
          found.append(
            Leak(
              file: "Sources/\(module)/\(relative)", line: n + 1,
              text: line.trimmingCharacters(in: .whitespaces)))
        }
      }
    }
    return found
  }

  /// One line that spells a BitMEX name.
  struct Leak: Hashable, CustomStringConvertible {
    var file: String
    var line: Int
    var text: String
    /// The key of `remaining`: file and text, without the line number (which moves).
    var key: String { "\(file): \(text)" }
    var description: String { "\(file):\(line): \(text)" }
  }

  @Test func noBitMEXWireNameOutsideItsAdapterAndSimulator() throws {
    // The walk itself must see the tree: a wrong root would pass with nothing read.
    let modules = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path)
    #expect(
      modules.contains("BitMEX") && modules.contains("MarketModel"), "no Sources at \(Self.sources.path)")
    let leaks = try Self.leaks(in: Self.sources)
    let new = leaks.filter { Self.remaining[$0.key] == nil }
    #expect(
      new.isEmpty,
      "\(new.count) BitMEX names outside its adapter:\n\(new.map(\.description).joined(separator: "\n"))")
    let gone = Set(Self.remaining.keys).subtracting(leaks.map(\.key)).sorted()
    #expect(gone.isEmpty, "fixed, so to be taken off `remaining`:\n\(gone.joined(separator: "\n"))")
  }

  /// The scan finds a leak where there is one, and not in the allowed folders.
  @Test func theScanFindsALeakAndSparesTheAdapter() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bitmex-names-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let files = [
      ("Session/Deep/Plan.swift", "let a = 1\nlet table = \"orderBookL2_25\"\n"),
      ("Config/Text.swift", "// settles in XBt\n// XBtc, XBTUSx: other words\n"),
      ("BitMEX/Wire.swift", "let url = \"wss://ws.bitmex.com/realtime\"\n"),
      ("ExchangeSim/Sim.swift", "let symbol = \"XBTUSD\"\n"),
      ("Screen/Notes.md", "XBTUSD\n"),
    ]
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    #expect(
      try Self.leaks(in: root).map(\.description).sorted() == [
        "Sources/Config/Text.swift:1: // settles in XBt",
        "Sources/Session/Deep/Plan.swift:2: let table = \"orderBookL2_25\"",
      ])
  }
}
