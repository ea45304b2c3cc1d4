import Foundation
import Kraken
import MarketModel
import OKX
import Session
import Testing
import VenueCore
import WireJSON

@testable import Replay

/// A recording of the cross-venue screen played back (`AcrossReplaySource`): each line goes to
/// every instrument of the venue it is tagged with, each through its own decoder; a facts line
/// comes over in its place among the frames; lines no instrument takes, untagged and bad lines
/// are counted, never fatal; the chunks carry the recording's clock.
@Suite struct AcrossReplaySourceTests {
  /// A stand-in decoder (a mock is fine here: the routing is under test): a frame `{"n":N}`
  /// becomes the connection counter N; anything else is refused.
  struct Counter: VenueFrameDecoder {
    func decodeFrame(
      _ frame: UnsafeBufferPointer<UInt8>, receivedAt: Int64, into batch: inout VenueBatch
    )
      throws(WireError)
    {
      let text = String(decoding: frame, as: UTF8.self)
      guard text.hasPrefix("{\"n\":"), text.hasSuffix("}"), let n = UInt64(text.dropFirst(5).dropLast())
      else {
        throw WireError("not a counter frame", at: 0)
      }
      batch.events.append(.connectionSequence(n))
    }
  }

  static func counters(_ batch: VenueBatch) -> [UInt64] {
    batch.events.compactMap { if case .connectionSequence(let n) = $0 { n } else { nil } }
  }

  @Test func linesGoToTheirVenuesInstrumentsWithTheFactsInTheirPlace() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tt-across-\(UUID().uuidString)")
      .path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try """
    # tradeterm recording 2
    # tradeterm across BTC kraken:BTC/USD okx:BTC-USDT okx:BTC-USDT-SWAP
    1700000000.000001 kraken {"n":1}
    1700000000.500000 okx {"n":2}
    # tradeterm facts okx:BTC-USDT-SWAP kind=linear-perpetual
    1700000001.000000 kraken {"n":3}
    {"n":4}
    1700000001.100000 coinbase {"n":5}
    1700000001.200000 kraken {"bad":1}
    not a frame
    1700000002.000000 okx {"n":6}

    """.write(toFile: path, atomically: true, encoding: .utf8)
    let source = try AcrossReplaySource(
      path: path, members: [.venue(.kraken, Counter()), .venue(.okx, Counter()), .venue(.okx, Counter())],
      speed: 0)
    source.start()
    defer { source.stop() }
    var chunk = source.makeChunk()
    var kraken: [UInt64] = []
    var okx: [UInt64] = []
    var swap: [UInt64] = []
    // Where the facts line came: after how many of the swap's frames, and the clock then.
    var factsAfter: Int?
    var lastClock: Double?
    let deadline = Date().addingTimeInterval(10)
    while !source.finished {
      #expect(Date() < deadline, "the replay never ended")
      if Date() >= deadline { return }
      _ = source.wake.wait(timeout: 0.1)
      while source.drain(into: &chunk) {
        if !chunk.notes.isEmpty {
          #expect(chunk.notes == ["# tradeterm facts okx:BTC-USDT-SWAP kind=linear-perpetual"])
          factsAfter = swap.count
        }
        kraken += Self.counters(chunk.venueBatches[0])
        okx += Self.counters(chunk.venueBatches[1])
        swap += Self.counters(chunk.venueBatches[2])
        lastClock = chunk.clock ?? lastClock
      }
    }
    #expect(kraken == [1, 3])
    // Both OKX instruments see every OKX line (each keeps its own symbol's events).
    #expect(okx == [2, 6] && swap == [2, 6])
    #expect(factsAfter == 1, "the facts line comes after the frames before it")
    #expect(lastClock == 1_700_000_002)
    let progress = source.progress
    #expect(progress.ended && progress.failure == nil)
    // The untagged line, the refused frame and the line that is no frame; Coinbase's is no
    // instrument's.
    #expect(progress.badLines == 3, "\(progress)")
    #expect(progress.otherVenueLines == 1)
  }

  @Test func aRecordedTimeOutOfRangeStampsNothing() {
    #expect(AcrossReplaySource.nanoseconds(1.5) == 1_500_000_000)
    #expect(AcrossReplaySource.nanoseconds(-1) == 0)
    #expect(AcrossReplaySource.nanoseconds(.infinity) == 0)
    #expect(AcrossReplaySource.nanoseconds(1e300) == 0)
  }
}
