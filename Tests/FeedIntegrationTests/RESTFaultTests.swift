import ExchangeSim
import Feed
import Foundation
import MarketModel
import Session
import Testing

/// The REST worker against a simulator whose symbol list (`/instrument/active`) fails: every
/// failure comes back as `.failed(.active, reason)` with a reason a person can act on, within
/// the request timeout, and a retry after the fault clears gets the list (issue 11: the symbol
/// picker said "loading the symbol list…" for ever).
@Suite struct RESTFaultTests {
  /// Asks for the symbol list and waits (with a deadline) for the answer.
  private func symbolList(_ worker: RESTWorker, timeout: Double) -> RESTResult? {
    worker.request(.active)
    let deadline = MonotonicTime.now() + timeout
    while MonotonicTime.now() < deadline {
      _ = worker.wake.wait(timeout: min(0.1, max(0, deadline - MonotonicTime.now())))
      if let result = worker.drain().first { return result }
    }
    return nil
  }

  static let faults: [(SimFaults.RESTFault, String)] = [
    (.status(500), "HTTP 500: Internal error"),
    (.status(404), "HTTP 404: Bad request"),
    (.html, "an HTML page, not JSON"),
    (.gzip, "a gzip-compressed answer (not asked for)"),
    (.noAnswer, "no answer within 0.5 s"),
  ]

  @Test(arguments: faults)
  func aFailingSymbolListSaysWhyAndARetryGetsIt(fault: SimFaults.RESTFault, reason: String) throws {
    try Integration.withSim(Integration.simConfig(seed: 501)) { sim in
      sim.faults.instrumentActive = fault
      let worker = RESTWorker(baseURL: sim.restURL, userAgent: "tradeterm-test", timeout: 0.5)
      worker.start()
      defer { worker.stop() }
      let started = MonotonicTime.now()
      let failed = symbolList(worker, timeout: 5)
      guard case .failed(.active, let words)? = failed else {
        Issue.record("expected the symbol list to fail, got \(String(describing: failed))")
        return
      }
      #expect(words == reason)
      #expect(MonotonicTime.now() - started < 3, "the failure took \(MonotonicTime.now() - started) s")

      // `r` in the picker asks again: with the fault gone, the list comes.
      sim.faults.instrumentActive = nil
      guard case .active(let rows)? = symbolList(worker, timeout: 5) else {
        Issue.record("no symbol list after the fault cleared")
        return
      }
      #expect(rows.contains { $0.symbol == "XBTUSD" })
    }
  }
}
