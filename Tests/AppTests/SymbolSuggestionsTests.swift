import Testing

@testable import App

@Suite struct SymbolSuggestionsTests {
  static let known = ["XBTUSD", "XBTUSDT", "ETHUSD", "ETHUSDT", "SOLUSDT", "XRPUSD", "DOGEUSDT", "LINKUSDT"]

  @Test(arguments: [
    ("XBTUSDD", ["XBTUSD", "XBTUSDT"]),
    ("ETH", ["ETHUSD", "ETHUSDT"]),
    ("xbtusd", ["XBTUSD", "XBTUSDT"]),
    ("SOLUSD", ["SOLUSDT"]),
    ("QQQQQQQQQQ", []),
  ])
  func suggestions(typed: String, expected: [String]) {
    #expect(Array(SymbolSuggestions.closest(to: typed, among: Self.known).prefix(expected.count)) == expected)
    if expected.isEmpty { #expect(SymbolSuggestions.closest(to: typed, among: Self.known).isEmpty) }
  }

  @Test func editDistance() {
    #expect(SymbolSuggestions.distance(Array("kitten"), Array("sitting")) == 3)
    #expect(SymbolSuggestions.distance([], Array("abc")) == 3)
  }
}
