import BitMEX
import ExchangeSim
import MarketModel
import Screen

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What one fuzz input does: decode its lines as WebSocket messages and apply them to order
/// books, checking the engine's promises on the way. Any broken promise traps, which
/// libFuzzer (or the replay mode) reports as a crash.
///
/// Two more targets share the corpus, picked by the input's first byte (never the first byte
/// of a message): `numbersTag` formats the rest of the input, read as Doubles, every way the
/// screen and `--once` do (`runNumbers`); `pacingTag` paces replay frames with them as offsets
/// and speeds (`runPacing`).
///
/// The input is split on `\n` into at most `maxMessages` messages. A first line starting
/// with `[` is a REST body instead (instruments, trade bins and trades are all tried) and
/// is merged into the states before the messages, as the dashboard's REST worker does.
///
/// The messages go through the engine twice:
/// * one decoder and one batch per message, applied message by message, as the feed
///   hands them over, checking the book after each message;
/// * a fresh decoder per message, every message decoded into one shared batch, applied
///   once, as when the UI drains a busy mailbox.
/// Both must end in the same state: that catches row ranges that point at the wrong rows,
/// half-undone failed messages and a symbol cache that remembers too much.
///
/// A state per symbol named in the input (at most `maxSymbols`), fresh for each input, so
/// that a crash reproduces from its input alone. With `TRADETERM_FUZZ_PERSIST=1` the
/// messages also go to long-lived states that see every input (reset when their books
/// grow past `persistentLevelLimit`): more history, but a crash there may need the inputs
/// before it.
enum FuzzHarness {
  static let maxMessages = 64
  static let maxSymbols = 6
  static let tapeCapacity = 16
  static let persistentLevelLimit = 20_000

  static let persistEnabled = getenv("TRADETERM_FUZZ_PERSIST").map { String(cString: $0) == "1" } ?? false

  /// The long-lived states of `TRADETERM_FUZZ_PERSIST=1` (libFuzzer runs inputs on one thread).
  nonisolated(unsafe) static var persistent: [MarketState]?
  nonisolated(unsafe) static var persistentDecoder = BitMEXDecoder()

  /// The first byte of an input for the number formatter (`runNumbers`) and for the replay
  /// pacing (`runPacing`); never the first byte of a message (that is JSON text, or UTF-8).
  static let numbersTag: UInt8 = 0xF8
  static let pacingTag: UInt8 = 0xF9

  /// Runs one input.
  static func run(_ input: UnsafeRawBufferPointer) {
    if let tag = input.first, tag == numbersTag || tag == pacingTag {
      let doubles = doubles(in: UnsafeRawBufferPointer(rebasing: input.dropFirst()))
      if tag == numbersTag { runNumbers(doubles) } else { runPacing(doubles) }
      return
    }
    var lines = split(input)
    var rest: [UInt8]?
    if let first = lines.first, first.first(where: { !isSpace($0) }) == UInt8(ascii: "[") {
      rest = Array(first)
      lines.removeFirst()
    }
    let restRows = rest.map(decodeREST) ?? RESTRows()

    // All messages into one batch, each with a fresh decoder.
    var combined = MarketBatch()
    for line in lines {
      var decoder = BitMEXDecoder()
      let mark = combined.mark
      do {
        try decoder.decode(line, into: &combined)
      } catch {
        check(combined.mark == mark, "a failed message left rows in the batch")
      }
    }

    let symbols = symbolsNamed(in: combined, restRows)
    guard !symbols.isEmpty else { return }
    var together = symbols.map { MarketState(symbol: $0, tapeCapacity: tapeCapacity) }
    var oneByOne = together
    for i in together.indices {
      restRows.merge(into: &together[i])
      _ = together[i].apply(combined)
    }

    // One message at a time, one decoder throughout.
    for i in oneByOne.indices { restRows.merge(into: &oneByOne[i]) }
    var decoder = BitMEXDecoder()
    var batch = MarketBatch()
    if persistEnabled, persistent == nil { persistent = makePersistentStates() }
    let persist = persistEnabled
    for line in lines {
      batch.removeAll()
      do {
        try decoder.decode(line, into: &batch)
      } catch {
        check(batch.isEmpty && batch.mark == MarketBatch().mark, "a failed message left rows in the batch")
        continue
      }
      check(batch.events.count == 1, "one message, \(batch.events.count) events")
      for i in oneByOne.indices { applyChecked(batch, to: &oneByOne[i]) }
      if persist { applyPersistent(line) }
    }

    for i in together.indices {
      checkInvariants(oneByOne[i])
      checkSame(oneByOne[i], together[i])
      exerciseQueries(oneByOne[i])
    }
  }

  // MARK: Applying and checking

  /// Applies a one-message batch; after a book message for this symbol, checks the book,
  /// and that a delta is all or nothing.
  static func applyChecked(_ batch: MarketBatch, to state: inout MarketState) {
    // The message's event for this symbol's book (the adapter makes one per book).
    let symbol = state.symbol
    var mine: BookMessage?
    for event in batch.events {
      if case .book(let m) = event, m.symbol == symbol {
        mine = m
        break
      }
    }
    guard let message = mine else {
      _ = state.apply(batch)
      return
    }
    let before = message.action == .partial ? [] : levels(state)
    let faults = state.apply(batch).faults
    checkInvariants(state)
    guard message.action != .partial, !faults.isEmpty else { return }
    check(levels(state) == before, "a faulting delta changed the book")
    check(state.bookSync == .faulted, "a fault left the book \(state.bookSync)")
  }

  static func applyPersistent(_ line: UnsafeRawBufferPointer) {
    var batch = MarketBatch()
    guard (try? persistentDecoder.decode(line, into: &batch)) != nil else { return }
    var levels = 0
    for i in persistent!.indices {
      _ = persistent![i].apply(batch)
      checkInvariants(persistent![i])
      levels += persistent![i].book.count(.buy) + persistent![i].book.count(.sell)
    }
    if levels > persistentLevelLimit { persistent = makePersistentStates() }
  }

  static func makePersistentStates() -> [MarketState] {
    ["XBTUSD", "SOLUSDT", "ETHUSD", "XRPU21"].map { MarketState(symbol: $0, tapeCapacity: tapeCapacity) }
  }

  /// Every level of the book, bids then asks, best first.
  static func levels(_ state: MarketState) -> [PriceLevel] {
    state.book.top(.buy, .max) + state.book.top(.sell, .max)
  }

  /// What must hold after any message, whatever came before.
  static func checkInvariants(_ state: MarketState) {
    let book = state.book
    let bids = book.top(.buy, .max)
    let asks = book.top(.sell, .max)
    check(bids.count == book.count(.buy) && asks.count == book.count(.sell), "level counts disagree")
    for (i, level) in bids.enumerated() {
      check(level.price.isFinite && level.size >= 0, "bad bid level \(level)")
      if i > 0 { check(bids[i - 1].price >= level.price, "bids out of order") }
    }
    for (i, level) in asks.enumerated() {
      check(level.price.isFinite && level.size >= 0, "bad ask level \(level)")
      if i > 0 { check(asks[i - 1].price <= level.price, "asks out of order") }
    }
    if state.bookSync == .live, let bid = bids.first, let ask = asks.first {
      check(bid.price < ask.price, "a live book is crossed")
    }
    check(state.tape.count <= state.tape.capacity, "tape over capacity")
    for interval in CandleInterval.allCases {
      let candles = state.candles[interval].candles
      check(candles.count <= state.candles[interval].capacity, "candles over capacity")
      for i in candles.indices.dropFirst() {
        check(candles[i].startMs - candles[i - 1].startMs == interval.rawValue, "candles not contiguous")
      }
    }
  }

  /// The two ways through the engine must agree.
  static func checkSame(_ a: MarketState, _ b: MarketState) {
    check(levels(a) == levels(b), "\(a.symbol): books differ")
    check(a.bookTable == b.bookTable && a.bookSync == b.bookSync, "\(a.symbol): book sync differs")
    check(a.tradeSync == b.tradeSync && a.instrumentSync == b.instrumentSync, "\(a.symbol): sync differs")
    check(Array(a.tape) == Array(b.tape), "\(a.symbol): tapes differ")
    check(a.instrument == b.instrument, "\(a.symbol): instruments differ")
    check(a.quotes == b.quotes, "\(a.symbol): quotes differ")
    check(a.candles == b.candles, "\(a.symbol): candles differ")
    check(a.faultCount == b.faultCount, "\(a.symbol): fault counts differ")
    check(a.droppedBeforePartial == b.droppedBeforePartial, "\(a.symbol): drop counts differ")
  }

  /// What the dashboard asks of a state on every frame; none of it may trap.
  static func exerciseQueries(_ state: MarketState) {
    let book = state.book
    var sink = 0.0
    sink += book.spread ?? 0
    sink += book.mid ?? 0
    sink += (book.bestBid?.price ?? 0) + (book.bestAsk?.price ?? 0)
    let tickSize = state.instrument.tickSize ?? 0.5
    for ticks in [1, 2, 10, 100] {
      for side in [Side.buy, .sell] {
        sink += book.grouped(side, ticks: ticks, tickSize: tickSize, limit: .max).last?.price ?? 0
      }
    }
    for side in [Side.buy, .sell] {
      sink += Double(book.depth(side, 25).count)
      sink += Double(book.cumulativeSize(side, levels: 25) & 1)
      sink += Double(book.levels(side, withinPercent: 1).count)
      sink += book.level(side, 3)?.price ?? 0
    }
    let stats = state.tape.stats(since: state.tape.newest.map { $0.timeMs - 60_000 } ?? 0)
    sink += (stats.vwap ?? 0) + Double(stats.totalVolume & 1) + Double(stats.netVolume & 1)
    if state.tape.lastTickDirection == nil { sink += 1 }
    sink += state.tape.lastPrice ?? 0
    let instrument = state.instrument
    sink += Double(instrument.priceDecimals)
    sink += (instrument.change24h ?? 0) + (instrument.midPrice ?? 0) + (instrument.indexPrice ?? 0)
    sink += Double(instrument.fundingCountdown(now: state.tape.newest?.timeMs ?? 0) ?? 0)
    for interval in CandleInterval.allCases {
      sink += state.candles.completed(interval).candles.suffix(60).reduce(0) { $0 + $1.high - $1.low }
    }
    blackHole(sink)
  }

  // MARK: Numbers and pacing

  /// The formatter on any Double, at every precision: no trap, and text a price column can
  /// hold (ASCII digits, separators, a sign, `-` for unknown, or Swift's own spelling past
  /// 2^64: `1e+300`).
  static func runNumbers(_ values: [Double]) {
    for (i, value) in values.enumerated() {
      let other = values[(i + 1) % values.count]
      for decimals in [-1, 0, 1, 2, 8, 12, 13] {
        for grouping in [true, false] {
          checkNumber(NumberFormat.fixed(value, decimals: decimals, grouping: grouping, plusSign: grouping))
        }
      }
      checkNumber(NumberFormat.price(value, decimals: Int(truncatingIfNeeded: other.bitPattern & 15)))
      checkNumber(NumberFormat.compact(value))
      checkNumber(NumberFormat.percent(value))
      checkNumber(NumberFormat.fundingRate(value))
      checkNumber(NumberFormat.basisPoints(value, mid: other))
      checkNumber(NumberFormat.rate(value))
      let ms = Int64(bitPattern: value.bitPattern)
      checkNumber(NumberFormat.size(ms))
      checkNumber(NumberFormat.duration(ms: ms, roundingUp: value.sign == .minus))
      checkNumber(NumberFormat.age(ms: ms))
      let offset = Int(truncatingIfNeeded: other.bitPattern % 100_000) - 50_000
      checkNumber(NumberFormat.timeOfDay(ms: ms, utcOffsetMinutes: offset))
    }
  }

  static func checkNumber(_ text: String) {
    check(!text.isEmpty && text.utf8.count <= 40, "formatted as \(text.debugDescription)")
    check(
      text == "-"
        || text.unicodeScalars.allSatisfy { "0123456789,.+-e:%KMBTdhms/".unicodeScalars.contains($0) },
      "formatted as \(text.debugDescription)")
  }

  /// Replay pacing on any offset and speed: no trap, never negative, nil exactly when the speed
  /// does not pace, and a later offset is never due sooner.
  static func runPacing(_ values: [Double]) {
    var i = 0
    while i + 2 < values.count {
      let (a, b, speed) = (values[i], values[i + 1], values[i + 2])
      let first = ReplayPacing.nanoseconds(offset: min(a, b), speed: speed)
      let second = ReplayPacing.nanoseconds(offset: max(a, b), speed: speed)
      check((first == nil) == !(speed > 0) && (second == nil) == !(speed > 0), "pacing at speed \(speed)")
      if let first, let second, !a.isNaN, !b.isNaN {
        check(first >= 0 && first <= second, "offsets \(a), \(b) at speed \(speed): \(first), \(second)")
      }
      i += 3
    }
  }

  /// The input's bytes as little-endian Doubles, 8 bytes each (a short tail is padded with zeros).
  static func doubles(in bytes: UnsafeRawBufferPointer) -> [Double] {
    stride(from: 0, to: bytes.count, by: 8).map { start in
      var bits: UInt64 = 0
      for k in 0..<min(8, bytes.count - start) { bits |= UInt64(bytes[start + k]) << (8 * k) }
      return Double(bitPattern: bits)
    }
  }

  // MARK: REST

  /// The rows of a REST body, by the kinds it decodes as.
  struct RESTRows {
    var instruments: [InstrumentUpdate] = []
    var bins: [TradeBin] = []
    var trades: [Trade] = []

    func merge(into state: inout MarketState) {
      for row in instruments { state.merge(instrument: row) }
      guard !bins.isEmpty else { return }
      for interval in CandleInterval.allCases where interval.hasBins {
        state.backfillCandles(bins: bins, interval: interval)
      }
    }
  }

  static func decodeREST(_ body: [UInt8]) -> RESTRows {
    var decoder = BitMEXDecoder()
    var rows = RESTRows()
    if case .rows(let r)? = try? decoder.decodeInstruments(body) { rows.instruments = r }
    if case .rows(let r)? = try? decoder.decodeTradeBins(body) { rows.bins = r }
    if case .rows(let r)? = try? decoder.decodeTrades(body) { rows.trades = r }
    return rows
  }

  // MARK: Helpers

  /// The distinct symbols the rows name, first seen first.
  static func symbolsNamed(in batch: MarketBatch, _ rest: RESTRows) -> [Symbol] {
    var seen: [Symbol] = []
    func note(_ s: Symbol?) {
      guard let s, seen.count < maxSymbols, !seen.contains(s) else { return }
      seen.append(s)
    }
    for event in batch.events {
      switch event {
      case .book(let m): note(m.filterSymbol)
      case .trades(let s), .quotes(let s), .instrument(let s): note(s.filterSymbol)
      default: break
      }
    }
    for row in batch.bookRows { note(row.symbol) }
    for row in batch.trades { note(row.symbol) }
    for row in batch.quotes { note(row.symbol) }
    for row in batch.instruments { note(row.symbol) }
    for row in rest.instruments { note(row.symbol) }
    for row in rest.bins { note(row.symbol) }
    for row in rest.trades { note(row.symbol) }
    return seen
  }

  /// The non-empty lines of `input` (by `memchr`: libc is not instrumented, so the
  /// fuzzer does not see a comparison per byte).
  static func split(_ input: UnsafeRawBufferPointer) -> [UnsafeRawBufferPointer] {
    guard let base = input.baseAddress else { return [] }
    var lines: [UnsafeRawBufferPointer] = []
    var start = 0
    while start < input.count, lines.count < maxMessages {
      let end =
        memchr(base + start, 0x0A, input.count - start).map { UnsafeRawPointer($0) - base } ?? input.count
      if end > start { lines.append(UnsafeRawBufferPointer(start: base + start, count: end - start)) }
      start = end + 1
    }
    return lines
  }

  static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

  /// Traps with `message` when `condition` is false, in every build configuration.
  static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("fuzz invariant: \(message())") }
  }

  @inline(never) static func blackHole(_ value: Double) {
    if value.bitPattern == 0x7FF0_DEAD_BEEF_0001 { print("") }
  }
}
