import Foundation
import TestSupport
import Testing

/// libcurl is opened when a connection is first made, not when tradeterm starts: a replay runs
/// without it, and a run that needs it and cannot load it says why, once, and exits.
@Suite struct LibcurlLoadingTests {
  static let missing = ["TRADETERM_LIBCURL": "/nonexistent/libcurl.so.4"]

  @Test func aReplayNeedsNoLibcurl() throws {
    let file = Fixture.directory.appendingPathComponent("2021-07-22_session_full.jsonl").path
    let (status, output) = try Child.run(
      [try Binaries.path("tradeterm"), "--once", "--json", "--replay", file, "--speed", "0"],
      environment: Self.missing, errorsToOutput: true)
    #expect(status == 0, "\(output)")
    #expect(output.contains("\"symbol\":\"XBTUSD\""), "\(output)")
  }

  @Test func aConnectionWithoutLibcurlSaysWhy() throws {
    let (status, output) = try Child.run(
      [try Binaries.path("tradeterm"), "--once", "--ws-url", "ws://127.0.0.1:9/realtime"],
      environment: Self.missing, errorsToOutput: true)
    #expect(status != 0)
    #expect(output.contains("cannot load libcurl"), "\(output)")
    #expect(output.contains("/nonexistent/libcurl.so.4"), "\(output)")
    // The real one loads (the same process asked by --version).
    let (ok, version) = try Child.run([try Binaries.path("tradeterm"), "--version"])
    #expect(ok == 0 && version.contains("ws: yes"), "\(version)")
  }
}
