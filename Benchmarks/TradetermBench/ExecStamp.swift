#if canImport(Glibc)
import Glibc
#endif

/// `TradetermBench --exec-stamp FILE [--trace] -- PROGRAM ARGS…`: appends
/// `exec <CLOCK_MONOTONIC ns> <pid>` to FILE, then execs PROGRAM in this process (same pid).
/// With `--trace`, PROGRAM gets `TRADETERM_TRACE_FILE=FILE`, so tradeterm appends its
/// first-frame and book times after the stamp. The bench starts tradeterm in tmux this way.
enum ExecStamp {
  /// Does the above when `arguments` ask for it; otherwise returns.
  static func execIfRequested(_ arguments: [String]) {
    guard arguments.count > 1, arguments[1] == "--exec-stamp" else { return }
    guard arguments.count > 3, let dash = arguments.firstIndex(of: "--"), dash + 1 < arguments.count else {
      fail("usage: TradetermBench --exec-stamp FILE [--trace] -- PROGRAM ARGS…", status: 2)
    }
    let file = arguments[2]
    if arguments[3..<dash].contains("--trace") { setenv("TRADETERM_TRACE_FILE", file, 1) }
    let program = Array(arguments[(dash + 1)...])
    guard let out = fopen(file, "a") else {
      fail("TradetermBench: cannot write \(file)", status: 2)
    }
    fputs("exec \(Measure.now()) \(getpid())\n", out)
    fclose(out)
    var argv = program.map { strdup($0) }
    argv.append(nil)
    execv(program[0], argv)
    fail("TradetermBench: cannot run \(program[0]): \(String(cString: strerror(errno)))", status: 127)
  }

  private static func fail(_ message: String, status: Int32) -> Never {
    var line = message + "\n"
    line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(status)
  }
}
