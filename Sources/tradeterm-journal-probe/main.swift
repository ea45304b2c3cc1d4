// A second process on the paper journal, for the tests: `burst PATH N` appends N orders, one
// fsync'ed line at a time, and prints `ok P<n>` after each line is on disk (so a test can kill
// it with SIGKILL mid-burst and check that every line it was told about survived); `lock PATH`
// opens the journal and prints `writer` or `read-only: <reason>`, then waits for a signal
// (holding the lock as long as it runs).
import Journal
import MarketModel
import Trading

#if canImport(Glibc)
import Glibc
#endif

/// Writes `text` and a newline to `fd` at once (unbuffered: a SIGKILL loses nothing said).
func say(_ text: String, to fd: Int32 = STDOUT_FILENO) {
  var line = text + "\n"
  line.withUTF8 { _ = write(fd, $0.baseAddress, $0.count) }
}

let args = CommandLine.arguments
guard args.count >= 3 else {
  say("usage: tradeterm-journal-probe burst PATH N | lock PATH", to: STDERR_FILENO)
  exit(2)
}
let journal = PaperJournal(path: args[2])
switch args[1] {
case "burst":
  let count = args.count > 3 ? Int(args[3]) ?? 1000 : 1000
  guard journal.writable else {
    say("read-only: \(journal.readOnlyReason ?? "")")
    exit(1)
  }
  let start = journal.load().events.count
  for n in 1...count {
    let order = PaperOrder(
      id: "P\(start + n)", symbol: "XBTUSD", side: n % 2 == 0 ? .buy : .sell, type: .limit,
      contracts: Double(100 * n), price: 98_000 + Double(n) / 2, queueAhead: 0, placedMs: Int64(n))
    if let failure = journal.append([.placed(order)]) {
      say("failed: \(failure)")
      exit(1)
    }
    say("ok \(order.id)")
  }
case "lock":
  say(journal.writable ? "writer" : "read-only: \(journal.readOnlyReason ?? "")")
  while true { pause() }
default:
  say("unknown mode \(args[1])", to: STDERR_FILENO)
  exit(2)
}
