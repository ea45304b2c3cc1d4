import Bybit
import Foundation
import Kraken
import MarketModel
import OKX
import Replay
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
    #expect(lines.count == 3)
    #expect(lines.first.map { $0 + "\n" } == Substring(RecordingFormat.header))
    #expect(
      lines.dropFirst().first?.hasSuffix(#" bitmex {"table":"trade","action":"insert","data":[]}"#) == true)
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
    #expect(text.hasSuffix(" bitmex a b\n"), "\(text)")
    #expect(text.hasPrefix(RecordingFormat.header), "\(text)")
    #expect(recorder.summary.hasPrefix("recorded 1 frame ("), "\(recorder.summary)")
  }

  /// Format 2: the header once, then each frame as `<time> <venue> <frame>`, the venue the
  /// caller's; a recording without frames is the header alone.
  @Test(arguments: [Venue.bitmex, .kraken, .bybitInverse])
  func eachLineIsTaggedWithTheCallersVenue(venue: Venue) throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tt-rec-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: url) }
    let recorder = FrameRecorder(path: url.path, venue: venue)
    for frame in [#"{"a":1}"#, "pong"] { Array(frame.utf8).withUnsafeBytes { recorder.record($0, now: 1) } }
    recorder.close()
    let lines = try String(contentsOf: url, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 4, "\(lines)")
    #expect(lines[0] == "# tradeterm recording 2")
    for (line, frame) in zip(lines[1...2], [#"{"a":1}"#, "pong"]) {
      let parts = line.split(separator: " ", maxSplits: 2)
      #expect(parts.count == 3 && Double(parts[0]) != nil, "\(line)")
      #expect(parts[1] == Substring(venue.rawValue) && parts[2] == Substring(frame), "\(line)")
    }

    let empty = FileManager.default.temporaryDirectory.appendingPathComponent("tt-rec-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: empty) }
    let none = FrameRecorder(path: empty.path)
    none.close()
    #expect(try String(contentsOf: empty, encoding: .utf8) == RecordingFormat.header)
    #expect(none.summary.hasPrefix("recorded 0 frames (24 bytes)"), "\(none.summary)")
  }
}

/// One recorder shared by several venues' feeds (the cross-venue screen's): each line tagged with
/// the venue its feed names, the preamble after the header, notes as `#` lines that are no frames.
@Suite struct FrameRecorderSharedTests {
  @Test func eachFeedTagsItsOwnVenueAndNotesAreNoFrames() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tt-rec-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: url) }
    let recorder = FrameRecorder(path: url.path, preamble: ["tradeterm across BTC a:b\nc"])
    Array(#"{"a":1}"#.utf8).withUnsafeBytes { recorder.record($0, as: .kraken, now: 1) }
    recorder.note("tradeterm facts x")
    Array(#"{"b":2}"#.utf8).withUnsafeBytes { recorder.record($0, as: .okx, now: 1) }
    recorder.close()
    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 5, "\(lines)")
    #expect(lines[0] == "# tradeterm recording 2")
    // A line break in a note cannot start a line of its own.
    #expect(lines[1] == "# tradeterm across BTC a:b c")
    #expect(lines[2].split(separator: " ").dropFirst().first == "kraken", "\(lines[2])")
    #expect(lines[3] == "# tradeterm facts x")
    #expect(lines[4].split(separator: " ").dropFirst().first == "okx", "\(lines[4])")
    #expect(recorder.summary.hasPrefix("recorded 2 frames ("), "\(recorder.summary)")
  }
}

/// The chunk the writer thread is writing counts against the cap as the queue does: a disk stuck
/// in one write (a FIFO nobody reads) stops the recording once both together pass it.
@Suite struct FrameRecorderInFlightTests {
  @Test func theChunkBeingWrittenCountsAgainstTheCap() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tt-fifo-\(UUID().uuidString)")
      .path
    #expect(mkfifo(path, 0o600) == 0)
    defer { unlink(path) }
    // A reader end that reads nothing yet: the writer fills the pipe (64 KB) and waits.
    let reader = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    try #require(reader >= 0)
    defer { close(reader) }
    let recorder = FrameRecorder(path: path, maxQueued: 200_000)
    try #require(recorder.failure == nil)
    let first = Array(repeating: UInt8(ascii: "x"), count: 150_000)
    first.withUnsafeBytes { recorder.record($0, now: 1) }
    // Wait (with a deadline) until the writer has taken the chunk and is stuck writing it.
    let deadline = Date(timeIntervalSinceNow: 10)
    while recorder.waiting.inFlight == 0, Date() < deadline { usleep(1_000) }
    #expect(recorder.waiting.inFlight > 150_000)
    #expect(recorder.waiting.queued == 0)
    // 100 KB more fits the queue alone, not with the 150 KB in flight.
    let second = Array(repeating: UInt8(ascii: "y"), count: 100_000)
    second.withUnsafeBytes { recorder.record($0, now: 2) }
    #expect(recorder.failure == "recording to \(path) stopped: the disk fell behind (200000 bytes waiting)")
    #expect(recorder.dropped == 1)
    // Close on a thread of its own while this one drains the FIFO (each poll with a deadline):
    // the writer finishes the frame, writes the note and closes, which ends the reading.
    let closer = Thread { recorder.close() }
    closer.start()
    var drained = 0
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      var ready = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
      guard poll(&ready, 1, 10_000) > 0 else {
        Issue.record("the recorder never closed the FIFO")
        break
      }
      let n = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
      if n == 0 { break }
      if n < 0 {
        if errno == EAGAIN || errno == EINTR { continue }
        break
      }
      drained += n
    }
    // The first frame whole and the note of the one dropped, not the second frame.
    #expect(drained > 150_000)
    #expect(drained < 250_000)
  }
}
