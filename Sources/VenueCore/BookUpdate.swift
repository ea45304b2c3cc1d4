/// What a venue adapter knows of one book message besides its levels: whether it is a snapshot
/// or a delta, its sequence numbers in the venue's own terms mapped onto three slots, its
/// checksum, and when it was received (local monotonic clock, never the venue's).
///
/// Sequence slots: `first` and `last` are the update ids the message covers (Binance `U`/`u`;
/// Bybit `u` in both; OKX `seqId` in both; BitMEX and Kraken none); `previous` is the id the
/// message says came before it (Binance USDⓈ-M `pu`, OKX `prevSeqId`).
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

  public init(
    kind: Kind, first: UInt64? = nil, last: UInt64? = nil, previous: UInt64? = nil, checksum: UInt32? = nil,
    receivedAt: Int64 = 0
  ) {
    self.kind = kind
    self.first = first
    self.last = last
    self.previous = previous
    self.checksum = checksum
    self.receivedAt = receivedAt
  }

  public static func snapshot(
    first: UInt64? = nil, last: UInt64? = nil, checksum: UInt32? = nil, receivedAt: Int64 = 0
  ) -> BookUpdate {
    BookUpdate(kind: .snapshot, first: first, last: last, checksum: checksum, receivedAt: receivedAt)
  }

  public static func delta(
    first: UInt64? = nil, last: UInt64? = nil, previous: UInt64? = nil, checksum: UInt32? = nil,
    receivedAt: Int64 = 0
  ) -> BookUpdate {
    BookUpdate(
      kind: .delta, first: first, last: last, previous: previous, checksum: checksum, receivedAt: receivedAt)
  }
}
