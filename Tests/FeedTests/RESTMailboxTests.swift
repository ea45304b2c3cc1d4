import Session
import Testing

@testable import Feed

/// The REST workers' shared thread and mailbox (`RESTMailbox`): jobs done in order on its thread,
/// a job already waiting not queued twice, results drained once, the worker's state kept from one
/// job to the next. Waits are on the results, with a deadline.
@Suite struct RESTMailboxTests {
  /// Drains `mailbox` until `count` results came (or 10 s passed).
  static func results(_ mailbox: RESTMailbox<String, String>, count: Int) -> [String] {
    var out: [String] = []
    let deadline = MonotonicTime.now() + 10
    while out.count < count, MonotonicTime.now() < deadline {
      mailbox.wake.wait(timeout: 0.1)
      out += mailbox.drain()
    }
    return out
  }

  @Test func jobsAreDoneInOrderOnceEachWhileTheyWait() {
    let mailbox = RESTMailbox<String, String>()
    // Queued before the thread starts: all of them wait, so the second "a" is the first's.
    for job in ["a", "b", "a", "c", "b"] { mailbox.request(job) }
    mailbox.start {
      // The worker's own state, kept from one job to the next.
      var done = 0
      return { job in
        done += 1
        return "\(done):\(job)"
      }
    }
    defer { mailbox.stop() }
    #expect(Self.results(mailbox, count: 3) == ["1:a", "2:b", "3:c"])
    // Done jobs can be asked again; a drain gives each result once.
    mailbox.request("a")
    #expect(Self.results(mailbox, count: 1) == ["4:a"])
    #expect(mailbox.drain().isEmpty)
  }
}
