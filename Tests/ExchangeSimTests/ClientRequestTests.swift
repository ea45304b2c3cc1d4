import Foundation
import Testing

@testable import ExchangeSim

/// The sim reads clients' ops and URL queries without Foundation's JSONSerialization or
/// `removingPercentEncoding` (it links FoundationEssentials only, to keep tradeterm small).
struct ClientRequestTests {
  @Test(
    arguments: [
      (
        #"{"op":"subscribe","args":["trade:XBTUSD","quote:XBTUSD"]}"#, "subscribe",
        ["trade:XBTUSD", "quote:XBTUSD"]
      ),
      (#"{"op":"unsubscribe","args":"trade:XBTUSD"}"#, "unsubscribe", ["trade:XBTUSD"]),
      (#"{"op":"subscribe","args":[1,"trade:XBTUSD",null,{"a":1}]}"#, "subscribe", ["trade:XBTUSD"]),
      (#"{"args":["trade:XBTUSD"]}"#, "", ["trade:XBTUSD"]),
      (#"{"op":"subscribe"}"#, "subscribe", nil),
      (#"{"op":7,"args":{"x":1}}"#, "", nil),
    ] as [(String, String, [String]?)])
  func decodes(json: String, op: String, args: [String]?) throws {
    let request = try JSONDecoder().decode(ClientRequest.self, from: Data(json.utf8))
    #expect(request.op == op)
    #expect(request.args == args)
  }

  @Test(arguments: [#"["subscribe"]"#, "subscribe", "{", ""])
  func notAnObjectIsAnError(json: String) {
    #expect(throws: (any Error).self) { try JSONDecoder().decode(ClientRequest.self, from: Data(json.utf8)) }
  }

  @Test(arguments: [
    ("trade%3AXBTUSD%2Cquote%3AXBTUSD", "trade:XBTUSD,quote:XBTUSD"),
    ("plain", "plain"),
    ("%e2%82%ac", "€"),
    ("100%", "100%"),
    ("%zz%4", "%zz%4"),
    ("%ff", "%ff"),
  ])
  func percentDecoding(text: String, expected: String) {
    #expect(RESTRouter.percentDecoded(text) == expected)
  }
}

/// Connection rates from the times the simulator stamps on every connection it accepts.
struct ConnectionTimesTests {
  @Test(arguments: [
    ([] as [Double], 1.0, 0, nil as Double?),
    ([5], 1, 1, nil),
    ([0, 0.5, 0.99, 1.0, 1.5, 3], 1, 3, 0.01),
    ([0, 10, 20, 30], 10, 1, 10),
    ([0, 10, 20, 30], 10.01, 2, 10),
  ])
  func mostWithinAWindowAndClosest(times: [Double], window: Double, most: Int, closest: Double?) {
    var stats = SimStats()
    stats.connectionTimes = times
    #expect(stats.mostConnections(within: window) == most)
    if let closest {
      #expect(abs((stats.closestConnections ?? .infinity) - closest) < 1e-9)
    } else {
      #expect(stats.closestConnections == nil)
    }
  }
}
