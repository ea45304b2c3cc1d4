import Foundation
import Session
import Testing

@testable import Feed

/// `--record`'s writer: a write that fails is the recording's failure, including the last one,
/// made when the file is closed (issue 11: a recording to a full disk whose frames all fit the
/// buffer failed without a word).
@Suite struct FrameRecorderTests {
  @Test func aFailedFinalWriteIsAFailure() {
    let recorder = FrameRecorder(path: "/dev/full")
    #expect(recorder.failure == nil)
    let frame = Array(#"{"table":"trade","action":"insert","data":[]}"#.utf8)
    frame.withUnsafeBytes { recorder.record($0, now: MonotonicTime(seconds: 1)) }
    #expect(recorder.failure == nil, "buffered, not yet written")
    recorder.close()
    #expect(recorder.failure == "recording to /dev/full stopped: No space left on device")
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
