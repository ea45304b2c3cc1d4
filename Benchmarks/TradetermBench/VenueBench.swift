import Binance
import Coinbase
import Foundation
import Kraken
import VenueCore

/// Round 3's per-venue engine figures: decode + book + sync rule on each venue's recorded frames
/// (Kraken v2 with its checksum verified at every message; Binance spot with the REST bridge and
/// the bookTicker cross-check), messages a second and allocations per message in steady state.
/// Budget (design map): ≥ 1 M msg/s, 0 allocations per update, and ≥ 20× cryptofeed 2.4.1's
/// handler for the same venue on the same frames, in the same run, where cryptofeed has one
/// (`CryptofeedBaseline`); where it has none the row says so.
struct VenueBench {
  let quick: Bool
  let fixtures: String

  func lines(_ name: String) -> [[UInt8]] {
    guard let data = FileManager.default.contents(atPath: "\(fixtures)/\(name)") else {
      fatalError("bench: cannot read \(fixtures)/\(name) (run from the repository root)")
    }
    return data.split(separator: UInt8(ascii: "\n")).map { [UInt8]($0) }.filter { !$0.isEmpty }
  }

  func run(into report: inout Report) {
    kraken(into: &report)
    binance(into: &report)
    coinbaseSnapshot(into: &report)
  }

  /// A Coinbase Advanced Trade `level2` snapshot of `levels` levels (half a side), in the
  /// documented shape (`l2_data`, `updates` of `side`, `event_time`, `price_level`,
  /// `new_quantity`), about 5 MB for 46,000 levels as the real BTC-USD one is; seeded.
  static func coinbaseSnapshot(levels: Int, seed: UInt64 = 46) -> [UInt8] {
    var state = seed
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    var text =
      #"{"channel":"l2_data","client_id":"","timestamp":"2026-11-26T12:00:00.000000000Z","sequence_num":1,"events":[{"type":"snapshot","product_id":"BTC-USD","updates":["#
    text.reserveCapacity(levels * 110 + 256)
    let mid = 9_650_000  // cents
    for i in 0..<levels {
      let bid = i % 2 == 0
      let rank = i / 2
      let cents = bid ? mid - 1 - rank : mid + rank
      let qty = 1 + next() % 500_000_000  // 1e-8 BTC … 5 BTC
      let price = "\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100)"
      let whole = qty / 100_000_000
      let frac = String(qty % 100_000_000)
      let size = "\(whole)." + String(repeating: "0", count: 8 - frac.count) + frac
      if i > 0 { text += "," }
      text +=
        #"{"side":"\#(bid ? "bid" : "offer")","event_time":"1970-01-01T00:00:00Z","price_level":"\#(price)","new_quantity":"\#(size)"}"#
    }
    text += "]}]}"
    return Array(text.utf8)
  }

  /// Issue 27's budget: a 46,000-level Coinbase snapshot decoded and applied (the whole book
  /// replaced) in ≤ 50 ms; the median of several, each into a fresh book.
  func coinbaseSnapshot(into report: inout Report) {
    let levels = 46_000
    let frame = Self.coinbaseSnapshot(levels: levels)
    let adapter = CoinbaseAdapter()
    var durations: [UInt64] = []
    var kept = PriceBook(priceScale: 2, sizeScale: 8)
    var batch = VenueBatch()
    for _ in 0..<(quick ? 5 : 15) {
      var book = PriceBook(priceScale: 2, sizeScale: 8)
      var policy = adapter.bookPolicy()
      _ = policy.subscribed(book: &book)
      batch.removeAll()
      let t0 = Measure.now()
      frame.withUnsafeBufferPointer { bytes in
        do { try adapter.decode(bytes, receivedAt: 1, into: &batch) } catch { fatalError("bench: \(error)") }
      }
      for event in batch.events {
        if case let .book(_, update, range) = event {
          precondition(policy.receive(update, batch.levels(range), book: &book).fault == nil)
        }
      }
      durations.append(Measure.now() - t0)
      kept = book
    }
    let held = kept[.bid].count + kept[.ask].count
    precondition(held == levels, "every level of the snapshot is in the book (\(held))")
    durations.sort()
    let ms = Double(Measure.median(durations)) / 1e6
    report.add(
      "Coinbase BTC-USD level2 snapshot, \(Double(levels).grouped) levels (\(frame.count / 1_000) kB): decode + replace the book",
      "\(ms.fixed(1)) ms", budget: "≤ 50 ms", ms <= 50 ? .pass : .miss)

    // cryptofeed's Coinbase handler on the same frame, from a file. Its `_pair_level2_snapshot`
    // keeps as asks the levels whose side is "ask", and Coinbase's level2 says "offer" (its
    // updates take anything not "bid" as an ask): after this snapshot its book has no asks, so
    // the final-book row differs, and its time is for a frame of which it parsed half the levels.
    let dir = ".build/bench"
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let path = "\(dir)/coinbase-l2-snapshot-\(levels).json"
    guard FileManager.default.createFile(atPath: path, contents: Data(frame + [UInt8(ascii: "\n")])) else {
      fatalError("bench: cannot write \(path)")
    }
    compare(
      "Coinbase BTC-USD \(Double(levels).grouped)-level snapshot", venue: "coinbase", file: path,
      passes: quick ? 3 : 7, tradeterm: 1 / (ms / 1e3), book: kept, symbol: "BTC-USD", into: &report)
  }

  /// The rows of `CryptofeedBaseline` for one figure: cryptofeed's rate on the same frames,
  /// tradeterm's ratio to it (`rate`, msg/s measured in this run), and whether the two final
  /// books agree; or, where cryptofeed cannot run the frames, a row that says why.
  func compare(
    _ name: String, venue: String, file: String, passes: Int, tradeterm rate: Double, book: PriceBook,
    symbol: String, into report: inout Report
  ) {
    switch CryptofeedBaseline.run(venue: venue, file: file, passes: passes) {
    case let .notRun(reason, detail):
      report.add("\(name): tradeterm ÷ cryptofeed 2.4.1, same frames", "no ratio: \(reason)", budget: "≥ 20×")
      if let detail { report.notes.append("\(name), cryptofeed: \(detail)") }
    case let .ran(messages, seconds, warnings, tops):
      let theirs = Double(messages) / seconds
      let unexpected = warnings > 0 ? "; \(warnings) frames it logs as unexpected" : ""
      report.add(
        "  cryptofeed 2.4.1 \(venue) handler, same frames in memory (\(messages == 1 ? "the one frame" : "\(messages) msgs a pass")\(unexpected))",
        messages == 1 ? "\((seconds * 1e3).fixed(1)) ms" : "\(theirs.grouped) msg/s")
      report.add(
        "\(name): tradeterm ÷ cryptofeed 2.4.1, same frames", "\((rate / theirs).fixed(1))×", budget: "≥ 20×",
        rate / theirs >= 20 ? .pass : .miss)
      let ours = CryptofeedBaseline.Top(book)
      if let top = tops[symbol] {
        report.add(
          "  final book, tradeterm vs cryptofeed",
          top.agrees(with: ours)
            ? "agree: \(ours.text)" : "DIFFER: tradeterm \(ours.text); cryptofeed \(top.text)")
      } else {
        report.add("  final book, tradeterm vs cryptofeed", "cryptofeed built no \(symbol) book")
      }
    }
  }

  /// Plays `frames` once through `step`, returning the book messages seen.
  @inline(never)
  static func play(_ frames: [[UInt8]], _ step: (UnsafeBufferPointer<UInt8>, Int64) -> Int) -> Int {
    var books = 0
    for (i, frame) in frames.enumerated() {
      books &+= frame.withUnsafeBufferPointer { step($0, Int64(i)) }
    }
    return books
  }

  /// Plays `frames` `loops` times a run (the median run) and adds the rate and allocation rows;
  /// returns the rate (msg/s). Ends with one pass played from `reset`, so the book the caller
  /// holds is the frames' final book.
  @discardableResult
  func figure(
    _ name: String, frames: [[UInt8]], loops: Int, into report: inout Report,
    reset: () -> Void, _ step: (UnsafeBufferPointer<UInt8>, Int64) -> Int
  ) -> Double {
    // Warm: storage reaches its working size.
    reset()
    _ = Self.play(frames, step)
    reset()
    _ = Self.play(frames, step)
    var durations: [UInt64] = []
    var messages = 0
    for _ in 0..<(quick ? 3 : 7) {
      let t0 = Measure.now()
      for _ in 0..<loops {
        reset()
        messages = Self.play(frames, step)
      }
      durations.append(Measure.now() - t0)
    }
    durations.sort()
    let rate = Double(frames.count * loops) / (Double(Measure.median(durations)) / 1e9)
    report.add(
      "\(name): decode + book + sync (\(frames.count) frames, \(messages) book msgs a loop)",
      "\(rate.grouped) msg/s", budget: "≥ 1,000,000 msg/s", rate >= 1_000_000 ? .pass : .miss)
    reset()
    _ = Self.play(frames, step)
    reset()
    let before = Measure.allocations()
    _ = Self.play(frames, step)
    let allocs = Measure.allocations() - before
    report.add(
      "\(name): allocations per message, steady state", "\(allocs) in \(frames.count)", budget: "0",
      allocs == 0 ? .pass : .miss)
    return rate
  }

  func kraken(into report: inout Report) {
    let file = "exchanges/kraken-v2_2026-08-01_BTCUSD_book10_resubscribes_ws.jsonl"
    let frames = lines(file)
    let adapter = KrakenAdapter()
    var book = PriceBook(priceScale: 1, sizeScale: 8)
    var policy = adapter.bookPolicy(depth: 10)
    var batch = VenueBatch()
    batch.events.reserveCapacity(16)
    batch.levels.reserveCapacity(64)
    var failures = 0
    let rate = figure(
      "Kraken v2 BTC/USD book 10, real frames", frames: frames, loops: quick ? 200 : 1_000, into: &report,
      reset: {
        book.removeAll()
        policy = adapter.bookPolicy(depth: 10)
      }
    ) { bytes, at in
      batch.removeAll()
      do { try adapter.decode(bytes, receivedAt: at, into: &batch) } catch { return 0 }
      var n = 0
      for event in batch.events {
        if case let .book(_, update, levels) = event {
          n += 1
          if policy.receive(update, batch.levels(levels), book: &book).fault != nil { failures += 1 }
        }
      }
      return n
    }
    precondition(failures == 0 && policy.integrity.checks == 301, "every Kraken checksum verifies")
    // cryptofeed 2.4.1's Kraken handler speaks v1 only: the script says so (and shows it on the
    // first frame), and the row carries that instead of a ratio.
    compare(
      "Kraken v2 BTC/USD", venue: "kraken", file: "\(fixtures)/\(file)", passes: quick ? 5 : 20,
      tradeterm: rate, book: book, symbol: "BTC/USD", into: &report)
  }

  func binance(into report: inout Report) {
    let file =
      "exchanges/binance-spot_2024-08-08_BTCUSDT_depth100ms-trade-bookTicker-snapshot_hftbacktest.txt"
    let frames = lines(file)
      .map { line in Array(line[(line.firstIndex(of: UInt8(ascii: " "))! + 1)...]) }
    let decoder = BinanceDecoder(market: .spot, snapshotSymbol: "BTCUSDT")
    var book = PriceBook(priceScale: 2, sizeScale: 5)
    var policy = SnapshotBridgeSync(bridge: .consecutive)
    var batch = VenueBatch()
    batch.events.reserveCapacity(16)
    batch.levels.reserveCapacity(4096)
    var failures = 0
    let rate = figure(
      "Binance spot BTCUSDT depth + bookTicker, real frames, bridged", frames: frames,
      loops: quick ? 30 : 150,
      into: &report,
      reset: {
        _ = policy.subscribed(book: &book)
      }
    ) { bytes, at in
      batch.removeAll()
      do { try decoder.decode(bytes, receivedAt: at, into: &batch) } catch { return 0 }
      var n = 0
      for event in batch.events {
        switch event {
        case let .book(_, update, levels):
          n += 1
          if policy.receive(update, batch.levels(levels), book: &book).fault != nil { failures += 1 }
        case let .bbo(_, id?, bid, ask):
          if policy.receiveBBO(
            updateID: id, bid: bid.price, bidSize: bid.size, ask: ask.price, askSize: ask.size, book: &book
          ).fault != nil {
            failures += 1
          }
        default: break
        }
      }
      return n
    }
    // The policy is kept across loops (its buffers keep their capacity): 15 cross-checks a loop.
    precondition(
      failures == 0 && policy.integrity.checks > 0 && policy.integrity.checks % 15 == 0,
      "the Binance slice bridges and cross-checks")
    // cryptofeed's Binance handler asks REST for the snapshot at the first depth event: the
    // script hands it the recorded body (the same frame tradeterm decodes in line).
    compare(
      "Binance spot BTCUSDT", venue: "binance-spot", file: "\(fixtures)/\(file)", passes: quick ? 5 : 20,
      tradeterm: rate, book: book, symbol: "BTCUSDT", into: &report)
  }
}
