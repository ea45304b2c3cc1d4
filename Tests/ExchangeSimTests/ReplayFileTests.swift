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

  /// A directory is said to be one, not dumped as an error value.
  @Test func aDirectoryIsSaidToBeOne() {
    let dir = FileManager.default.temporaryDirectory.path
    #expect(throws: SimError.replayUnreadable(dir, "is a directory, not a recording")) {
      try ReplayFile.load(SimReplay(path: dir))
    }
  }
}
