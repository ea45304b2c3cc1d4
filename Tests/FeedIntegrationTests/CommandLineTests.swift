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

  static let numbers: [([String], String)] = [
    (["--once", "--demo", "--timeout", "nan"], "--timeout must be from 0.1 to 86400 seconds"),
    (["--once", "--demo", "--timeout", "inf"], "--timeout must be from 0.1 to 86400 seconds"),
    (["--once", "--demo", "--timeout=-1"], "--timeout must be from 0.1 to 86400 seconds"),
    (["--once", "--demo", "--timeout", "0"], "--timeout must be from 0.1 to 86400 seconds"),
    (["--once", "--demo", "--timeout", "1e300"], "--timeout must be from 0.1 to 86400 seconds"),
    (
      ["--once", "--demo", "--speed", "1e-12"],
      "--speed must be 0 (as fast as possible) or from 0.001 to 1000000"
    ),
    (["--once", "--demo", "--speed", "nan"], "--speed must be 0"),
    (["--once", "--demo", "--speed", "inf"], "--speed must be 0"),
    (["--once", "--demo", "--speed=-1"], "--speed must be 0"),
    (["--once", "--demo", "--timeout", "-1"], "--timeout must be from 0.1 to 86400 seconds"),
    (["--once", "--demo", "--speed", "-1"], "--speed must be 0"),
    (["--once", "--demo", "--fps", "-5"], "--fps must be between 1 and 120"),
    (["--once", "--demo", "--fps", "abc"], "'abc' is invalid for '--fps <fps>'"),
    (["--once", "--demo", "--timeout", "soon"], "'soon' is invalid for '--timeout <timeout>'"),
    (["--once", "--demo", "--timeout"], "Missing value for '--timeout <timeout>'"),
    (["--once", "--demo", "--depth", "10"], "--depth for BitMEX is 25 or full"),
    (["--once", "--demo", "--bogus"], "Unknown option '--bogus'"),
    (["--once", "--demo", "--fps", "0"], "--fps must be between 1 and 120"),
    (["--once", "--demo", "--levels", "0"], "--levels must be from 1 to 1000"),
    (["--once", "--demo", "--trades", "1001"], "--trades must be from 0 to 1000"),
    (["--demo", "--levels", "5"], "--levels and --trades go with --once"),
    (["--once", "--demo", "--fps", "100000"], "--fps must be between 1 and 120"),
    (
      ["--once", "--demo", "--wall-size", "XBTUSD=lots"],
      "--wall-size XBTUSD=lots needs a whole number of contracts above 0"
    ),
  ]

  @Test(arguments: numbers)
  func numbersOutOfRangeAreRefused(arguments: [String], words: String) throws {
    try Self.expectRefused(arguments, saying: words)
  }

  static let symbols: [([String], String)] = [
    (["--once", "--demo", "--symbol", "XBT\u{1B}]2;x\u{7}"], "--symbol must be printable, without spaces"),
    (["--once", "--demo", "--symbol", "XBT\u{202E}USD"], "--symbol must be printable, without spaces"),
    (["--once", "--demo", "--symbol", "XBT USD"], "--symbol must be printable, without spaces"),
  ]

  @Test(arguments: symbols)
  func unprintableSymbolsAreRefused(arguments: [String], words: String) throws {
    try Self.expectRefused(arguments, saying: words)
  }
}
