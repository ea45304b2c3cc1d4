import BitMEX
import MarketModel
import Testing

@Suite struct TopicTests {
  @Test(arguments: [
    ("orderBookL2_25:XBTUSD", "orderBookL2_25", "XBTUSD" as String?),
    ("trade:ETHUSD", "trade", "ETHUSD"),
    ("instrument:SOLUSDT", "instrument", "SOLUSDT"),
    ("announcement", "announcement", nil),
  ])
  func parsesAndFormatsTheWireForm(text: String, table: String, symbol: String?) throws {
    let topic = try #require(Topic(text))
    #expect(topic == Topic(table: table, symbol: symbol))
    #expect(topic.description == text)
    #expect("\(topic)" == text)
  }

  @Test(arguments: ["", ":", "trade:", ":XBTUSD", "a:b:c", "trade::XBTUSD"])
  func rejectsMalformedTopics(text: String) {
    #expect(Topic(text) == nil)
  }

  @Test func unsubscribeRequestIsTheExactFrame() {
    let topic = Topic(table: "trade", symbol: "XBTUSD")
    #expect(Topic.unsubscribeRequest([topic]) == #"{"op":"unsubscribe","args":["trade:XBTUSD"]}"#)
    #expect(Topic.unsubscribeRequest([]) == #"{"op":"unsubscribe","args":[]}"#)
  }

  @Test func requestsEscapeWhatCouldBreakTheJSON() {
    let topic = Topic(table: "trade", symbol: "X\"Y\\Z\n\u{1}")
    #expect(
      Topic.subscribeRequest([topic]) == #"{"op":"subscribe","args":["trade:X\"Y\\Z\n\u0001"]}"#)
  }

  @Test(arguments: [
    ("orderBookL2_25", true), ("orderBookL2", true), ("orderBookL2_100", true), ("trade", false),
    ("instrument", false), ("orderBook10", false),
  ])
  func knowsWhichTablesAreBooks(table: String, isBook: Bool) {
    #expect(Topic(table: table, symbol: "XBTUSD").isBook == isBook)
  }
}
