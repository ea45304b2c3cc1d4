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
