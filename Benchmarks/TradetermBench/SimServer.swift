#if canImport(Glibc)
import Glibc
#endif

/// The release `tradeterm-sim` in a process of its own, for the dashboard runs: its CPU and
/// memory are then not tradeterm's.
final class SimServer {
  private let process: Subprocess
  private var stopped = false
  let webSocketURL: String
  let restURL: String

  /// Starts `binary` with `arguments`; its stderr into the file `errorsTo` when given (what it
  /// says when it stops: its sessions and frames sent).
  init(binary: String, arguments: [String], errorsTo: String? = nil) {
    process = Subprocess([binary] + arguments, captureOutput: true, errorsTo: errorsTo)
    // It prints its two URLs, then serves.
    var text = ""
    while !(text.contains("ws://") && text.contains("http://") && text.hasSuffix("\n")) {
      guard let chunk = process.read() else {
        fatalError("bench: tradeterm-sim exited before printing its URLs: \(text)")
      }
      text += String(decoding: chunk, as: UTF8.self)
    }
    process.closeOutput()
    let words = text.split(whereSeparator: \.isWhitespace)
    webSocketURL = String(words.first { $0.hasPrefix("ws://") } ?? "")
    restURL = String(words.first { $0.hasPrefix("http://") } ?? "")
  }

  var pid: Int32 { process.pid }

  /// `127.0.0.1:PORT`, from its BitMEX URL: what `tradeterm --demo-at` takes.
  var address: String {
    String(webSocketURL.dropFirst("ws://".count).prefix { $0 != "/" })
  }

  /// SIGTERM, then waits for it to exit.
  func stop() {
    guard !stopped else { return }
    stopped = true
    kill(process.pid, SIGTERM)
    process.wait()
  }

  deinit { stop() }
}
