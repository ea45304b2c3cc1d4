import Foundation
import Session
import Testing

@testable import Feed

/// `--record`'s writer: a write that fails is the recording's failure, including the last one,
/// made when the file is closed (issue 11: a recording to a full disk whose frames all fit the
/// buffer failed without a word); the writer thread's queue that overflows stops the recording
/// where it overflowed and says so in the file.
@Suite struct FrameRecorderTests {
  @Test func aFailedFinalWriteIsAFailure() {
    let recorder = FrameRecorder(path: "/dev/full")
    #expect(recorder.failure == nil)
    let frame = Array(#"{"table":"trade","action":"insert","data":[]}"#.utf8)
    frame.withUnsafeBytes { recorder.record($0, now: MonotonicTime(seconds: 1)) }
    recorder.close()
    #expect(recorder.failure == "recording to /dev/full stopped: No space left on device")
  }

  /// A frame that does not fit the queue stops recording there: the frames before it are kept,
  /// and a last `#` line counts the ones dropped.
  @Test func aQueueOverflowKeepsTheFramesBeforeItAndCountsTheRest() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tt-rec-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: url) }
    let recorder = FrameRecorder(path: url.path, maxQueued: 250)
    let small = Array(#"{"table":"trade","action":"insert","data":[]}"#.utf8)
    let big = Array(repeating: UInt8(ascii: "x"), count: 300)
    small.withUnsafeBytes { recorder.record($0, now: 1) }
    big.withUnsafeBytes { recorder.record($0, now: 2) }
    small.withUnsafeBytes { recorder.record($0, now: 3) }
    #expect(recorder.failure == "recording to \(url.path) stopped: the disk fell behind (250 bytes waiting)")
    recorder.close()
    #expect(recorder.dropped == 2)
    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.first?.hasSuffix(#" {"table":"trade","action":"insert","data":[]}"#) == true)
    #expect(lines.last?.hasPrefix("# tradeterm: 2 frame(s) not recorded: recording to ") == true)
  }

  @Test func aFileThatCannotBeOpenedIsAFailureAtOnce() {
    let recorder = FrameRecorder(path: "/nonexistent-tradeterm-dir/x.rec")
    #expect(
      recorder.failure == "cannot record to /nonexistent-tradeterm-dir/x.rec: No such file or directory")
  }

  @Test func aGoodRecordingHasNoFailure() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tt-rec-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: url) }
    let recorder = FrameRecorder(path: url.path)
    let frame = Array("a\nb".utf8)
    frame.withUnsafeBytes { recorder.record($0, now: MonotonicTime(seconds: 1)) }
    recorder.close()
    #expect(recorder.failure == nil)
    let text = try String(contentsOf: url, encoding: .utf8)
    #expect(text.hasSuffix(" a b\n"), "\(text)")
  }
}
