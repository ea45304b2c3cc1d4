import Kraken
import Testing
import VenueCore
import WireJSON

@Suite struct KrakenAdapterTests {
  let adapter = KrakenAdapter()

  @Test func subscribeFramesGroupSymbolsByChannelAndAskForSnapshots() {
    let frames = adapter.subscribeFrames([
      Subscription(.book, "BTC/USD", depth: 10), Subscription(.trades, "BTC/USD"),
      Subscription(.trades, "ETH/USD"),
      Subscription(.ticker, "BTC/USD"),
    ])
    #expect(
      frames == [
        #"{"method":"subscribe","params":{"channel":"book","symbol":["BTC/USD"],"depth":10,"snapshot":true}}"#,
        #"{"method":"subscribe","params":{"channel":"trade","symbol":["BTC/USD","ETH/USD"],"snapshot":true}}"#,
        #"{"method":"subscribe","params":{"channel":"ticker","symbol":["BTC/USD"],"snapshot":true}}"#,
      ])
    #expect(
      adapter.unsubscribeFrames([Subscription(.book, "BTC/USD")])
        == [#"{"method":"unsubscribe","params":{"channel":"book","symbol":["BTC/USD"],"depth":25}}"#])
  }

  @Test func aSymbolIsWrittenAsAJSONString() throws {
    let frame = try #require(adapter.subscribeFrames([Subscription(.book, Symbol("A\"B\\C"))]).first)
    #expect(frame.contains(#"["A\"B\\C"]"#))
    let parsed = try WireValue.parse(Array(frame.utf8))
    #expect(parsed["params"]?["symbol"]?.array?.first?.text == "A\"B\\C")
  }

  @Test func oneConnectionForEverything() {
    let c = adapter.connections(for: [Subscription(.book, "BTC/USD"), Subscription(.ticker, "ETH/USD")])
    #expect(c.count == 1 && c[0].url == "wss://ws.kraken.com/v2" && c[0].subscriptions.count == 2)
    #expect(adapter.bookDepths.first == 25 && adapter.bookDepths.sorted() == [10, 25, 100, 500, 1000])
  }
}
