import Foundation
import Testing

/// Numbers at the ends of Double from a recorded session, through the real `tradeterm --once`:
/// printed as they are, never a trap.
@Suite struct ExtremeNumberTests {
  /// Writes `lines` to a temporary file, runs `body` with its path, removes it.
  static func withFile<T>(_ lines: [String], _ body: (String) throws -> T) throws -> T {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "extreme-\(UUID().uuidString).jsonl")
    try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    return try body(file.path)
  }

  /// A book of prices past 2^63 (where `Double` → `Int64` traps) and a trade at one.
  static let hugePrices = [
    #"{"table":"orderBookL2","action":"partial","keys":["symbol","id","side"],"types":{"symbol":"symbol","id":"long","side":"symbol","size":"long","price":"float"},"filter":{"symbol":"XBTUSD"},"data":[{"symbol":"XBTUSD","id":3,"side":"Sell","size":5,"price":1e300},{"symbol":"XBTUSD","id":2,"side":"Sell","size":10,"price":9.3e18},{"symbol":"XBTUSD","id":1,"side":"Buy","size":7,"price":9.2e18}]}"#,
    #"{"table":"trade","action":"partial","keys":[],"types":{},"filter":{"symbol":"XBTUSD"},"data":[{"timestamp":"2021-07-22T22:35:59.790Z","symbol":"XBTUSD","side":"Buy","size":1000,"price":9.3e18,"tickDirection":"PlusTick","trdMatchID":"a36d1fb8-ff0c-d428-cde7-d166a181c1d2"}]}"#,
  ]

  @Test func pricesPastInt64PrintAsTheyAre() throws {
    let run = try Self.withFile(Self.hugePrices) { path in
      try TradetermProcess.run(["--once", "--replay", path, "--speed", "0", "--timeout", "10"])
    }
    #expect(run.status == 0, "exit \(run.status); stderr: \(run.stderr)")
    let rows = run.stdout.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
    #expect(rows.contains("ask 1e+300 5"), "\(run.stdout)")
    #expect(rows.contains("ask 9300000000000000000 10"), "\(run.stdout)")
    #expect(rows.contains("bid 9200000000000000000 7"), "\(run.stdout)")
    #expect(rows.contains { $0.hasSuffix("BUY 9300000000000000000 1000") }, "\(run.stdout)")
  }

  @Test func pricesPastInt64InJSON() throws {
    let run = try Self.withFile(Self.hugePrices) { path in
      try TradetermProcess.run(["--once", "--json", "--replay", path, "--speed", "0", "--timeout", "10"])
    }
    #expect(run.status == 0, "exit \(run.status); stderr: \(run.stderr)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let asks = try #require(json["asks"] as? [[NSNumber]])
    #expect(asks.map { $0[0].doubleValue } == [9.3e18, 1e300])
  }
}
