import Binance
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
