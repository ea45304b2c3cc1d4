/// The steps that take back the changes of the message being applied, newest last, in storage
/// kept from one message to the next: the book engine's and BitMEX's id map's.
///
/// Every message starts with an empty log, and most messages are applied whole, so emptying it
/// must cost nothing: `removeAll` only moves the top back to 0. (An array popped empty checked,
/// at every step, that its buffer was unshared: that cost more than the few steps a message
/// notes.) The slots above the top keep their old steps until they are written again, so a step
/// is meant to be a plain value (no reference kept alive in it).
public struct UndoLog<Step: Sendable>: Sendable {
  @usableFromInline var steps: [Step] = []
  /// How many of `steps` are the current message's; the rest are storage for the next.
  @usableFromInline var top = 0

  @inlinable public init() {}

  /// How many steps are noted.
  @inlinable public var count: Int { top }

  @inlinable public var isEmpty: Bool { top == 0 }

  /// Notes `step` (allocates only when the log is deeper than it has ever been).
  @inlinable @inline(__always) public mutating func append(_ step: Step) {
    if top < steps.count {
      steps[top] = step
    } else {
      steps.append(step)
    }
    top += 1
  }

  /// The newest step, taken off the log (nil when it is empty).
  @inlinable @inline(__always) public mutating func popLast() -> Step? {
    guard top > 0 else { return nil }
    top -= 1
    return steps[top]
  }

  /// Empties the log, keeping its storage.
  @inlinable @inline(__always) public mutating func removeAll() {
    top = 0
  }
}
