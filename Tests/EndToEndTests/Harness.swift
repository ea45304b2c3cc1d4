import Foundation
import Testing

/// Paths to the built binaries (`make test` builds everything before testing).
enum Binaries {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// `.build/debug/NAME`, or the same under another `.build*` scratch folder.
  static func path(_ name: String) throws -> String {
    let fm = FileManager.default
    let candidates =
      ((try? fm.contentsOfDirectory(atPath: root.path)) ?? []).filter { $0.hasPrefix(".build") }.sorted()
      .map {
        root.appendingPathComponent($0).appendingPathComponent("debug").appendingPathComponent(name).path
      }
    guard let found = candidates.first(where: { fm.isExecutableFile(atPath: $0) }) else {
      throw HarnessError(
        "\(name) is not built: run `swift build` (make test does) before the end-to-end tests")
    }
    return found
  }
}

struct HarnessError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// Waits until `condition` holds, checking every 50 ms, for at most `timeout` seconds.
func waitUntil(_ timeout: Double = 10, _ condition: () throws -> Bool) rethrows -> Bool {
  let deadline = Date().addingTimeInterval(timeout)
  while Date() < deadline {
    if try condition() { return true }
    Thread.sleep(forTimeInterval: 0.05)
  }
  return try condition()
}

/// `tradeterm-sim` in its own process, on an ephemeral (or given) port.
final class SimProcess {
  let child: Child
  private(set) var webSocketURL = ""
  private(set) var restURL = ""
  private(set) var port = 0

  init(port: Int = 0, seed: Int = 7, arguments: [String] = []) throws {
    child = try Child(
      [try Binaries.path("tradeterm-sim"), "--port", String(port), "--seed", String(seed)] + arguments)
    // The sim prints its URLs on start.
    var text = ""
    let deadline = Date().addingTimeInterval(10)
    while !(text.contains("ws://") && text.contains("http://") && text.hasSuffix("\n")),
      Date() < deadline, let chunk = child.read(timeout: deadline.timeIntervalSinceNow)
    {
      text += String(decoding: chunk, as: UTF8.self)
    }
    guard let ws = text.split(whereSeparator: \.isWhitespace).first(where: { $0.hasPrefix("ws://") }),
      let rest = text.split(whereSeparator: \.isWhitespace).first(where: { $0.hasPrefix("http://") })
    else {
      stop()
      throw HarnessError("tradeterm-sim did not print its URLs: \(text)")
    }
    webSocketURL = String(ws)
    restURL = String(rest)
    self.port = Int(webSocketURL.split(separator: ":").last?.split(separator: "/").first ?? "") ?? 0
  }

  func stop() {
    child.signal(SIGTERM)
    if (try? child.wait(timeout: 10)) == nil {
      Issue.record("tradeterm-sim did not end within 10 s of SIGTERM: killed")
    }
  }

  deinit { stop() }
}

/// A tmux session running one command at a fixed size.
final class TmuxSession {
  let name: String

  init(width: Int, height: Int, command: String) throws {
    name = "tt-e2e-\(UInt32.random(in: 0...UInt32.max))"
    try Self.tmux(["new-session", "-d", "-s", name, "-x", String(width), "-y", String(height), command])
  }

  deinit { _ = try? Self.tmux(["kill-session", "-t", name]) }

  /// The screen, line by line.
  func screen() -> [String] {
    (try? Self.tmux(["capture-pane", "-p", "-t", name]))?.components(separatedBy: "\n") ?? []
  }

  var text: String { screen().joined(separator: "\n") }

  func send(_ keys: String...) throws {
    try Self.tmux(["send-keys", "-t", name] + keys)
  }

  func resize(width: Int, height: Int) throws {
    try Self.tmux(["resize-window", "-t", name, "-x", String(width), "-y", String(height)])
  }

  /// Waits until the screen satisfies `condition`; records the screen on failure.
  @discardableResult
  func wait(
    _ what: String, timeout: Double = 10, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: (String) -> Bool
  ) -> Bool {
    let ok = waitUntil(timeout) { condition(text) }
    if !ok { Issue.record("timed out waiting for \(what); screen:\n\(text)", sourceLocation: sourceLocation) }
    return ok
  }

  @discardableResult
  static func tmux(_ args: [String]) throws -> String {
    // -u and a UTF-8 locale: the tmux server may start from an environment without
    // one, and would then mangle the dashboard's box and bar characters.
    let (status, output) = try Child.run(
      ["tmux", "-u"] + args, environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"])
    guard status == 0 else { throw HarnessError("tmux \(args.first ?? "") failed") }
    return output
  }
}
