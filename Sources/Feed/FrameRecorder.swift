import Session

#if canImport(Glibc)
import Glibc
#endif

/// `--record FILE`: every received text frame with its receive time, one per line:
///
///     <Unix time in seconds, with fraction> <the frame, byte for byte>
///
/// e.g. `1626993368.001705 {"table":"trade",…}` (frames never contain a newline: JSON
/// from BitMEX is on one line; any stray newline is written as a space). ExchangeSim's
/// replay reads this format. Writes are buffered and flushed at least every second, so
/// recording never stalls the feed; a write error (a full disk, `/dev/full`) is reported once
/// and recording stops. The last buffer is written at `close()`, whose failure is reported too.
final class FrameRecorder {
  private let path: String
  private var file: UnsafeMutablePointer<FILE>?
  private var lastFlush: MonotonicTime = .init(nanoseconds: 0)
  /// The error that stopped recording, to be reported once.
  private(set) var failure: String?

  init(path: String) {
    self.path = path
    file = fopen(path, "a")
    if file == nil { failure = "cannot record to \(path): \(String(cString: strerror(errno)))" }
  }

  func record(_ frame: UnsafeRawBufferPointer, now: MonotonicTime) {
    guard let file else { return }
    var ts = timespec()
    clock_gettime(CLOCK_REALTIME, &ts)
    let stamp = "\(ts.tv_sec).\(String(Int(ts.tv_nsec) / 1000).leftPadded(to: 6)) "
    var ok = fputs(stamp, file) >= 0
    if let base = frame.baseAddress, ok {
      if memchr(base, 0x0A, frame.count) == nil {
        ok = fwrite(base, 1, frame.count, file) == frame.count
      } else {
        for byte in frame { ok = ok && fputc(byte == 0x0A ? 0x20 : Int32(byte), file) != EOF }
      }
    }
    ok = ok && fputc(0x0A, file) != EOF
    if !ok { stop() }
  }

  func flushIfDue(now: MonotonicTime) {
    guard let file, now - lastFlush >= 1 else { return }
    lastFlush = now
    if fflush(file) != 0 { stop() }
  }

  /// Writes what is buffered and closes the file; a failure to do so is the recording's failure.
  func close() {
    guard let file else { return }
    self.file = nil
    let flushed = fflush(file) == 0
    let error = errno
    let closed = fclose(file) == 0
    if !flushed || !closed { fail(flushed ? errno : error) }
  }

  /// Stops recording after a write error (`errno`).
  private func stop() {
    let error = errno
    if let file { fclose(file) }
    file = nil
    fail(error)
  }

  private func fail(_ error: Int32) {
    failure = failure ?? "recording to \(path) stopped: \(String(cString: strerror(error)))"
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
