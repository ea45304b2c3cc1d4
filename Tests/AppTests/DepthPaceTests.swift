import BitMEX
import MarketModel
import Session
import Testing

@testable import App

/// The dashboard's two paces (`FramePacer`, `AppState.urgent`): a trade, a new best price, a key
/// are drawn in the next frame slot; a drain that moved only the book's depth waits for the depth
/// pace.
@Suite struct DepthPaceTests {
  static let wallMs: Int64 = 1_800_000_000_000
  static let now = MonotonicTime(seconds: 5)

  /// Live with a book of two levels a side (best 98,000 / 98,001) and a tape; drawn (nothing
  /// waits).
  static func state() throws -> (AppState, BitMEXDecoder) {
    var s = AppState(symbol: "XBTUSD", mode: .live, width: 120, height: 40, ascii: false, color: true)
    // One decoder all along: BitMEX's id → price map is the adapter's, filled by the partial.
    var decoder = BitMEXDecoder()
    let status = FeedStatus(state: .live, symbol: "XBTUSD", messagesPerSecond: 20)
    _ = App.update(&s, .feed(FeedUpdate(status: status), now: now, wallMs: wallMs))
    try feed(
      &s, &decoder,
      #"{"table":"orderBookL2_25","action":"partial","filter":{"symbol":"XBTUSD"},"data":["#
        + #"{"symbol":"XBTUSD","id":1,"side":"Sell","size":500,"price":98001},"#
        + #"{"symbol":"XBTUSD","id":3,"side":"Sell","size":900,"price":98002},"#
        + #"{"symbol":"XBTUSD","id":2,"side":"Buy","size":700,"price":98000},"#
        + #"{"symbol":"XBTUSD","id":4,"side":"Buy","size":300,"price":97999}]}"#)
    try feed(
      &s, &decoder,
      #"{"table":"trade","action":"partial","filter":{"symbol":"XBTUSD"},"data":["#
        + #"{"timestamp":"2027-01-15T08:00:00.000Z","symbol":"XBTUSD","side":"Buy","size":100,"price":98000.5}]}"#
    )
    s.dirty = false
    s.urgent = false
    return (s, decoder)
  }

  static func feed(_ s: inout AppState, _ decoder: inout BitMEXDecoder, _ json: String) throws {
    var batch = MarketBatch()
    try decoder.decode(Array(json.utf8), into: &batch)
    _ = App.update(&s, .feed(FeedUpdate(), now: now, wallMs: wallMs), batch: batch)
  }

  static func update(_ side: String, id: Int, size: Int) -> String {
    #"{"table":"orderBookL2_25","action":"update","data":[{"symbol":"XBTUSD","id":\#(id),"side":"\#(side)","size":\#(size)}]}"#
  }

  @Test(arguments: [
    ("a deeper level's size", update("Sell", id: 3, size: 950)),
    ("the best bid's size, its price kept", update("Buy", id: 2, size: 750)),
    (
      "a level added below the best",
      #"{"table":"orderBookL2_25","action":"insert","data":[{"symbol":"XBTUSD","id":5,"side":"Buy","size":10,"price":97998}]}"#
    ),
  ])
  func theDepthAloneWaitsForTheDepthPace(what: String, json: String) throws {
    var (s, decoder) = try Self.state()
    try Self.feed(&s, &decoder, json)
    #expect(s.dirty && !s.urgent, "\(what)")
    let pacer = FramePacer(fps: 30, depthFps: 10)
    let last = Self.now
    #expect(!pacer.shouldDraw(s, now: last + 0.05, lastDraw: last, forced: false), "\(what)")
    #expect(pacer.shouldDraw(s, now: last + 0.1, lastDraw: last, forced: false), "\(what)")
    // (A changed level flashes: the loop also wakes to fade it, `FramePacer.firstFadeMs`.)
    s.view.flashes = [:]
    #expect(abs(pacer.pollTimeout(s, now: last + 0.02, lastDraw: last) - 0.08) < 1e-9, "\(what)")
  }

  @Test(arguments: [
    (
      "a better bid",
      #"{"table":"orderBookL2_25","action":"insert","data":[{"symbol":"XBTUSD","id":6,"side":"Buy","size":10,"price":98000.5}]}"#
    ),
    (
      "the best ask taken",
      #"{"table":"orderBookL2_25","action":"delete","data":[{"symbol":"XBTUSD","id":1,"side":"Sell"}]}"#
    ),
    (
      "a trade",
      #"{"table":"trade","action":"insert","data":[{"timestamp":"2027-01-15T08:00:01.000Z","symbol":"XBTUSD","side":"Sell","size":5,"price":98000,"trdMatchID":"00000000-0000-0000-0000-000000000007"}]}"#
    ),
  ])
  func whatATraderReadsAtOnceIsDrawnInTheNextSlot(what: String, json: String) throws {
    var (s, decoder) = try Self.state()
    try Self.feed(&s, &decoder, json)
    #expect(s.dirty && s.urgent, "\(what)")
    let pacer = FramePacer(fps: 30, depthFps: 10)
    #expect(pacer.shouldDraw(s, now: Self.now + 0.034, lastDraw: Self.now, forced: false), "\(what)")
  }

  @Test func aKeyAfterTheDepthIsUrgentAndTheClockIsNot() throws {
    var (s, decoder) = try Self.state()
    try Self.feed(&s, &decoder, Self.update("Sell", id: 3, size: 950))
    _ = App.update(&s, .tick(now: Self.now + 1, wallMs: Self.wallMs + 1_000))
    #expect(s.dirty && !s.urgent)
    _ = App.update(&s, .key(.character("b")))
    #expect(s.urgent)
  }
}
