/// Joins the stream of a replacement connection to the stream of the connection it replaces,
/// with nothing missing and nothing twice: make-before-break, for a venue that ends every
/// connection after a while (Binance: 24 h, or sooner after a `serverShutdown` notice).
///
/// Both connections carry the same streams of the same books for a while. What the live one
/// delivers is noted (`noteLive`): per symbol, the id of the last book update (`u`) and of the
/// last trade. What the replacement delivers meanwhile is decoded into `buffer` and held. The
/// replacement is caught up (`isCaughtUp`) when, for every symbol noted, its buffer holds the
/// live one's last book update or the one that continues it (so the book goes on without a
/// snapshot: the updates after come on the replacement) and
/// its first trade is no later than the one after the live one's last (so no trade falls between
/// the two). `splice(into:)` then appends the buffer from that point on: book updates and
/// best bids/asks the live connection already delivered dropped, trades by id likewise.
///
/// The book needs no snapshot: the update ids are the venue's, not the connection's, and a depth
/// update states the absolute size of each level it names as of its last id. An update whose
/// ids straddle the live one's last (`U ≤ X < u`) is applied after `X` as it is and leaves the
/// book as of its `u` (the levels changed at or before `X` are restated at the size they already
/// have); its first id is moved to `X + 1` (spot) or its `pu` to `X` (USDⓈ-M) so that the book
/// rule, which asks every update to link to the last, sees it link. Pure: no clock, no I/O.
public struct ConnectionSplice: Sendable {
  /// What the live connection delivered of one symbol.
  private struct Marks: Sendable, Hashable {
    var symbol: Symbol
    /// The last book update id (`u`; a REST snapshot's `lastUpdateId` until a delta comes).
    var book: UInt64?
    var bookFromDelta = false
    /// The last trade id.
    var trade: UInt64?
  }

  private var marks: [Marks] = []
  /// The replacement's events since it opened, held until the switch.
  public private(set) var buffer = VenueBatch()
  /// Each held frame of the replacement: the index of its first event in `buffer`, and its bytes
  /// (what `--record` writes of it once it is kept).
  private var frames: [(firstEvent: Int, bytes: [UInt8])] = []

  public init() {}

  /// Whether the replacement has sent anything yet.
  public var hasReplacementFrames: Bool { !frames.isEmpty }

  /// Forgets everything: a connection of its own starts (not a replacement).
  public mutating func reset() {
    marks.removeAll(keepingCapacity: true)
    dropReplacement()
  }

  /// Forgets the replacement's frames (it closed, or was given up on).
  public mutating func dropReplacement() {
    buffer.removeAll()
    frames.removeAll(keepingCapacity: true)
  }

  /// Notes the events the live connection delivered: `batch.events[from...]`.
  public mutating func noteLive(_ batch: VenueBatch, from first: Int) {
    for index in first..<batch.events.count {
      switch batch.events[index] {
      case let .book(symbol, update, _):
        guard let last = update.last else { continue }
        let at = markIndex(symbol)
        // A REST snapshot counts only until the stream's own updates come: the stream is what
        // the replacement must continue.
        if update.kind == .delta {
          marks[at].book = last
          marks[at].bookFromDelta = true
        } else if !marks[at].bookFromDelta {
          marks[at].book = last
        }
      case let .trades(symbol, range):
        guard let id = batch.trades[range].last(where: { $0.id != nil })?.id else { continue }
        let at = markIndex(symbol)
        marks[at].trade = max(marks[at].trade ?? 0, id)
      default:
        continue
      }
    }
  }

  /// Holds one frame of the replacement: `decode` appends its events to `buffer` (all or none;
  /// a frame that fails leaves nothing behind).
  public mutating func holdReplacementFrame<E: Error>(
    _ bytes: UnsafeBufferPointer<UInt8>, decode: (inout VenueBatch) throws(E) -> Void
  ) throws(E) {
    let counts = buffer.counts
    do throws(E) {
      try decode(&buffer)
    } catch {
      buffer.truncate(to: counts)
      throw error
    }
    frames.append((counts.events, Array(bytes)))
  }

  /// Whether the replacement's frames continue what the live connection delivered, for every
  /// symbol it delivered: the update that follows its last book update is held, and no trade
  /// after its last is missing. False until the replacement has sent anything.
  public var isCaughtUp: Bool {
    guard !frames.isEmpty else { return false }
    for mark in marks {
      if let x = mark.book, !reaches(mark.symbol, x) { return false }
      if let t = mark.trade, let first = firstTradeID(mark.symbol), t < .max, first > t + 1 { return false }
    }
    return true
  }

  /// Appends the replacement's held events to `batch` from where the live connection's end:
  /// what it already delivered dropped, the straddling book update linked (see the type). Returns
  /// the bytes of the frames of which something was kept, in order, and notes what was appended
  /// as the live connection's (the replacement is the live one now).
  @discardableResult
  public mutating func splice(into batch: inout VenueBatch) -> [[UInt8]] {
    let start = batch.events.count
    let at = marks
    var joined = Set<Symbol>()
    var kept: [[UInt8]] = []
    var frame = 0
    var frameKept = false
    for (index, event) in buffer.events.enumerated() {
      while frame + 1 < frames.count, frames[frame + 1].firstEvent <= index {
        if frameKept { kept.append(frames[frame].bytes) }
        frame += 1
        frameKept = false
      }
      let symbol = Self.symbol(of: event)
      let mark = at.first { $0.symbol == symbol }
      switch event {
      case let .book(symbol, update, range) where update.kind == .delta:
        var update = update
        if let x = mark?.book, !joined.contains(symbol) {
          if Self.continues(event, symbol, after: x) {
            if update.previous != nil {
              update.previous = x
            } else if let first = update.first, first <= x {
              update.first = x + 1
            }
            joined.insert(symbol)
          } else if let last = update.last, last <= x {
            continue  // the live connection delivered it
          } else {
            joined.insert(symbol)  // a gap: the book rule sees it and resyncs
          }
        }
        batch.events.append(.book(symbol: symbol, update: update, levels: copyLevels(range, into: &batch)))
      case let .bbo(_, id?, _, _) where mark?.book.map({ id <= $0 }) ?? false:
        continue
      case let .trades(symbol, range):
        let newer = buffer.trades[range].filter { trade in
          guard let id = trade.id, let last = mark?.trade else { return true }
          return id > last
        }
        guard !newer.isEmpty else { continue }
        for trade in newer { batch.appendTrade(trade, symbol: symbol) }
      case let .book(symbol, update, range):
        batch.events.append(.book(symbol: symbol, update: update, levels: copyLevels(range, into: &batch)))
      case let .ticker(symbol, ticker):
        batch.appendTicker(buffer.tickers[ticker], symbol: symbol)
      default:
        batch.events.append(event)
      }
      frameKept = true
    }
    if frameKept, frame < frames.count { kept.append(frames[frame].bytes) }
    dropReplacement()
    noteLive(batch, from: start)
    return kept
  }

  // MARK: Internals

  private mutating func markIndex(_ symbol: Symbol) -> Int {
    if let index = marks.firstIndex(where: { $0.symbol == symbol }) { return index }
    marks.append(Marks(symbol: symbol))
    return marks.count - 1
  }

  /// Whether the held frames reach the live book's last update `x` with nothing missing: the
  /// first held update of `symbol` that ends at or after `x` is `x`'s own (the two connections
  /// deliver the same updates: the ones after it will come on the replacement) or the one that
  /// continues it.
  private func reaches(_ symbol: Symbol, _ x: UInt64) -> Bool {
    for event in buffer.events {
      guard case let .book(s, update, _) = event, s == symbol, update.kind == .delta, let last = update.last,
        last >= x
      else { continue }
      return last == x || Self.continues(event, symbol, after: x)
    }
    return false
  }

  private func firstTradeID(_ symbol: Symbol) -> UInt64? {
    for case let .trades(s, range) in buffer.events where s == symbol {
      if let id = buffer.trades[range].first(where: { $0.id != nil })?.id { return id }
    }
    return nil
  }

  private func copyLevels(_ range: Range<Int>, into batch: inout VenueBatch) -> Range<Int> {
    let base = batch.levels.count
    batch.levels.append(contentsOf: buffer.levels[range])
    return base..<batch.levels.count
  }

  /// Whether `event` is a book update of `symbol` that continues a book whose last update is
  /// `x`: USDⓈ-M's `pu ≤ x < u` (its `pu` is `x` when the two connections cut the stream the
  /// same way), spot's `U ≤ x + 1 ≤ u`.
  static func continues(_ event: VenueEvent, _ symbol: Symbol, after x: UInt64) -> Bool {
    guard case let .book(s, update, _) = event, s == symbol, update.kind == .delta,
      let first = update.first, let last = update.last, x < last
    else { return false }
    if let previous = update.previous { return previous <= x }
    return first <= x + 1
  }

  /// The symbol an event is about, if any.
  private static func symbol(of event: VenueEvent) -> Symbol? {
    switch event {
    case let .book(symbol, _, _), let .trades(symbol, _), let .bbo(symbol, _, _, _), let .ticker(symbol, _):
      symbol
    default:
      nil
    }
  }
}
