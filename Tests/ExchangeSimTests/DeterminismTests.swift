import ExchangeSim
import Foundation
import Testing

/// Same seed, same frames — over the network too.
@Suite struct DeterminismTests {
  /// The text of the first frames a fresh client gets: welcome, acks, partials, and the
  /// deltas of 40 market ticks.
  private func firstFrames(seed: UInt64) throws -> [String] {
    var config = SimTest.config(seed: seed, partialDelay: 0)
    config.epoch = Date(timeIntervalSince1970: 1_750_000_000)
    config.startPaused = true
    return try SimTest.with(config) { sim in
      let ws = try TestWebSocket.connect(port: sim.port)
      var frames = [try ws.expectFrame().text]
      try ws.send(text: #"{"op":"subscribe","args":["orderBookL2_25:XBTUSD","trade:XBTUSD","quote:XBTUSD"]}"#)
      frames += try ws.drainWithPing().map(\.text)
      sim.advanceMarket(ticks: 40)
      frames += try ws.drainWithPing().map(\.text)
      return frames
    }
  }

  @Test func sameSeedGivesTheSameFirstFrames() throws {
    let a = try firstFrames(seed: 11)
    let b = try firstFrames(seed: 11)
    let c = try firstFrames(seed: 12)
    #expect(a.count > 40)
    #expect(a == b)
    #expect(a != c)
  }
}
