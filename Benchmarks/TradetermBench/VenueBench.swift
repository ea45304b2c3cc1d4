import Binance
import Coinbase
import Foundation
import Kraken
import VenueCore

/// Round 3's per-venue engine figures: decode + book + sync rule on each venue's recorded frames
/// (Kraken v2 with its checksum verified at every message; Binance spot with the REST bridge and
/// the bookTicker cross-check), messages a second and allocations per message in steady state.
/// Budget (design map): ≥ 1 M msg/s, 0 allocations per update.
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
    var kept = 0
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
      kept = book[.bid].count + book[.ask].count
    }
    precondition(kept == levels, "every level of the snapshot is in the book (\(kept))")
    durations.sort()
    let ms = Double(Measure.median(durations)) / 1e6
    report.add(
      "Coinbase BTC-USD level2 snapshot, \(Double(levels).grouped) levels (\(frame.count / 1_000) kB): decode + replace the book",
      "\(ms.fixed(1)) ms", budget: "≤ 50 ms", ms <= 50 ? .pass : .miss)
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

  func figure(
    _ name: String, frames: [[UInt8]], loops: Int, into report: inout Report,
    reset: () -> Void, _ step: (UnsafeBufferPointer<UInt8>, Int64) -> Int
  ) {
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
  }

  func kraken(into report: inout Report) {
    let frames = lines("exchanges/kraken-v2_2026-08-01_BTCUSD_book10_resubscribes_ws.jsonl")
    let adapter = KrakenAdapter()
    var book = PriceBook(priceScale: 1, sizeScale: 8)
    var policy = adapter.bookPolicy(depth: 10)
    var batch = VenueBatch()
    batch.events.reserveCapacity(16)
    batch.levels.reserveCapacity(64)
    var failures = 0
    figure(
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
  }

  func binance(into report: inout Report) {
    let frames = lines(
      "exchanges/binance-spot_2024-08-08_BTCUSDT_depth100ms-trade-bookTicker-snapshot_hftbacktest.txt"
    )
    .map { line in Array(line[(line.firstIndex(of: UInt8(ascii: " "))! + 1)...]) }
    let decoder = BinanceDecoder(market: .spot, snapshotSymbol: "BTCUSDT")
    var book = PriceBook(priceScale: 2, sizeScale: 5)
    var policy = SnapshotBridgeSync(bridge: .consecutive)
    var batch = VenueBatch()
    batch.events.reserveCapacity(16)
    batch.levels.reserveCapacity(4096)
    var failures = 0
    figure(
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
  }
}
