import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal of a given size whose master side a thread of its own reads and
/// counts, as a terminal emulator would; ncurses writes to the slave side.
final class PtySink: Sendable {
  let master: Int32
  let slave: Int32
  private let count = Atomic<Int>(0)
  private let finished = DispatchSemaphore(value: 0)

  init(width: Int, height: Int) {
    // posix_openpt & co. do not import into Swift: the same by hand (Linux's generic ioctls,
    // TIOCSPTLCK = _IOW('T', 0x31, int) and TIOCGPTN = _IOR('T', 0x30, unsigned int)).
    let m = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard m >= 0, ioctl(m, 0x4004_5431, &unlock) == 0, ioctl(m, 0x8004_5430, &number) == 0 else {
      fatalError("bench: cannot open a pseudo-terminal")
    }
    let s = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
    guard s >= 0 else { fatalError("bench: cannot open /dev/pts/\(number)") }
    var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(s, UInt(TIOCSWINSZ), &size)
    master = m
    slave = s
    Thread.detachNewThread { [self] in
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while true {
        let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        if n > 0 {
          count.add(n, ordering: .relaxed)
        } else if n < 0 && errno == EINTR {
          continue
        } else {
          break  // EIO: every slave descriptor is closed
        }
      }
      finished.signal()
    }
  }

  /// Bytes read from the terminal so far.
  var bytesRead: Int { count.load(ordering: .relaxed) }

  /// Waits for the reader to see the end (every slave descriptor closed), then closes.
  func finish() {
    close(slave)
    finished.wait()
    close(master)
  }
}
