/// What a venue adapter knows of one book message besides its levels: whether it is a snapshot
/// or a delta, its sequence numbers in the venue's own terms mapped onto three slots, its
/// checksum, and when it was received (local monotonic clock, never the venue's).
///
/// Sequence slots: `first` and `last` are the update ids the message covers (Binance `U`/`u`;
/// Bybit `u` in both; OKX `seqId` in both; BitMEX and Kraken none); `previous` is the id the
/// message says came before it (Binance USDⓈ-M `pu`, OKX `prevSeqId`).
///
/// `venueTimeMs` is the venue's own time of the message when it sends one (OKX `ts`): never a
/// measure of freshness, only a way to order a REST snapshot that has no sequence among the
/// stream's messages (`SequenceLinkSync.bridgesREST`). `fromREST` marks a snapshot fetched over
/// REST rather than sent in-band.
public struct BookUpdate: Sendable, Hashable {
  public enum Kind: Sendable, Hashable {
    /// The whole book: replaces what is held.
    case snapshot
    /// Absolute sizes of some levels (zero deletes).
    case delta
  }

  public var kind: Kind
  public var first: UInt64?
  public var last: UInt64?
  public var previous: UInt64?
  /// The venue's checksum of the book after this message, when it sends one.
  public var checksum: UInt32?
  /// Local monotonic receive time, nanoseconds.
  public var receivedAt: Int64
  /// The venue's time of the message, ms since the Unix epoch, when it says (OKX `ts`).
  public var venueTimeMs: Int64?
  /// A snapshot fetched over REST, not sent on the stream.
  public var fromREST = false

  public init(
    kind: Kind, first: UInt64? = nil, last: UInt64? = nil, previous: UInt64? = nil, checksum: UInt32? = nil,
    receivedAt: Int64 = 0, venueTimeMs: Int64? = nil
  ) {
    self.kind = kind
    self.first = first
    self.last = last
    self.previous = previous
    self.checksum = checksum
    self.receivedAt = receivedAt
    self.venueTimeMs = venueTimeMs
  }

  public static func snapshot(
    first: UInt64? = nil, last: UInt64? = nil, checksum: UInt32? = nil, receivedAt: Int64 = 0,
    venueTimeMs: Int64? = nil
  ) -> BookUpdate {
    BookUpdate(
      kind: .snapshot, first: first, last: last, checksum: checksum, receivedAt: receivedAt,
      venueTimeMs: venueTimeMs)
  }

  /// A snapshot fetched over REST at the venue's time `venueTimeMs` (OKX's books have no
  /// sequence there).
  public static func restSnapshot(
    first: UInt64? = nil, last: UInt64? = nil, receivedAt: Int64 = 0, venueTimeMs: Int64? = nil
  ) -> BookUpdate {
    var update = BookUpdate(
      kind: .snapshot, first: first, last: last, receivedAt: receivedAt, venueTimeMs: venueTimeMs)
    update.fromREST = true
    return update
  }

  public static func delta(
    first: UInt64? = nil, last: UInt64? = nil, previous: UInt64? = nil, checksum: UInt32? = nil,
    receivedAt: Int64 = 0, venueTimeMs: Int64? = nil
  ) -> BookUpdate {
    BookUpdate(
      kind: .delta, first: first, last: last, previous: previous, checksum: checksum, receivedAt: receivedAt,
      venueTimeMs: venueTimeMs)
  }
}
