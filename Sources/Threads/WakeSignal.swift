#if canImport(Glibc)
import Glibc
#endif

/// A self-pipe one thread signals and another waits on with `poll`: how the feed wakes
/// the UI (and the UI the feed) without either ever blocking on the other.
public final class WakeSignal: Sendable {
  /// The descriptor to put in a `poll` set (readable once signalled).
  public let descriptor: Int32
  private let writeEnd: Int32

  public init() {
    var fds: [Int32] = [-1, -1]
    precondition(pipe(&fds) == 0, "pipe failed")
    for fd in fds {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    descriptor = fds[0]
    writeEnd = fds[1]
  }

  deinit {
    close(descriptor)
    close(writeEnd)
  }

  /// Wakes the waiter. A full pipe already means "wake up", so a failed write is fine.
  public func signal() {
    var one: UInt8 = 1
    _ = write(writeEnd, &one, 1)
  }

  /// Consumes pending signals. A read that comes back short emptied the pipe: no second read to
  /// hear it say so (a signal written after it makes the pipe readable again, as it should).
  public func clear() {
    var buffer = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
    let size = MemoryLayout.size(ofValue: buffer)
    while withUnsafeMutableBytes(of: &buffer, { read(descriptor, $0.baseAddress, $0.count) }) == size {}
  }

  /// Waits until signalled or `timeout` seconds pass; true if signalled.
  @discardableResult
  public func wait(timeout: Double) -> Bool {
    var pfd = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&pfd, 1, Int32(max(0, min(timeout, 3_600)) * 1000)) > 0
  }
}
