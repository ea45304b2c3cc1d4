import Threads

/// A REST worker's thread and mailbox, the part BitMEX's `RESTWorker` and every venue's
/// `VenueRESTWorker` share: jobs are queued (a job already waiting is not queued twice: a key
/// pressed twice asks once), done one at a time in order on a thread of their own, so DNS, TLS or
/// a dead server never freeze the UI, and their results come back through `drain()` with `wake`
/// signalled. What a job does is the worker's (`start`'s `worker`).
public final class RESTMailbox<Job: Equatable & Sendable, Output: Sendable>: Sendable {
  /// Signalled when there are results to drain.
  public let wake = WakeSignal()
  /// Raised by `stop`: a request in flight on a client made with it is interrupted.
  public let abortSignal = AbortSignal()
  private let state = Locked(Shared())
  private let jobSignal = WakeSignal()

  struct Shared: ~Copyable {
    var jobs: [Job] = []
    var results: [Output] = []
    var stopping = false
    var thread: WorkerThread?
  }

  public init() {}

  /// Starts the thread. `worker` runs on it first and makes what does each job there (the
  /// thread's REST client, and any state kept from one job to the next, live in it).
  public func start(_ worker: @escaping @Sendable () -> (Job) -> Output) {
    let thread = WorkerThread { self.run(worker()) }
    state.withLock { $0.thread = thread }
  }

  /// Queues `job`, unless the same one already waits in the queue.
  public func request(_ job: Job) {
    state.withLock { s in
      if !s.jobs.contains(job) { s.jobs.append(job) }
    }
    jobSignal.signal()
  }

  /// Results since the last drain, in the order their jobs were done.
  public func drain() -> [Output] {
    wake.clear()
    return state.withLock { s in
      defer { s.results.removeAll() }
      return s.results
    }
  }

  /// Waits on the worker's thread up to `seconds` (a polite pause before a retry); a job queued
  /// or `stop` ends it sooner.
  public func pause(seconds: Double) {
    jobSignal.wait(timeout: seconds)
  }

  /// Stops (interrupting a request in flight and a pause) and waits for the thread.
  public func stop() {
    abortSignal.raise()
    let thread = state.withLock { s -> WorkerThread? in
      s.stopping = true
      defer { s.thread = nil }
      return s.thread
    }
    jobSignal.signal()
    thread?.join()
  }

  private func run(_ perform: (Job) -> Output) {
    while true {
      let next = state.withLock { s -> (Job?, Bool) in
        if s.stopping { return (nil, true) }
        return (s.jobs.isEmpty ? nil : s.jobs.removeFirst(), false)
      }
      if next.1 { return }
      guard let job = next.0 else {
        jobSignal.wait(timeout: 1)
        jobSignal.clear()
        continue
      }
      let result = perform(job)
      state.withLock { $0.results.append(result) }
      wake.signal()
    }
  }
}
