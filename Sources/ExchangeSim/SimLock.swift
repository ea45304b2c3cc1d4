import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// A value behind a lock: the few pieces of state that the event loop and callers' threads
/// share (statistics, faults). Everything else lives on the event loop alone.
final class SimLock<Value: Sendable>: @unchecked Sendable {
  // Allocated once: a pthread mutex must not move.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  init(_ value: Value) {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    precondition(pthread_mutex_init(mutex, nil) == 0, "pthread_mutex_init failed")
    self.value = value
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }

  /// A copy of the value.
  var current: Value { withLock { $0 } }
}
