import ExchangeSim
import Feed
import Kraken
import MarketModel
import Session
import Testing

/// Kraken live over the real libcurl WebSocket against the simulator's Kraken dialect: the one
/// feed loop and connection machine, Kraken's adapter, its checksum rule and the price-keyed book.
@Suite(.serialized) struct KrakenFeedTests {
  private static let symbol = "BTC/USD"
  private static let book = Subscription(.book, Symbol(symbol), depth: 25)

  private static func harness(_ sim: ExchangeSim) -> VenueFeedHarness {
    let adapter = KrakenAdapter(url: sim.krakenURL)
    return VenueFeedHarness(
      adapter: adapter, plan: SubscriptionPlan(bookDepth: 25, perSymbol: [.book, .trades]),
      policy: .checksum(ChecksumSync(depth: 25, checksum: AnyBookChecksum(KrakenChecksum()))), symbol: symbol)
  }

  /// The client's top levels against the simulator's, as text (Kraken's own decimals).
  private static func matches(_ h: VenueFeedHarness, _ sim: ExchangeSim) -> Bool {
    let theirs = sim.krakenBook(symbol: symbol, depth: 10)
    guard let book = h.state.priceBook, !theirs.bids.isEmpty else { return false }
    func text(_ side: BookSide) -> [String] {
      (0..<min(10, book[side].count)).map {
        let l = book[side].level(fromBest: $0)
        return "\(book.price(l.price))×\(book.size(l.size))"
      }
    }
    let mine = (text(.bid), text(.ask))
    return mine.0 == theirs.bids.map { "\(FixedDecimal($0.price)!)×\(FixedDecimal($0.qty)!)" }
      && mine.1 == theirs.asks.map { "\(FixedDecimal($0.price)!)×\(FixedDecimal($0.qty)!)" }
  }

  private static func isChecksumMismatch(_ fault: IntegrityFault?) -> Bool {
    guard case .checksumMismatch? = fault?.fault else { return false }
    return true
  }

  @Test func goesLiveOnAVerifiedBookThatMatchesTheVenues() throws {
    try Integration.withSim(Integration.simConfig(seed: 51)) { sim in
      let h = Self.harness(sim)
      defer { h.stop() }
      h.waitUntil(timeout: 10, "LIVE with 50 verified book messages") {
        $0.isLive && $0.integrity.checks >= 50
      }
      #expect(h.integrity.failures == 0)
      #expect(h.faults.isEmpty)
      #expect(h.state.tradeSync == .live)
      #expect(h.decodeErrors == 0)
      sim.pauseMarket()
      h.waitUntil(timeout: 5, "the client's book equal to the simulator's") { Self.matches($0, sim) }
    }
  }

  /// A wrong checksum: one fault, one resubscribe of that book, never LIVE over it, and a
  /// correct book after.
  @Test func aWrongChecksumResubscribesTheBookOnceAndRecovers() throws {
    try Integration.withSim(Integration.simConfig(seed: 52)) { sim in Self.wrongChecksum(sim) }
  }

  private static func wrongChecksum(_ sim: ExchangeSim) {
    let h = harness(sim)
    defer { h.stop() }
    h.waitUntil(timeout: 10, "LIVE") { $0.isLive && $0.integrity.checks >= 10 }
    let snapshotsBefore = h.snapshots
    sim.sendKrakenBadChecksum(symbol: symbol)
    h.waitUntil(timeout: 5, "the bad checksum found") { !$0.faults.isEmpty }
    #expect(!h.liveOverAFault)
    let resyncs = h.resyncsPosted
    #expect(resyncs == [book])
    let first = h.faults.first
    #expect(isChecksumMismatch(first), "\(String(describing: first))")
    h.waitUntil(timeout: 10, "LIVE again on a fresh snapshot") {
      $0.isLive && $0.snapshots > snapshotsBefore && $0.integrity.checks >= 30
    }
    #expect(h.faults.count == 1)
    let counts = h.integrity
    #expect(counts.failures == 1)
    #expect(counts.resyncs == 1)
    sim.pauseMarket()
    h.waitUntil(timeout: 5, "the book equal to the simulator's after the resync") { matches($0, sim) }
  }

  /// A dropped connection comes back and the book is taken afresh.
  @Test func aDropReconnectsAndTheBookComesBack() throws {
    try Integration.withSim(Integration.simConfig(seed: 53)) { sim in
      let h = Self.harness(sim)
      defer { h.stop() }
      h.waitUntil(timeout: 10, "LIVE") { $0.isLive }
      let snapshotsBefore = h.snapshots
      sim.dropConnections()
      h.waitUntil(timeout: 10, "LIVE again after the drop") {
        $0.isLive && $0.snapshots > snapshotsBefore && ($0.status?.reconnects ?? 0) >= 1
      }
      #expect(h.integrity.failures == 0)
    }
  }

  /// A stalled connection (no frame, no pong) is given up on and replaced.
  @Test func aStallReconnects() throws {
    try Integration.withSim(Integration.simConfig(seed: 54)) { sim in
      let h = Self.harness(sim)
      defer { h.stop() }
      h.waitUntil(timeout: 10, "LIVE") { $0.isLive }
      sim.stallConnections()
      h.waitUntil(timeout: 10, "LIVE again after the stall") {
        ($0.status?.reconnects ?? 0) >= 1 && $0.isLive
      }
    }
  }
}
