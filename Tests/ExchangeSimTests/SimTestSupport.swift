import BitMEX
import ExchangeSim
import Foundation
import MarketModel

/// Shared helpers for the simulator tests.
enum SimTest {
  /// A small, quick market: short partial delay, few levels, a short warm-up, fast rates.
  static func config(
    seed: UInt64 = 1, levels: Int = 60, bookRate: Double = 100, tradeRate: Double = 10,
    partialDelay: Double = 0.02
  ) -> SimConfig {
    SimConfig(
      seed: seed, levels: levels, bookRate: bookRate, tradeRate: tradeRate, instrumentInterval: 0.05,
      partialDelay: partialDelay, warmUpTicks: 200)
  }

  /// Runs `body` with a started simulator, stopping it afterwards.
  static func with<T>(_ config: SimConfig, _ body: (ExchangeSim) throws -> T) throws -> T {
    let sim = ExchangeSim(config)
    try sim.start()
    defer { sim.stop() }
    return try body(sim)
  }

  /// `Tests/Fixtures/<name>`.
  static func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures").appendingPathComponent(name).path
  }

  /// Waits until `condition` holds or `timeout` seconds pass; returns whether it held.
  static func wait(timeout: Double = 3, _ condition: () -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while Date() < deadline {
      if condition() { return true }
      usleep(2_000)
    }
    return condition()
  }

  /// Whether two JSON values are equal (compared as canonical, key-sorted JSON).
  static func jsonEqual(_ a: Any?, _ b: Any?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    func canonical(_ v: Any) -> Data? {
      try? JSONSerialization.data(withJSONObject: v, options: [.sortedKeys, .fragmentsAllowed])
    }
    return canonical(a) != nil && canonical(a) == canonical(b)
  }

  /// The JSON of `text`.
  static func json(_ text: String) -> Any? {
    try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
  }

  /// A GET over a fresh connection: status and JSON body.
  static func get(_ port: Int, _ path: String) throws -> (status: Int, json: Any?, headers: [String: String])
  {
    let socket = try TestSocket(port: port)
    try socket.write(Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
    guard let answer = try TestWebSocket.readHTTP(socket, until: Date(timeIntervalSinceNow: 3)) else {
      throw TestSocket.Failure(description: "no answer to GET \(path)")
    }
    return (answer.status, json(answer.body), answer.headers)
  }
}

/// A client-side copy of one symbol's market, built the way tradeterm builds it: frames
/// through `BitMEXDecoder` into `MarketState`.
struct ClientBook {
  var decoder = BitMEXDecoder()
  var batch = MarketBatch()
  var state: MarketState
  var faults: [IntegrityFault] = []
  /// Book frames (partials and deltas) seen, by action.
  var bookActions: [String: Int] = [:]

  init(symbol: Symbol) {
    state = MarketState(symbol: symbol)
  }

  /// Decodes and applies one frame; returns the frame's JSON `table` and `action`, if any.
  @discardableResult
  mutating func apply(_ frame: TestWebSocket.Frame) throws -> (table: String?, action: String?) {
    batch.removeAll()
    try decoder.decode(frame.payload, into: &batch)
    faults += state.apply(batch).faults
    let json = frame.json
    let table = json?["table"] as? String
    let action = json?["action"] as? String
    if let table, table.hasPrefix("orderBookL2"), let action { bookActions[action, default: 0] += 1 }
    return (table, action)
  }

  /// The client's book, best first, at most `depth` levels per side.
  func levels(_ depth: Int = .max) -> (bids: [PriceLevel], asks: [PriceLevel]) {
    (state.book.top(.buy, depth), state.book.top(.sell, depth))
  }
}
