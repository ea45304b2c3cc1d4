import Testing
import VenueCore

/// A replacement connection's frames spliced after the live one's: the book goes on from the
/// live connection's last update without a snapshot, no trade twice, none missing.
@Suite struct ConnectionSpliceTests {
  private static let symbol: Symbol = "BTCUSDT"

  /// A batch of one delta (`previous`: USDⓈ-M's `pu`).
  private static func delta(_ first: UInt64, _ last: UInt64, previous: UInt64? = nil) -> VenueBatch {
    var batch = VenueBatch()
    batch.levels = [bid("100", String(last))]
    batch.events = [
      .book(symbol: symbol, update: .delta(first: first, last: last, previous: previous), levels: 0..<1)
    ]
    return batch
  }

  private static func trades(_ ids: UInt64...) -> VenueBatch {
    var batch = VenueBatch()
    for id in ids {
      batch.appendTrade(
        VenueTrade(price: FixedDecimal("100")!, size: FixedDecimal("1")!, aggressor: .buy, id: id),
        symbol: symbol)
    }
    return batch
  }

  private static func bbo(_ id: UInt64) -> VenueBatch {
    var batch = VenueBatch()
    batch.events = [.bbo(symbol: symbol, updateID: id, bid: bid("100", "1"), ask: ask("101", "1"))]
    return batch
  }

  /// Notes `batch` as the live connection's.
  private static func live(_ splice: inout ConnectionSplice, _ batch: VenueBatch) {
    splice.noteLive(batch, from: 0)
  }

  /// Holds `batch` as one frame of the replacement, its bytes `name`.
  private static func hold(_ splice: inout ConnectionSplice, _ batch: VenueBatch, _ name: String) {
    let bytes = Array(name.utf8)
    bytes.withUnsafeBufferPointer { pointer in
      splice.holdReplacementFrame(pointer) { (held: inout VenueBatch) in held.append(contentsOf: batch) }
    }
  }

  /// The (first, last, previous) ids of the book deltas in `batch`.
  private static func deltas(_ batch: VenueBatch) -> [[UInt64?]] {
    batch.events.compactMap {
      guard case let .book(_, update, _) = $0 else { return nil }
      return [update.first, update.last, update.previous]
    }
  }

  private static func tradeIDs(_ batch: VenueBatch) -> [UInt64?] { batch.trades.map(\.id) }

  @Test func spotGoesOnFromTheLiveConnectionsLastUpdateWithNoTradeTwice() {
    var splice = ConnectionSplice()
    Self.live(&splice, Self.delta(91, 100))
    Self.live(&splice, Self.trades(49, 50))
    #expect(!splice.isCaughtUp)
    Self.hold(&splice, Self.delta(81, 90), "d90")
    #expect(!splice.isCaughtUp)  // not yet at u = 100
    Self.hold(&splice, Self.delta(91, 100), "d100")
    Self.hold(&splice, Self.bbo(100), "b100")
    Self.hold(&splice, Self.trades(50), "t50")
    // At the live one's last: what follows will come on the replacement.
    #expect(splice.isCaughtUp)
    Self.hold(&splice, Self.delta(101, 105), "d105")
    Self.hold(&splice, Self.trades(51), "t51")
    Self.hold(&splice, Self.bbo(105), "b105")
    #expect(splice.isCaughtUp)
    var batch = VenueBatch()
    let kept = splice.splice(into: &batch)
    #expect(Self.deltas(batch) == [[101, 105, nil]])
    #expect(Self.tradeIDs(batch) == [51])
    #expect(batch.events.count == 3)
    #expect(kept.map { String(decoding: $0, as: UTF8.self) } == ["d105", "t51", "b105"])
    #expect(batch.levels(0..<1).first == bid("100", "105"))
    #expect(!splice.hasReplacementFrames)
  }

  /// The two connections cut the stream differently: the update that straddles the live one's
  /// last is applied after it, linked to it.
  @Test func aStraddlingSpotUpdateIsLinkedToTheLiveOnesLast() {
    var splice = ConnectionSplice()
    Self.live(&splice, Self.delta(98, 102))
    Self.hold(&splice, Self.delta(96, 100), "old")
    Self.hold(&splice, Self.delta(101, 104), "straddles")
    Self.hold(&splice, Self.delta(105, 107), "next")
    #expect(splice.isCaughtUp)
    var batch = VenueBatch()
    splice.splice(into: &batch)
    #expect(Self.deltas(batch) == [[103, 104, nil], [105, 107, nil]])
  }

  @Test func usdmLinksByPreviousUpdate() {
    var splice = ConnectionSplice()
    Self.live(&splice, Self.delta(180, 200, previous: 170))
    Self.hold(&splice, Self.delta(180, 200, previous: 170), "same")
    Self.hold(&splice, Self.delta(230, 260, previous: 200), "next")
    #expect(splice.isCaughtUp)
    var batch = VenueBatch()
    splice.splice(into: &batch)
    #expect(Self.deltas(batch) == [[230, 260, 200]])

    // Cut differently: `pu` < 200 < `u`: linked to 260, the last spliced above.
    var other = ConnectionSplice()
    Self.live(&other, batch)
    Self.hold(&other, Self.delta(250, 300, previous: 240), "straddles")
    #expect(other.isCaughtUp)
    var next = VenueBatch()
    other.splice(into: &next)
    #expect(Self.deltas(next) == [[250, 300, 260]])
  }

  @Test func aReplacementBehindOrAheadIsNotCaughtUp() {
    // Behind: everything it holds the live connection already delivered.
    var behind = ConnectionSplice()
    Self.live(&behind, Self.delta(101, 110))
    Self.hold(&behind, Self.delta(96, 100), "a")
    #expect(!behind.isCaughtUp)
    Self.hold(&behind, Self.delta(101, 110), "b")
    #expect(behind.isCaughtUp)
    var nothingNew = VenueBatch()
    behind.splice(into: &nothingNew)
    #expect(Self.deltas(nothingNew).isEmpty)
    // Ahead: the live connection has not delivered 101...104 yet.
    var ahead = ConnectionSplice()
    Self.live(&ahead, Self.delta(91, 100))
    Self.hold(&ahead, Self.delta(105, 110), "a")
    #expect(!ahead.isCaughtUp)
    Self.live(&ahead, Self.delta(101, 104))
    #expect(ahead.isCaughtUp)
    // Trades ahead: 51 has not come on either.
    var trades = ConnectionSplice()
    Self.live(&trades, Self.trades(50))
    Self.hold(&trades, Self.trades(52), "a")
    #expect(!trades.isCaughtUp)
    Self.live(&trades, Self.trades(51))
    #expect(trades.isCaughtUp)
    // Nothing held yet.
    #expect(!ConnectionSplice().isCaughtUp)
  }

  /// A REST snapshot is the mark only until the stream's own updates come.
  @Test func theStreamsUpdatesNotTheSnapshotAreContinued() {
    var splice = ConnectionSplice()
    var snapshot = VenueBatch()
    snapshot.levels = [bid("100", "1")]
    snapshot.events = [.book(symbol: Self.symbol, update: .snapshot(last: 100), levels: 0..<1)]
    Self.live(&splice, snapshot)
    Self.hold(&splice, Self.delta(101, 103), "a")
    #expect(splice.isCaughtUp)
    Self.live(&splice, Self.delta(97, 99))
    #expect(!splice.isCaughtUp)  // 100 is missing between the stream's 99 and the held 101
    Self.live(&splice, snapshot)
    #expect(!splice.isCaughtUp)
  }

  @Test func aResetForgetsTheLiveConnection() {
    var splice = ConnectionSplice()
    Self.live(&splice, Self.delta(91, 100))
    Self.hold(&splice, Self.trades(7), "a")
    #expect(!splice.isCaughtUp)
    splice.reset()
    #expect(!splice.hasReplacementFrames)
    Self.hold(&splice, Self.trades(7), "a")
    #expect(splice.isCaughtUp)
  }
}
