#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a pthread mutex, with `Synchronization.Mutex`'s `withLock`.
///
/// Why not `Mutex`: on Linux its contended path is a priority-inheritance futex inside the
/// (uninstrumented) standard library, which ThreadSanitizer cannot see, so every
/// contended lock of the feed's mailbox showed up as a data race between two accesses
/// that were both under the lock. ThreadSanitizer intercepts pthread mutexes, so with
/// this lock `swift test --sanitize=thread` checks the mailbox for real. An uncontended
/// lock and unlock cost a few tens of nanoseconds, once per frame.
public final class Locked<Value: ~Copyable>: @unchecked Sendable {
  // Allocated once: a pthread mutex must not move.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  public init(_ value: consuming Value) {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    precondition(pthread_mutex_init(mutex, nil) == 0, "pthread_mutex_init failed")
    self.value = value
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` with the value, holding the lock.
  public func withLock<Result: ~Copyable, E: Error>(
    _ body: (inout sending Value) throws(E) -> sending Result
  ) throws(E) -> sending Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
