import ExchangeSim
import Foundation
import VenueCore
import WireJSON

/// What the venue dialect tests share: a seeded, quick market and REST through the venues' own
/// request builders.
enum VenueDialect {
  /// A quick market (fast book and trades, a short warm-up) with a random seed, printed so that
  /// a failure can be replayed.
  static func config(seed: UInt64? = nil, _ test: String = #function) -> SimConfig {
    let s = seed ?? UInt64.random(in: 1...1_000_000)
    print("\(test): seed \(s)")
    var config = SimTest.config(seed: s, bookRate: 50, tradeRate: 10)
    config.instrumentInterval = 0.1
    return config
  }

  /// The body of the venue's `request`, made under `prefix` (`/coinbase`, `/bybit`, `/okx`) on the
  /// simulator's port, parsed.
  static func get(
    _ port: Int, _ prefix: String, _ request: VenueRESTRequest
  ) throws -> (status: Int, body: WireValue) {
    let socket = try TestSocket(port: port)
    let target = prefix + request.target
    try socket.write(Array("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
    guard let answer = try TestWebSocket.readHTTP(socket, until: Date(timeIntervalSinceNow: 3)) else {
      throw TestSocket.Failure(description: "no answer to GET \(target)")
    }
    return (answer.status, try WireValue.parse(Array(answer.body.utf8)))
  }
}
