import Foundation
import Testing

@testable import ExchangeSim

/// How the simulator loads a replay file it cannot play whole.
@Suite struct ReplayFileTests {
  static let trade = #"{"table":"trade","action":"insert","data":[]}"#

  /// A last line cut short (no newline, the frame unfinished) is not sent; a whole last line
  /// without its newline is.
  @Test func aLastLineCutShortIsDropped() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("cut-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data("\(Self.trade)\n\(Self.trade)\n\(Self.trade.prefix(30))".utf8).write(to: url)
    #expect(try ReplayFile.load(SimReplay(path: url.path)).frames.count == 2)
    try Data("\(Self.trade)\n\(Self.trade)\n1626993368.5 pong\r".utf8).write(to: url)
    #expect(try ReplayFile.load(SimReplay(path: url.path)).frames.count == 2)
    try Data("\(Self.trade)\n\(Self.trade)".utf8).write(to: url)
    #expect(try ReplayFile.load(SimReplay(path: url.path)).frames.count == 2)
  }

  /// A recording of several venues (format 2): the simulator speaks BitMEX, so it serves the
  /// BitMEX lines (and untagged ones) and leaves the others out, counted.
  @Test func anotherVenuesLinesAreLeftOut() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "mixed-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let text = """
      # tradeterm recording 2
      1626993368.0 bitmex \(Self.trade)
      1626993368.5 kraken {"channel":"book","type":"snapshot"}
      1626993369.0 bitmex \(Self.trade)
      1626993369.5 okx {"arg":{"channel":"books"}}
      1626993370.0 \(Self.trade)

      """
    try Data(text.utf8).write(to: url)
    let file = try ReplayFile.load(SimReplay(path: url.path))
    #expect(file.frames.count == 3)
    #expect(file.otherVenueLines == 2)
    #expect(file.frames.map(\.offset) == [0, 1, 2])
  }

  /// hftbacktest's captures, `<nanoseconds> <frame>`: paced by their times (10.2 s of Binance
  /// spot), not refused as a time too large.
  @Test func hftbacktestsNanosecondTimesPaceTheReplay() throws {
    let file = try ReplayFile.load(
      SimReplay(
        path: SimTest.fixture(
          "exchanges/binance-spot_2024-08-08_BTCUSDT_depth100ms-trade-bookTicker-snapshot_hftbacktest.txt")))
    #expect(file.frames.count == 1_115)
    let last = try #require(file.frames.last?.offset)
    #expect(last > 9.5 && last < 11, "\(last)")
  }

  /// A directory is said to be one, not dumped as an error value.
  @Test func aDirectoryIsSaidToBeOne() {
    let dir = FileManager.default.temporaryDirectory.path
    #expect(throws: SimError.replayUnreadable(dir, "is a directory, not a recording")) {
      try ReplayFile.load(SimReplay(path: dir))
    }
  }
}
