import Binance
import Testing
import VenueCore
import WireJSON

@testable import App

/// A venue replay's `--once` report: the final book at the venue's own decimals, its rule's state
/// and its integrity counts, as text columns or one line of JSON.
@Suite struct VenueBookReportTests {
  /// A decoder for the test's own frames: `snapshot` is a book of one bid and two asks, `trade`
  /// one trade, anything else is refused.
  struct Frames: VenueFrameDecoder {
    func decodeFrame(
      _ frame: UnsafeBufferPointer<UInt8>, receivedAt: Int64, into batch: inout VenueBatch
    )
      throws(WireError)
    {
      switch String(decoding: frame, as: UTF8.self) {
      case "snapshot":
        let start = batch.levels.count
        batch.levels += [
          LevelChange(side: .bid, price: FixedDecimal("100.50")!, size: FixedDecimal("0.25")!),
          LevelChange(side: .ask, price: FixedDecimal("101.00")!, size: FixedDecimal("0.00012")!),
          LevelChange(side: .ask, price: FixedDecimal("1234.50")!, size: FixedDecimal("12")!),
        ]
        batch.events.append(
          .book(symbol: "BTCUSDT", update: .snapshot(last: 1), levels: start..<batch.levels.count))
      default: throw WireError("not a frame of the test's", at: 0)
      }
    }
  }

  static func report(_ frames: [String], levels: Int = 10) -> VenueBookReport {
    var replay = VenueBookReplay(
      symbol: "BTCUSDT", decoder: Frames(), sync: .sequence(SequenceLinkSync(link: .increment)))
    for frame in frames {
      Array(frame.utf8).withUnsafeBufferPointer { replay.feed($0, receivedAt: 0) }
    }
    return VenueBookReport(replay: replay, venue: .binance, levels: levels)
  }

  @Test func theTextLinesUpTheBookAndSaysWhatWasNotRead() {
    #expect(
      Self.report(["snapshot", "garbage"]).text(json: false) == """
        binance:BTCUSDT  REPLAY ENDED  book live
               price      size
        ask  1234.50  12.00000
        ask   101.00   0.00012
        bid   100.50   0.25000
        integrity: 0 checks, 0 failures, 0 resyncs; 1 frames, 1 not read

        """)
  }

  @Test func theJSONHasTheBookTheRuleAndTheCounts() {
    #expect(
      Self.report(["snapshot"], levels: 1).text(json: true)
        == #"{"venue":"binance","symbol":"BTCUSDT","status":"REPLAY ENDED","mode":"replay","sync":"live","#
        + #""bids":[[100.50,0.25000]],"asks":[[101.00,0.00012]],"#
        + #""integrity":{"checks":0,"failures":0,"resyncs":0},"frames":1,"badFrames":0,"trades":0}"# + "\n")
  }

  @Test func aBookNeverSnapshottedIsEmptyAndWaiting() {
    let text = Self.report([]).text(json: false)
    #expect(text.hasPrefix("binance:BTCUSDT  REPLAY ENDED  book waiting for a snapshot\n"), "\(text)")
    #expect(text.contains("price  size\nintegrity: 0 checks"), "\(text)")
  }
}
