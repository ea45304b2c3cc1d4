/// Any of the four sync policies, as one value (a session holds books of several venues; an
/// enum keeps the calls direct, no existential per message).
public enum AnyBookSync: Sendable {
  case partial(PartialSync)
  case checksum(ChecksumSync<AnyBookChecksum>)
  case sequence(SequenceLinkSync)
  case bridge(SnapshotBridgeSync)

  /// What the enum holds while a policy is taken out to be changed: without it the enum and the
  /// policy taken out would share the policy's buffers, and changing them would copy them.
  private static var placeholder: AnyBookSync { .partial(PartialSync()) }

  public var state: BookSyncState {
    switch self {
    case .partial(let p): p.state
    case .checksum(let p): p.state
    case .sequence(let p): p.state
    case .bridge(let p): p.state
    }
  }

  public var integrity: IntegrityCounts {
    switch self {
    case .partial(let p): p.integrity
    case .checksum(let p): p.integrity
    case .sequence(let p): p.integrity
    case .bridge(let p): p.integrity
    }
  }

  public var lastAppliedAt: Int64? {
    switch self {
    case .partial(let p): p.lastAppliedAt
    case .checksum(let p): p.lastAppliedAt
    case .sequence(let p): p.lastAppliedAt
    case .bridge(let p): p.lastAppliedAt
    }
  }

  public mutating func subscribed(book: inout PriceBook) -> SyncAction {
    switch self {
    case .partial(var p):
      self = Self.placeholder
      defer { self = .partial(p) }
      return p.subscribed(book: &book)
    case .checksum(var p):
      self = Self.placeholder
      defer { self = .checksum(p) }
      return p.subscribed(book: &book)
    case .sequence(var p):
      self = Self.placeholder
      defer { self = .sequence(p) }
      return p.subscribed(book: &book)
    case .bridge(var p):
      self = Self.placeholder
      defer { self = .bridge(p) }
      return p.subscribed(book: &book)
    }
  }

  public mutating func receive(
    _ update: BookUpdate, _ levels: ArraySlice<LevelChange>, book: inout PriceBook
  )
    -> SyncOutcome
  {
    switch self {
    case .partial(var p):
      self = Self.placeholder
      defer { self = .partial(p) }
      return p.receive(update, levels, book: &book)
    case .checksum(var p):
      self = Self.placeholder
      defer { self = .checksum(p) }
      return p.receive(update, levels, book: &book)
    case .sequence(var p):
      self = Self.placeholder
      defer { self = .sequence(p) }
      return p.receive(update, levels, book: &book)
    case .bridge(var p):
      self = Self.placeholder
      defer { self = .bridge(p) }
      return p.receive(update, levels, book: &book)
    }
  }

  /// A message the venue's adapter could not turn into levels (BitMEX's unknown id): the partial
  /// rule resyncs (see `PartialSync.refuse`); other rules never get one.
  public mutating func refuse(
    _ update: BookUpdate, _ fault: BookSyncFault, book: inout PriceBook
  ) -> SyncOutcome {
    guard case .partial(var p) = self else { return SyncOutcome() }
    self = Self.placeholder
    defer { self = .partial(p) }
    return p.refuse(update, fault, book: &book)
  }

  /// The venue's best bid/ask at an update id: checked by the bridge; other rules ignore it.
  public mutating func receiveBBO(
    updateID: UInt64, bid: LevelChange, ask: LevelChange, book: inout PriceBook
  )
    -> SyncOutcome
  {
    guard case .bridge(var p) = self else { return SyncOutcome() }
    self = Self.placeholder
    defer { self = .bridge(p) }
    return p.receiveBBO(
      updateID: updateID, bid: bid.price, bidSize: bid.size, ask: ask.price, askSize: ask.size, book: &book)
  }

  /// The connection's own counter (Coinbase): a gap resyncs a book that follows the connection.
  public mutating func connectionSequence(_ gap: (expected: UInt64, got: UInt64)?) -> SyncOutcome {
    guard case .sequence(var p) = self, p.link == .connection else { return SyncOutcome() }
    self = Self.placeholder
    defer { self = .sequence(p) }
    if let gap { return p.connectionGap(expected: gap.expected, got: gap.got) }
    p.connectionLinked()
    return SyncOutcome()
  }
}

/// A checksum rule as a value (what `AnyBookSync.checksum` holds).
public struct AnyBookChecksum: BookChecksum {
  private let body: @Sendable (PriceBook) -> UInt32

  public init(_ checksum: some BookChecksum) {
    body = { checksum.checksum(of: $0) }
  }

  public func checksum(of book: PriceBook) -> UInt32 { body(book) }
}
