/// The one thread a feed or a replay source runs its loop on: started by `start`, waited for by
/// `join` once its owner has asked the loop to end (each owner has its own way: a command, a
/// flag in its mailbox) and woken it. A second `join` returns at once; so does a `join` before
/// `start`.
public final class OwnedThread: Sendable {
  private let thread = Locked<WorkerThread?>(nil)

  public init() {}

  /// Starts a thread running `body`.
  public func start(_ body: @escaping @Sendable () -> Void) {
    let worker = WorkerThread(body)
    thread.withLock { $0 = worker }
  }

  /// Waits for the thread's function to return (the owner has asked it to), once.
  public func join() {
    thread.withLock { t -> WorkerThread? in
      defer { t = nil }
      return t
    }?.join()
  }
}
