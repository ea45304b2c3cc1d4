#if canImport(Glibc)
import Glibc
#endif

/// A thread of our own that runs one function to its end (the feed's and the REST worker's:
/// each blocks in libcurl and `poll`, so neither runs on a shared pool).
public struct WorkerThread: Sendable {
  private let id: pthread_t

  /// Starts a thread running `body`.
  public init(_ body: @escaping @Sendable () -> Void) {
    final class Body: Sendable {
      let run: @Sendable () -> Void
      init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
    let box = Unmanaged.passRetained(Body(body))
    var tid = pthread_t()
    let rc = pthread_create(
      &tid, nil,
      { raw in
        Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue().run()
        return nil
      }, box.toOpaque())
    precondition(rc == 0, "pthread_create failed")
    id = tid
  }

  /// Waits for the thread's function to return.
  public func join() {
    pthread_join(id, nil)
  }
}
