import Foundation
import Testing

/// Numbers at the ends of Double from a recorded session, through the real `tradeterm --once`:
/// refused with a reason, never a trap.
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

  /// Book prices are decimals parsed from their text (never through `Double`): one past what a
  /// decimal holds is a clear refusal of its frame, named with its line, never a trap or a
  /// silently rounded level.
  @Test func bookPricesPastADecimalAreARefusedFrame() throws {
    let run = try Self.withFile(Self.hugePrices) { path in
      try TradetermProcess.run(["--once", "--replay", path, "--speed", "0", "--timeout", "10"])
    }
    #expect(run.status == 2, "exit \(run.status); stderr: \(run.stderr)")
    #expect(run.stderr.contains("line 1: number out of range"), "\(run.stderr)")
    #expect(run.stderr.contains("holds no order book at all"), "\(run.stderr)")
  }
}
