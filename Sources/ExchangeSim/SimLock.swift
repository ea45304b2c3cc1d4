import Foundation

/// A value behind a lock: the few pieces of state that the event loop and callers' threads
/// share (statistics, faults). Everything else lives on the event loop alone.
final class SimLock<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }

  /// A copy of the value.
  var current: Value { withLock { $0 } }
}
