import Testing

@testable import Feed

/// The libcurl tradeterm runs with speaks WebSocket (make deps guarantees it).
@Suite struct CurlLibraryTests {
  @Test func runningLibcurlHasWebSocketSupport() {
    #expect(CurlLibrary.hasWebSocket, "\(CurlLibrary.webSocketProblem ?? "")")
    #expect(CurlLibrary.supports("wss"))
    #expect(CurlLibrary.webSocketProblem == nil)
    let major = Int(CurlLibrary.version.split(separator: ".").first ?? "") ?? 0
    #expect(major >= 8)
  }
}
