import Foundation
import Testing

/// `tradeterm` refuses bad options before it starts anything: one line on stderr, nothing on
/// stdout, exit status 2.
@Suite struct CommandLineTests {
  /// Runs `tradeterm arguments` and checks it refused them in one line saying `words`.
  static func expectRefused(
    _ arguments: [String], saying words: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let run = try TradetermProcess.run(arguments, timeout: 20)
    let line =
      "\(arguments.joined(separator: " ")): exit \(run.status), stderr \(run.stderr.debugDescription)"
    #expect(run.status == 2, "\(line)", sourceLocation: sourceLocation)
    #expect(
      run.stdout.isEmpty, "\(line); stdout \(run.stdout.prefix(200).debugDescription)",
      sourceLocation: sourceLocation)
    #expect(run.stderr.split(separator: "\n").count == 1, "\(line)", sourceLocation: sourceLocation)
    #expect(
      run.stderr.hasPrefix("tradeterm: ") && run.stderr.contains(words), "\(line)",
      sourceLocation: sourceLocation)
  }

  static let urls: [([String], String)] = [
    (["--ws-url", "file:///etc/passwd", "--once"], "--ws-url must start with ws:// or wss://, not file://"),
    (
      ["--rest-url", "file:///etc/passwd", "--once"],
      "--rest-url must start with http:// or https://, not file://"
    ),
    (
      ["--ws-url", "http://127.0.0.1:1/realtime", "--once"],
      "--ws-url must start with ws:// or wss://, not http://"
    ),
    (["--ws-url", "ftp://127.0.0.1:1/", "--once"], "--ws-url must start with ws:// or wss://, not ftp://"),
    (
      ["--rest-url", "wss://ws.bitmex.com/realtime", "--once"],
      "--rest-url must start with http:// or https://"
    ),
    (["--ws-url", "ws:///realtime", "--once"], "--ws-url must name a host"),
    (["--ws-url", "127.0.0.1:8080", "--once"], "--ws-url must start with ws:// or wss://"),
  ]

  @Test(arguments: urls)
  func urlsOfOtherSchemesAreRefused(arguments: [String], words: String) throws {
    try Self.expectRefused(arguments, saying: words)
  }
}
