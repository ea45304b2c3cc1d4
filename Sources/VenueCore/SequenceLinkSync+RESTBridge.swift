/// OKX's second way to a book (`bridgesREST`): when the in-band snapshot does not come, the
/// deltas are held and the REST book (`/api/v5/market/books`) is bridged to them.
///
/// The REST body has no `seqId` (its levels, and `ts`, the book's time in ms): nothing links it
/// to a delta by sequence the way Binance's `lastUpdateId` does. What places it among the
/// deltas is time, each delta's `ts` against the book's, and the rule is the one that time can
/// defend:
/// - the deltas held must link one to the next by `prevSeqId` (a break starts holding again);
/// - the first held delta must not be newer than the REST book (`ts` ≤ the book's): else what
///   came between the book and the stream is lost, and the book is asked for again;
/// - held deltas older than the book (`ts` < the book's) are in it and left out; the others are
///   applied in order. Sizes are absolute, so a delta of the book's own millisecond that the book
///   already holds, applied again in order with every later one, leaves the book as the venue
///   has it;
/// - from the last held delta on, `prevSeqId == last seqId` as after an in-band snapshot.
///
/// This assumes OKX's `ts` never goes back along a book's stream (the venue's one clock stamps
/// both); a book built on it is checked on from there like any other (links, crossing).
extension SequenceLinkSync {
  /// A held delta: its update and where its levels are in `heldLevels`.
  struct HeldDelta: Sendable, Hashable {
    var update: BookUpdate
    var start: Int
    var count: Int
  }

  /// A delta without a snapshot to apply it to: held for the REST book, which is asked for once
  /// deltas have come for `restAfterNanos` without the in-band snapshot.
  mutating func hold(_ update: BookUpdate, _ levels: ArraySlice<LevelChange>) -> SyncOutcome {
    if let last = held.last, update.previous == nil || update.previous != last.update.last {
      // Held deltas link one to the next: a break starts holding again from this one.
      releaseHeld(keepingAsk: true)
    }
    if held.count >= holdLimit { releaseHeld(keepingAsk: true) }
    held.append(HeldDelta(update: update, start: heldLevels.count, count: levels.count))
    heldLevels.append(contentsOf: levels)
    guard !restAsked, let first = held.first,
      update.receivedAt &- first.update.receivedAt >= restAfterNanos
    else { return SyncOutcome() }
    restAsked = true
    return SyncOutcome(action: .fetchSnapshot)
  }

  /// The REST book asked for: bridged to the held deltas (see the type's rule), or asked for
  /// again when they start after it.
  mutating func bridge(
    _ snapshot: BookUpdate, _ levels: ArraySlice<LevelChange>, book: inout PriceBook
  ) -> SyncOutcome {
    restAsked = false
    guard let bookTime = snapshot.venueTimeMs, let first = held.first,
      let firstTime = first.update.venueTimeMs
    else {
      // Without both times nothing places the book among the deltas.
      releaseHeld()
      return books.resync(.noSequence, action: .resubscribe, checked: true)
    }
    if firstTime > bookTime {
      // The held deltas start after the book: what happened in between is lost.
      staleRESTSnapshots += 1
      restAsked = true
      return SyncOutcome(action: .fetchSnapshot)
    }
    if let fault = book.replace(with: levels) ?? book.depthFault(limit: depthLimit) {
      book.removeAll()
      releaseHeld()
      return books.resync(fault, action: .resubscribe, checked: false)
    }
    for (index, item) in held.enumerated() {
      // Every held delta after the first was linked to the one before when it was held.
      if index > 0 { books.passed() }
      if let t = item.update.venueTimeMs, t < bookTime {
        heldOlderThanREST += 1
        continue
      }
      let changes = heldLevels[item.start..<(item.start + item.count)]
      if let fault = book.apply(changes, missing: .ignore, depthLimit: depthLimit) {
        releaseHeld()
        return books.resync(fault, action: .resubscribe, checked: false)
      }
    }
    lastSequence = held.last?.update.last
    restBridges += 1
    releaseHeld()
    books.state = .live
    books.applied(at: snapshot.receivedAt)
    return .applied
  }

  /// Forgets the held deltas (their storage kept); `keepingAsk`: a REST book already asked for
  /// is still awaited.
  mutating func releaseHeld(keepingAsk: Bool = false) {
    held.removeAll(keepingCapacity: true)
    heldLevels.removeAll(keepingCapacity: true)
    if !keepingAsk { restAsked = false }
  }
}
