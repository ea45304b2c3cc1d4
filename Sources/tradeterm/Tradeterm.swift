import ArgumentParser
import Feed
import Terminal

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The command line. Parsing and wiring only; the work lives in the library targets.
@main
struct Tradeterm: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tradeterm",
    abstract: "A terminal dashboard for live BitMEX market data."
  )

  @Option(help: "The instrument to watch.")
  var symbol = "XBTUSD"

  @Flag(help: "Print tradeterm's, libcurl's and ncurses' versions and exit.")
  var version = false

  func run() throws {
    if version {
      print("tradeterm \(TradetermVersion.current)")
      let wss = CurlLibrary.supports("wss") ? "yes" : "no"
      let ws = CurlLibrary.hasWebSocket ? "yes" : "no"
      print("libcurl \(CurlLibrary.version) (ws: \(ws), wss: \(wss))")
      print(TerminalLibrary.version)
      if let problem = CurlLibrary.webSocketProblem {
        throw fail(problem)
      }
      return
    }
    if let problem = CurlLibrary.webSocketProblem {
      throw fail(problem)
    }
    throw fail("the live dashboard is not built yet; see README.md for what works today")
  }

  /// Prints one clear line on stderr and gives the exit status to throw (2).
  private func fail(_ message: String) -> ExitCode {
    var line = "tradeterm: \(message)\n"
    line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    return ExitCode(2)
  }
}
