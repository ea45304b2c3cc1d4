import Testing
import Threads

/// The self-pipe every feed and worker wakes its owner with (`WakeSignal`): `clear` leaves it
/// unreadable however many signals were written (more than one read's worth too), and a signal
/// after it makes it readable again.
@Suite struct WakeSignalTests {
  @Test(arguments: [1, 31, 32, 33, 64, 1_000])
  func clearEmptiesThePipe(signals: Int) {
    let wake = WakeSignal()
    #expect(!wake.wait(timeout: 0))
    for _ in 0..<signals { wake.signal() }
    #expect(wake.wait(timeout: 0))
    wake.clear()
    #expect(!wake.wait(timeout: 0), "still readable after clearing \(signals) signals")
    wake.signal()
    #expect(wake.wait(timeout: 0), "a signal after the clear is heard")
    wake.clear()
    wake.clear()  // nothing to read: returns at once
    #expect(!wake.wait(timeout: 0))
  }
}
