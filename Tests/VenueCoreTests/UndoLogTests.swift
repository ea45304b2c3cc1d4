import Testing
import VenueCore

@Suite struct UndoLogTests {
  @Test func popsNewestFirstAndThenNothing() {
    var log = UndoLog<Int>()
    #expect(log.isEmpty && log.popLast() == nil)
    for step in 1...3 { log.append(step) }
    #expect(log.count == 3)
    #expect(log.popLast() == 3)
    #expect(log.popLast() == 2)
    #expect(log.popLast() == 1)
    #expect(log.popLast() == nil && log.isEmpty)
  }

  /// The next message's log holds its own steps only: the older steps still in the storage
  /// are never popped (a rollback would take back changes of a message already applied).
  @Test func aClearedLogHoldsOnlyTheStepsNotedSince() {
    var log = UndoLog<Int>()
    for step in [10, 11, 12, 13] { log.append(step) }
    log.removeAll()
    #expect(log.isEmpty && log.popLast() == nil)
    log.append(20)
    log.append(21)
    #expect(log.count == 2)
    #expect(log.popLast() == 21)
    #expect(log.popLast() == 20)
    #expect(log.popLast() == nil)
    // Deeper than before: the storage grows past its old steps.
    log.removeAll()
    for step in 30..<36 { log.append(step) }
    var popped: [Int] = []
    while let step = log.popLast() { popped.append(step) }
    #expect(popped == Array((30..<36).reversed()))
  }
}
