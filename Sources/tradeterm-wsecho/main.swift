import Feed

#if canImport(Glibc)
import Glibc
#endif

// tradeterm-wsecho URL — runs every case of an Autobahn "fuzzingserver" (e.g. kosoku) with
// tradeterm's own WebSocket layer: each text and binary message is echoed back unchanged.
//   GET URL/getCaseCount, then URL/runCase?case=i&agent=tradeterm for every case, then
//   URL/updateReports?agent=tradeterm. Exit 0 when all ran (verdicts are in the report).

let agent = "tradeterm"
guard CommandLine.arguments.count == 2 else {
  print("usage: tradeterm-wsecho ws://127.0.0.1:9001")
  exit(2)
}
let base =
  CommandLine.arguments[1].hasSuffix("/")
  ? String(CommandLine.arguments[1].dropLast()) : CommandLine.arguments[1]

/// Runs one WebSocket session: echoes every message until the peer closes or fails.
/// Returns the last text message received.
@discardableResult
func session(_ url: String, echo: Bool) -> String? {
  let ws = WebSocketConnection()
  if let failure = ws.connect(url: url, timeout: 10, userAgent: "tradeterm-wsecho") {
    print("  \(url): \(failure)")
    return nil
  }
  var last: String?
  var first = true
  while ws.isOpen {
    // Frames that came with the upgrade response are already in libcurl's buffer: the
    // socket will not signal them, so read once before the first wait.
    if !first {
      var pfd = pollfd(fd: ws.socket, events: Int16(POLLIN), revents: 0)
      if poll(&pfd, 1, 30_000) <= 0 {
        _ = ws.sendClose(code: 1000, reason: "timeout")
        break
      }
    }
    first = false
    var sendError: String?
    let end = ws.read { incoming in
      switch incoming {
      case .text(let bytes):
        last = String(decoding: bytes, as: UTF8.self)
        if echo { sendError = sendError ?? ws.send(textBytes: bytes) }
      case .binary(let bytes):
        if echo { sendError = sendError ?? ws.send(binary: bytes) }
      case .pong:
        break
      }
    }
    if sendError != nil { break }
    if end != .wouldBlock { break }
  }
  return last
}

guard let countText = session("\(base)/getCaseCount", echo: false), let count = Int(countText) else {
  print("tradeterm-wsecho: could not read the case count from \(base)")
  exit(1)
}
print("tradeterm-wsecho: \(count) cases")
for i in 1...count {
  session("\(base)/runCase?case=\(i)&agent=\(agent)", echo: true)
  if i % 50 == 0 { print("  \(i)/\(count)") }
}
session("\(base)/updateReports?agent=\(agent)", echo: false)
print("tradeterm-wsecho: done")
