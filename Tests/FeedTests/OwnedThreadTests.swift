import Testing
import Threads

/// The thread a feed or a replay source runs on (`OwnedThread`): `join` waits for the loop its
/// owner asked to end, once; a `join` before `start` or a second one returns at once.
@Suite struct OwnedThreadTests {
  @Test func joinWaitsForTheLoopToReturn() {
    let thread = OwnedThread()
    let stopping = Locked(false)
    let turns = Locked(0)
    let finished = Locked(false)
    thread.start {
      while !stopping.withLock({ $0 }) { turns.withLock { $0 += 1 } }
      // Work after the flag is seen: a `join` that did not wait would return before it.
      for _ in 0..<1_000 { turns.withLock { $0 += 1 } }
      finished.withLock { $0 = true }
    }
    stopping.withLock { $0 = true }
    thread.join()
    #expect(finished.withLock { $0 }, "join returned before the thread's function did")
    thread.join()  // once: a second join returns at once
  }

  @Test func joinBeforeStartReturnsAtOnce() {
    OwnedThread().join()
  }
}
