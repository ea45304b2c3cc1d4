// A second process on the paper journal, for the tests: `burst PATH N` appends N orders, one
// fsync'ed line at a time, and prints `ok P<n>` after each line is on disk (so a test can kill
// it with SIGKILL mid-burst and check that every line it was told about survived); `lock PATH`
// opens the journal and prints `writer` or `read-only: <reason>`, then waits for a signal
// (holding the lock as long as it runs); `hold PATH` does the same as a writer that appends one
// order on each SIGUSR1 (`ok P<n>`) and quits on SIGTERM; `takeover PATH` is a second instance:
// read-only while another holds the lock (`read-only: <reason> (<n> events)`), it tries the lock
// every 20 ms until it is the writer, reads the journal again (`writer: <n> events`) and appends
// one order (`ok P<n>`).
import BitMEX
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
  say(
    "usage: tradeterm-journal-probe burst PATH N | lock PATH | hold PATH | takeover PATH", to: STDERR_FILENO)
  exit(2)
}
let journal = PaperJournal(path: args[2])

/// Appends order P<n> to `journal` and says `ok P<n>` once it is on disk; exits 1 if it is not.
@MainActor func appendOrder(_ n: Int) {
  let order = PaperOrder(
    id: "P\(n)", symbol: BitMEXInstruments.bitcoinPerpetual.description, side: n % 2 == 0 ? .buy : .sell,
    type: .limit,
    contracts: Double(100 * n), price: 98_000 + Double(n) / 2, queueAhead: 0, placedMs: Int64(n))
  if let failure = journal.append([.placed(order)]) {
    say("failed: \(failure)")
    exit(1)
  }
  say("ok \(order.id)")
}

switch args[1] {
case "burst":
  let count = args.count > 3 ? Int(args[3]) ?? 1000 : 1000
  guard journal.writable else {
    say("read-only: \(journal.readOnlyReason ?? "")")
    exit(1)
  }
  let start = journal.load().events.count
  for n in 1...count { appendOrder(start + n) }
case "lock":
  say(journal.writable ? "writer" : "read-only: \(journal.readOnlyReason ?? "")")
  while true { pause() }
case "hold":
  guard journal.writable else {
    say("read-only: \(journal.readOnlyReason ?? "")")
    exit(1)
  }
  var written = journal.load().events.count
  // The signals are taken one at a time, here, not in a handler.
  var signals = sigset_t()
  sigemptyset(&signals)
  sigaddset(&signals, SIGUSR1)
  sigaddset(&signals, SIGTERM)
  pthread_sigmask(SIG_BLOCK, &signals, nil)
  say("writer")
  while true {
    var signal: Int32 = 0
    guard sigwait(&signals, &signal) == 0, signal == SIGUSR1 else { exit(0) }
    written += 1
    appendOrder(written)
  }
case "takeover":
  guard !journal.writable else {
    say("writer at once")
    exit(1)
  }
  say("read-only: \(journal.readOnlyReason ?? "") (\(journal.load().events.count) events)")
  // What the dashboard does on its tick, faster: try the lock until the holder is gone (a minute
  // at most).
  var tries = 0
  while !journal.retakeLock() {
    guard journal.heldByAnother, tries < 3_000 else {
      say("gave up: \(journal.readOnlyReason ?? "")")
      exit(1)
    }
    tries += 1
    usleep(20_000)
  }
  let events = journal.load().events.count
  say("writer: \(events) events")
  appendOrder(events + 1)
default:
  say("unknown mode \(args[1])", to: STDERR_FILENO)
  exit(2)
}
