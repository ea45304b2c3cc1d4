/// One instrument's book followed through a venue's recorded frames, offline: the venue's
/// decoder, its sync rule and the book engine, exactly as live, with the integrity counts at
/// the end (`--once --json --replay FILE --venue NAME`).
///
/// The caller reads the recording's lines (bare JSON, tradeterm's recordings, the hftbacktest
/// collector's `<local ns> <frame>` with a REST snapshot body as a bare frame) and hands over
/// the frames of this venue. The book's precision is taken from the first snapshot
/// (the decimals the venue wrote), and a checksum rule's depth from the first snapshot's size
/// when it was not given.
public struct VenueBookReplay: Sendable {
  public let symbol: Symbol
  public private(set) var sync: AnyBookSync
  public private(set) var book = PriceBook(priceScale: 0, sizeScale: 0)
  /// Lines read, frames decoded, frames refused by the decoder (and the last refusal).
  public private(set) var lines = 0
  public private(set) var frames = 0
  public private(set) var badFrames = 0
  public private(set) var lastBadFrame: String?
  /// Trades of the instrument seen.
  public private(set) var trades = 0
  /// Book messages of the instrument seen.
  public private(set) var bookMessages = 0
  private let decoder: any VenueFrameDecoder
  private let inferDepth: Bool
  private var sequence = ConnectionSequence()
  private var batch = VenueBatch()
  private var scaled = false

  /// A replay of `symbol` with `decoder` and `sync`; `inferDepth` sets a checksum rule's depth
  /// from the first snapshot.
  public init(symbol: Symbol, decoder: any VenueFrameDecoder, sync: AnyBookSync, inferDepth: Bool = false) {
    self.symbol = symbol
    self.decoder = decoder
    self.sync = sync
    self.inferDepth = inferDepth
    _ = self.sync.subscribed(book: &book)
  }

  /// One frame of the recording (the line's time and venue tag already read off by the caller:
  /// `Replay.RecordedLine`), received at `receivedAt` nanoseconds (the line number when the
  /// recording has no times).
  public mutating func feed(_ frame: UnsafeBufferPointer<UInt8>, receivedAt: Int64) {
    lines += 1
    guard !frame.isEmpty else { return }
    batch.removeAll()
    do {
      try decoder.decode(frame, receivedAt: receivedAt, into: &batch)
    } catch {
      badFrames += 1
      lastBadFrame = "line \(lines): \(error)"
      return
    }
    frames += 1
    for event in batch.events {
      switch event {
      case let .book(s, update, levels) where s == symbol:
        bookMessages += 1
        let changes = batch.levels(levels)
        if update.kind == .snapshot { adoptPrecision(changes) }
        _ = sync.receive(update, changes, book: &book)
      case let .bbo(s, id?, bid, ask) where s == symbol:
        _ = sync.receiveBBO(updateID: id, bid: bid, ask: ask, book: &book)
      case .connectionSequence(let n):
        _ = sync.connectionSequence(sequence.next(n))
      case let .trades(s, range) where s == symbol:
        trades += range.count
      default: break
      }
    }
  }

  /// A snapshot with more decimals than the book keeps: a book at that precision (the snapshot
  /// replaces the book anyway); and the checksum rule's depth, when it is to be inferred.
  private mutating func adoptPrecision(_ levels: ArraySlice<LevelChange>) {
    var p: UInt8 = 0
    var s: UInt8 = 0
    var bids = 0
    var asks = 0
    for l in levels {
      p = max(p, l.price.scale)
      s = max(s, l.size.scale)
      if l.side == .bid { bids += 1 } else { asks += 1 }
    }
    if !scaled || p > book.priceScale || s > book.sizeScale {
      book = PriceBook(
        priceScale: max(p, scaled ? book.priceScale : 0), sizeScale: max(s, scaled ? book.sizeScale : 0))
      scaled = true
    }
    if inferDepth, case .checksum(var c) = sync, max(bids, asks) > 0 {
      c.depth = max(bids, asks)
      sync = .checksum(c)
    }
  }
}
