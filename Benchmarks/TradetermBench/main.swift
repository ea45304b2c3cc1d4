import BitMEX
import Foundation
import MarketModel

// `make bench`: the engine's figures against their budgets, with Foundation's
// JSONDecoder measured on the same corpus in the same run.
//   --quick        fewer rounds, shorter runs (a smoke run)
//   --fixtures DIR where the recorded sessions are (default Tests/Fixtures)
//   --no-write     print only; leave BENCHMARKS.md alone
//   --stream-seconds S  how long the running-cost figures run (default 30; 10 with --quick)
//   --only FIGURE  one system figure alone (frames, loopback, running-cost, start-up, activity), venues,
//                  cross-venue, markets, or
//                  `engine`: decode+apply, allocations per message, the real session and the
//                  partials (figures 1 to 4) alone; no write
//   --only across-cost  issue 28's: tradeterm --across BTC --demo-at a tradeterm-sim --rates real of
//                  its own, 200×50, for --stream-seconds (30; 10 with --quick; 3600 for the budget's
//                  hour, RSS printed every minute)
//   --only activity-hour  issue 17's hour: candles + Activity + heatmap for 60 min (or
//                  --stream-seconds S), RSS every minute; writes Benchmarks/activity-hour.md, which
//                  make bench shows
//   --frames-file PATH  keep the bytes ncurses sent for the frame figure's counted pass
//   --profile-frames    only draw the frame figure's frames, for perf / callgrind (valgrind 3.19
//                       needs a copy without DWARF 5: objcopy --strip-debug)
//   --profile-session   only replay the real 2021 session (decode + apply) 300 times, for perf /
//                       callgrind (as --profile-synthetic does the synthetic corpus 40 times, and
//                       --profile-partial the 9,346-row partial, cold, 2,000 times); the first
//                       two print their loop's own time (`loop_ns`), to set two builds side by side
// Figures 6 and 7 run the release tradeterm and tradeterm-sim found next to this binary in
// tmux; `TradetermBench --exec-stamp …` is how it starts them (see ExecStamp).

ExecStamp.execIfRequested(CommandLine.arguments)
// `--write-replay-corpus PATH MB`: only write the replay figure's synthetic recording (25 levels a
// side, as the 1 GB figure's), for looking at a replay of it by hand.
if let at = CommandLine.arguments.firstIndex(of: "--write-replay-corpus"),
  at + 2 < CommandLine.arguments.count,
  let mb = Int(CommandLine.arguments[at + 2])
{
  let bytes = ReplayBench.write(bytes: mb << 20, levels: 25, to: CommandLine.arguments[at + 1])
  print("wrote \(bytes) bytes to \(CommandLine.arguments[at + 1])")
  exit(0)
}
let arguments = CommandLine.arguments
// An argument this does not take (a typo, `--help`) stops it with its usage, before it runs every
// figure and rewrites BENCHMARKS.md.
do {
  let takesAValue: Set<String> = ["--fixtures", "--stream-seconds", "--only", "--frames-file"]
  let flags: Set<String> = [
    "--quick", "--no-write", "--profile-frames", "--profile-partial", "--profile-synthetic",
    "--profile-session",
  ]
  var i = 1
  while i < arguments.count {
    let a = arguments[i]
    if takesAValue.contains(a), i + 1 < arguments.count {
      i += 2
    } else if flags.contains(a) {
      i += 1
    } else {
      let help = a == "--help" || a == "-h"
      print(
        (help ? "" : "bench: unknown argument \(a)\n")
          + "usage: TradetermBench [--quick] [--fixtures DIR] [--no-write] [--stream-seconds S] [--only FIGURE] "
          + "[--frames-file PATH] [--profile-frames | --profile-partial | --profile-synthetic | --profile-session] "
          + "(see Benchmarks/TradetermBench/main.swift)")
      exit(help ? 0 : 2)
    }
  }
}
let quick = arguments.contains("--quick")
let fixtures =
  arguments.firstIndex(of: "--fixtures").map { arguments[$0 + 1] } ?? "Tests/Fixtures"
let rounds = quick ? 3 : 7
var report = Report()
// `--only engine`: figures 1 to 4 (decode+apply, allocations per message, the real 2021 session,
// the partials), then stop.
let onlyFigure = arguments.firstIndex(of: "--only").map { $0 + 1 < arguments.count ? arguments[$0 + 1] : "" }
let onlyEngine = onlyFigure == "engine"

if !onlyEngine, let only = onlyFigure {
  // One of the system figures alone (frames, loopback, running-cost, start-up) or the replay
  // figures: for trying a change. Prints its rows; BENCHMARKS.md is left alone.
  if only == "replay" {
    ReplayBench(quick: quick, binDir: SystemFigures.binDir).run(into: &report)
  } else if only == "markets" {
    MarketsBench(quick: quick).run(into: &report)
  } else if only == "heatmap" {
    HeatmapBench(quick: quick).run(into: &report)
  } else if only == "venues" {
    VenueBench(quick: quick, fixtures: fixtures).run(into: &report)
  } else if only == "cross-venue" {
    CrossVenueBench(quick: quick).run(into: &report)
  } else if !SystemFigures(quick: quick, arguments: arguments).runOnly(only, into: &report) {
    print(
      "bench: --only takes engine, frames, loopback, running-cost, across-cost, start-up, activity, activity-hour, replay, "
        + "markets, heatmap, venues or cross-venue")
    exit(2)
  }
  print(report.table)
  for note in report.notes { print("note: \(note)") }
  exit(0)
}

if arguments.contains("--profile-frames") {
  // A loop for `perf record` / callgrind: the frame figure's frames, nothing else.
  blackHole(FrameBench(typicalFrames: 3_000, fullFrames: 300).run())
  exit(0)
}

func lines(_ name: String) -> [[UInt8]] {
  guard let data = FileManager.default.contents(atPath: "\(fixtures)/\(name)") else {
    fatalError("bench: cannot read \(fixtures)/\(name) (run from the repository root)")
  }
  return data.split(separator: UInt8(ascii: "\n")).map { [UInt8]($0) }.filter { !$0.isEmpty }
}

/// Messages laid end to end in one buffer, as a receive buffer holds them.
struct Corpus {
  var bytes: [UInt8] = []
  var ranges: [Range<Int>] = []

  init(_ messages: [[UInt8]]) {
    for m in messages {
      ranges.append(bytes.count..<(bytes.count + m.count))
      bytes += m
    }
  }

  var count: Int { ranges.count }
}

/// Decodes and applies every message; returns the faults seen (must be 0).
@inline(never)
func replay(
  _ corpus: Corpus, _ decoder: inout BitMEXDecoder, _ batch: inout MarketBatch,
  _ state: inout MarketState
) -> Int {
  var faults = 0
  corpus.bytes.withUnsafeBytes { raw in
    for r in corpus.ranges {
      batch.removeAll()
      do {
        try decoder.decode(UnsafeRawBufferPointer(rebasing: raw[r]), into: &batch)
      } catch {
        faults += 1
        continue
      }
      faults += state.apply(batch).faults.count
    }
  }
  return faults
}

// MARK: 1. Decode + apply, synthetic modern corpus

if arguments.contains("--profile-session") {
  // A loop for `perf record` and callgrind: the real 2021 session, decoded and applied.
  let session = Corpus(lines("2021-07-22_session_full.jsonl"))
  var d = BitMEXDecoder()
  var b = MarketBatch()
  var s = MarketState(symbol: "XBTUSD")
  let t0 = Measure.now()
  for _ in 0..<300 { blackHole(replay(session, &d, &b, &s)) }
  print("loop_ns \(Measure.now() - t0)")
  exit(0)
}

let corpusSize = quick ? 50_000 : 200_000
var market = SyntheticMarket(seed: 42)
var messages: [[UInt8]] = [Array(market.partial().utf8)]
var deltaCount = 0
for _ in 0..<corpusSize {
  let (text, isDelta) = market.next()
  messages.append(Array(text.utf8))
  if isDelta { deltaCount += 1 }
}
let corpus = Corpus(messages)
let corpusBytes = corpus.bytes.count
let meanSize = Double(corpusBytes) / Double(corpus.count)

var decoder = BitMEXDecoder()
var batch = MarketBatch()
var state = MarketState(symbol: "XBTUSD")
precondition(replay(corpus, &decoder, &batch, &state) == 0, "the synthetic corpus must replay without faults")
if arguments.contains("--profile-synthetic") {
  // A loop for `perf record`: nothing but decode + apply.
  let t0 = Measure.now()
  for _ in 0..<40 { blackHole(replay(corpus, &decoder, &batch, &state)) }
  print("loop_ns \(Measure.now() - t0)")
  exit(0)
}
let synthetic = Measure.durations(runs: rounds) {
  blackHole(replay(corpus, &decoder, &batch, &state))
}
let syntheticRate = Double(corpus.count) / (Double(Measure.median(synthetic)) / 1e9)
let syntheticMBs = Double(corpusBytes) / (Double(Measure.median(synthetic)) / 1e9) / 1e6

// Foundation's JSONDecoder on the same messages.
let corpusData = messages.map { Data($0) }
let foundationRuns = Measure.durations(runs: quick ? 1 : 3) {
  blackHole(FoundationBaseline.decodeAll(corpusData))
}
let foundationRate = Double(corpus.count) / (Double(Measure.median(foundationRuns)) / 1e9)
let ratio = syntheticRate / foundationRate

report.add(
  "decode+apply, synthetic modern corpus", "\(syntheticRate.grouped) msg/s", budget: "≥ 2,000,000 msg/s",
  syntheticRate >= 2_000_000 ? .pass : .miss)
report.add("  same, bytes", "\(syntheticMBs.fixed(0)) MB/s (mean \(meanSize.fixed(0)) B/msg)")
report.add("Foundation JSONDecoder, same corpus (decode only)", "\(foundationRate.grouped) msg/s")
report.add("  ratio", "\(ratio.fixed(1))×", budget: "≥ 20×", ratio >= 20 ? .pass : .miss)

// MARK: 2. Allocations per delta message (steady state)

do {
  var d = BitMEXDecoder()
  var b = MarketBatch()
  var s = MarketState(symbol: "XBTUSD")
  _ = replay(corpus, &d, &b, &s)  // warm-up: storage reaches its working size
  _ = replay(corpus, &d, &b, &s)
  let before = Measure.allocations()
  let faults = replay(corpus, &d, &b, &s)
  let allocs = Measure.allocations() - before
  precondition(faults == 0)
  let perMessage = Double(allocs) / Double(corpus.count)
  report.add(
    "allocations per message, steady state (all kinds)",
    "\(perMessage.fixed(3)) (\(allocs) in \(corpus.count))",
    budget: "0 per delta", allocs == 0 ? .pass : .miss)
  if allocs == 0 && Measure.allocations() == 0 {
    report.notes.append("the allocation counter saw nothing at all: the malloc interposer is not active")
  }
}

// MARK: 3. The real 2021 session

do {
  let sessionLines = lines("2021-07-22_session_full.jsonl")
  let session = Corpus(sessionLines)
  let bytes = session.bytes.count
  var d = BitMEXDecoder()
  var b = MarketBatch()
  var s = MarketState(symbol: "XBTUSD")
  precondition(replay(session, &d, &b, &s) == 0)
  let runs = Measure.durations(runs: rounds * 3) { blackHole(replay(session, &d, &b, &s)) }
  let seconds = Double(Measure.median(runs)) / 1e9
  report.add(
    "decode+apply, real 2021 session (\(session.count) msgs, \(bytes / 1000) KB)",
    "\((Double(session.count) / seconds).grouped) msg/s, \((Double(bytes) / seconds / 1e6).fixed(0)) MB/s")

  // MARK: 4. Snapshots
  let xbtPartial = try! require(sessionLines.first { $0.count > 500_000 }, "the 709 KB XBTUSD partial")
  // Cold: a new decoder, batch and empty book each run (the state's tape and chart are
  // made before the clock starts: they are not part of building the book).
  func snapshot(_ message: [UInt8], runs: Int) -> [UInt64] {
    var out: [UInt64] = []
    for _ in 0..<runs {
      var s = MarketState(symbol: "XBTUSD")
      let t0 = Measure.now()
      var d = BitMEXDecoder()
      var b = MarketBatch()
      try! d.decode(message, into: &b)
      blackHole(s.apply(b))
      out.append(Measure.now() - t0)
      precondition(s.book.count(.buy) > 0)
    }
    return out.sorted()
  }
  if arguments.contains("--profile-partial") {
    blackHole(snapshot(xbtPartial, runs: 2_000))
    exit(0)
  }
  let partialRuns = snapshot(xbtPartial, runs: quick ? 30 : 200)
  let partialMs = Double(Measure.median(partialRuns)) / 1e6
  report.add(
    "9,346-row XBTUSD partial (709 KB), decoded + built, cold",
    "\(partialMs.fixed(3)) ms (p99 \((Double(Measure.percentile(partialRuns, 0.99)) / 1e6).fixed(3)))",
    budget: "≤ 1 ms", partialMs <= 1 ? .pass : .miss)
  let big = Array(SyntheticMarket.bigPartial(levels: 10_000).utf8)
  let bigRuns = snapshot(big, runs: quick ? 30 : 200)
  report.add(
    "10,000-level synthetic partial (\(big.count / 1000) KB), cold",
    "\((Double(Measure.median(bigRuns)) / 1e6).fixed(3)) ms")
}

if onlyEngine {
  print(report.table)
  for note in report.notes { print("note: \(note)") }
  exit(0)
}

func require<T>(_ value: T?, _ what: String) throws -> T {
  guard let value else { fatalError("bench: missing \(what)") }
  return value
}

// MARK: Replay from disk (issue 12)

ReplayBench(quick: quick, binDir: SystemFigures.binDir).run(into: &report)
MarketsBench(quick: quick).run(into: &report)
HeatmapBench(quick: quick).run(into: &report)
VenueBench(quick: quick, fixtures: fixtures).run(into: &report)
CrossVenueBench(quick: quick).run(into: &report)

// MARK: The figures 4–7: loopback, frames, running cost, start-up

let loadBefore = SystemFigures.loadAverage
SystemFigures(quick: quick, arguments: arguments).run(into: &report)
report.notes.append(
  "load average (1 min) before / after the system figures: \(loadBefore) / \(SystemFigures.loadAverage)"
    + " on \(ProcessInfo.processInfo.activeProcessorCount) cores: other work shares this machine")

// MARK: Output

let formatter = ISO8601DateFormatter()
let date = formatter.string(from: Date())
print("tradeterm benchmarks — \(Report.machine)")
print(report.table)
for note in report.notes { print("note: \(note)") }
if !arguments.contains("--no-write") && !quick {
  // Everything from the history heading on is written by hand (what each change bought):
  // kept as it is.
  let old = (try? String(contentsOfFile: "BENCHMARKS.md", encoding: .utf8)) ?? ""
  let history = old.range(of: "\n## What each change bought").map { String(old[$0.lowerBound...]) } ?? ""
  try (report.markdown(date: date) + history).write(
    toFile: "BENCHMARKS.md", atomically: true, encoding: .utf8)
  print("wrote BENCHMARKS.md")
}
