import Kraken
import TestSupport
import Testing
import VenueCore

/// The real Kraken v2 capture (`Tests/Fixtures/exchanges/`, crossbook, MIT): 377 frames of
/// BTC/USD at depth 10 with quick unsubscribe/subscribe cycles, through the real decoder, the
/// book engine and the checksum policy.
@Suite struct KrakenRecordedFramesTests {
  static let capture = "exchanges/kraken-v2_2026-08-01_BTCUSD_book10_resubscribes_ws.jsonl"

  struct Run {
    var book = PriceBook(priceScale: 1, sizeScale: 8)
    var policy = ChecksumSync(depth: 10, checksum: KrakenChecksum())
    var snapshots = 0
    var updates = 0
    var acks = 0
    var heartbeats = 0
    var outcomes: [SyncOutcome] = []
  }

  func play(_ frames: [[UInt8]], tamper: ((Int, inout VenueBatch) -> Void)? = nil) throws -> Run {
    var run = Run()
    var batch = VenueBatch()
    let decoder = KrakenDecoder()
    for (i, frame) in frames.enumerated() {
      batch.removeAll()
      try decoder.decode(frame, receivedAt: Int64(i), into: &batch)
      tamper?(i, &batch)
      for event in batch.events {
        switch event {
        case let .book(symbol, update, levels):
          #expect(symbol == "BTC/USD")
          if update.kind == .snapshot { run.snapshots += 1 } else { run.updates += 1 }
          run.outcomes.append(run.policy.receive(update, batch.levels(levels), book: &run.book))
        case .subscribed(.book, let symbol):
          #expect(symbol == "BTC/USD")
          run.acks += 1
        case .heartbeat: run.heartbeats += 1
        default: break
        }
      }
    }
    return run
  }

  @Test func everyChecksumVerifiesFromTheTextSent() throws {
    let run = try play(Fixture.lines(Self.capture))
    #expect(run.snapshots == 5)
    #expect(run.updates == 296)
    #expect(run.acks == 8)
    #expect(run.heartbeats == 60)
    #expect(run.policy.integrity == IntegrityCounts(checks: 301, failures: 0, resyncs: 0))
    #expect(run.policy.state == .live)
    #expect(run.outcomes.allSatisfy { $0 == .applied })
    let top = run.book.sides()
    #expect(Array(top.bids.prefix(3)) == ["63004.9×0.01661321", "63003.6×0.01505130", "63003.3×0.00005100"])
    #expect(Array(top.asks.prefix(3)) == ["63005.0×0.74804549", "63005.4×0.47847887", "63005.5×0.79358163"])
    #expect(top.bids.count == 10 && top.asks.count == 10)
  }

  /// The trap the text avoids: the same checksum over numbers that went through `Double` and
  /// back to text (as a float-parsing client does) matches none of the 301 real messages.
  @Test func aFloatRoundTripMatchesNoChecksum() throws {
    struct FloatChecksum: BookChecksum {
      func checksum(of book: PriceBook) -> UInt32 {
        var crc = CRC32()
        for side in [BookSide.ask, .bid] {
          let ladder = book[side]
          for rank in 0..<min(10, ladder.count) {
            let level = ladder.level(fromBest: rank)
            for value in [book.price(level.price).doubleValue, book.size(level.size).doubleValue] {
              let digits = "\(value)".filter { $0 != "." }.drop { $0 == "0" }
              crc.update(Array(digits.utf8))
            }
          }
        }
        return crc.value
      }
    }
    var matches = 0
    var book = PriceBook(priceScale: 1, sizeScale: 8)
    var real = ChecksumSync(depth: 10, checksum: KrakenChecksum())
    var batch = VenueBatch()
    for (i, frame) in Fixture.lines(Self.capture).enumerated() {
      batch.removeAll()
      try KrakenDecoder().decode(frame, receivedAt: Int64(i), into: &batch)
      for case let .book(_, update, levels) in batch.events {
        _ = real.receive(update, batch.levels(levels), book: &book)
        if FloatChecksum().checksum(of: book) == update.checksum { matches += 1 }
      }
    }
    #expect(real.integrity.checks == 301)
    #expect(matches == 0, "a float round trip matched \(matches) of 301")
  }

  @Test func aWrongLevelIsCaughtAndTheBookResubscribedNotShownLive() throws {
    // Change one quantity of the 40th frame's book update by one satoshi.
    var changed = false
    let run = try play(Fixture.lines(Self.capture)) { i, batch in
      guard i >= 40, !changed, let k = batch.levels.indices.first else { return }
      batch.levels[k].size.mantissa += 1
      changed = true
    }
    #expect(changed)
    #expect(run.policy.integrity.failures >= 1)
    let firstFault = run.outcomes.first { $0.fault != nil }
    #expect(firstFault?.action == .resubscribe)
    if case .checksumMismatch = firstFault?.fault {
    } else {
      Issue.record("not a checksum fault: \(String(describing: firstFault))")
    }
  }
}
