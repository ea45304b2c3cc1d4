import Foundation
import Testing

/// `tradeterm-sim` refuses numbers it cannot use (out of range, NaN, infinite) and replay
/// files that are no recorded session before it starts: one line, exit status 2. Infinite
/// rates and delays once trapped in its timers.
@Suite struct SimCommandLineTests {
  static let refused: [([String], String)] = [
    (["--rate", "inf"], "--rate and --trade-rate must be from 0 to 100000 a second"),
    (["--rate", "nan"], "--rate and --trade-rate must be from 0 to 100000 a second"),
    (["--trade-rate", "1e300"], "--rate and --trade-rate must be from 0 to 100000 a second"),
    (["--partial-delay", "inf"], "--partial-delay must be from 0 to 3600 seconds"),
    (["--partial-delay=-1"], "--partial-delay must be from 0 to 3600 seconds"),
    (["--speed", "1e-12"], "--speed must be 0 (as fast as possible) or from 0.001 to 1000000"),
    (["--speed", "nan"], "--speed must be 0"),
    (["--port", "70000"], "--port must be from 0 to 65535"),
    (["--levels", "5"], "--levels must be within 25…10000"),
    (["--burst", "0"], "--burst must be from 1 to 100000000"),
    (["--fault", "drop-after=inf"], "bad fault 'drop-after=inf'"),
    (["--fault", "trickle=10:nan"], "bad fault 'trickle=10:nan'"),
    (["--fault", "bogus"], "bad fault 'bogus'"),
    (["--replay", "/"], "cannot replay /: is a directory, not a recording"),
    (["--replay", "/dev/null"], "cannot replay /dev/null: is a device, not a recording"),
    (["--replay", "/etc/passwd"], "cannot replay /etc/passwd: holds no frames: "),
    (["--rates", "fast"], "--rates takes demo or real, not 'fast'"),
    (["--rates", ""], "--rates takes demo or real"),
    (
      ["--rates", "real", "--rate", "5"],
      "--rates real sets each venue's rates; it takes no --rate or --trade-rate"
    ),
  ]

  @Test(arguments: refused)
  func refuses(arguments: [String], words: String) throws {
    let (status, output) = try Child.run(
      [try Binaries.path("tradeterm-sim")] + arguments, errorsToOutput: true, timeout: 20)
    let what = "\(arguments.joined(separator: " ")): exit \(status), \(output.debugDescription)"
    #expect(status == 2, "\(what)")
    #expect(output.split(separator: "\n").count == 1, "\(what)")
    #expect(output.hasPrefix("tradeterm-sim: ") && output.contains(words), "\(what)")
  }
}
