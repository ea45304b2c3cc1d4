import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A blocking TCP connection to 127.0.0.1 with deadlines on every read, for tests.
final class TestSocket {
  /// A test-side failure: what went wrong.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  let fd: Int32
  /// Bytes read but not consumed yet.
  var pending: [UInt8] = []
  /// Whether the peer closed its side.
  private(set) var atEOF = false

  init(port: Int) throws {
    #if canImport(Glibc)
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw Failure(description: "socket() failed: \(errno)") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      close(fd)
      throw Failure(description: "connect() to port \(port) failed: \(errno)")
    }
    self.fd = fd
  }

  deinit {
    close(fd)
  }

  func write(_ bytes: [UInt8]) throws {
    var sent = 0
    while sent < bytes.count {
      let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      guard n > 0 else { throw Failure(description: "send() failed: \(errno)") }
      sent += n
    }
  }

  /// Reads more bytes into `pending`; false on a timeout, true on data or EOF.
  @discardableResult
  func fill(until deadline: Date) throws -> Bool {
    guard !atEOF else { return true }
    let ms = Int32(max(0, deadline.timeIntervalSinceNow * 1000).rounded(.up))
    var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    let ready = poll(&p, 1, ms)
    guard ready > 0 else { return false }
    var chunk = [UInt8](repeating: 0, count: 65_536)
    let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
    if n <= 0 {
      // A reset counts as the end too: tests look at how the stream ended, not at errno.
      atEOF = true
      return true
    }
    pending += chunk[0..<n]
    return true
  }

  /// Takes `count` bytes, waiting until `deadline`; nil on timeout or EOF.
  func take(_ count: Int, until deadline: Date) throws -> [UInt8]? {
    while pending.count < count {
      guard try fill(until: deadline), !atEOF || pending.count >= count else { return nil }
    }
    let out = Array(pending[0..<count])
    pending.removeFirst(count)
    return out
  }

  /// Whether the peer closes the connection before `deadline` (reading and discarding data).
  func waitForEOF(until deadline: Date) throws -> Bool {
    while !atEOF {
      guard try fill(until: deadline) else { return false }
      pending.removeAll()
    }
    return true
  }
}
