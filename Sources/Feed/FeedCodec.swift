import MarketModel
import Session

/// What a feed needs of a venue besides the transport: its wire (subscribe frames, ping,
/// limits) and a decoder of its frames into the batch the UI applies, saying for each frame what
/// it means to the connection machine. `MarketFeed` is the one feed loop of every venue.
public protocol FeedCodec {
  /// What frames decode into; handed whole to the UI thread.
  associatedtype Batch: FeedBatch

  /// The venue's connection rules.
  var wire: any VenueWire { get }

  /// Decodes one text frame received at `now` into `batch` (appending, all or nothing) and
  /// appends what it means for the connection to `inputs`. Throws the decoder's words.
  mutating func decode(
    _ frame: UnsafeRawBufferPointer, now: MonotonicTime, into batch: inout Batch,
    inputs: inout [FeedInput]
  ) throws(FeedDecodeError)

  /// The URL of the REST snapshot of a book (a rule that bridges one to the stream), or nil.
  func snapshotURL(for book: Subscription) -> String?

  /// Decodes the body of that snapshot like a frame.
  mutating func decodeSnapshot(
    _ body: UnsafeRawBufferPointer, of book: Subscription, now: MonotonicTime, into batch: inout Batch,
    inputs: inout [FeedInput]
  ) throws(FeedDecodeError)

  /// A new connection opens: nothing is subscribed on it yet.
  mutating func connecting()

  /// The connection subscribes (or unsubscribes) these: a codec that keys frames by what was
  /// asked (`SymbolAliases`) keeps count.
  mutating func subscribing(_ subscriptions: [Subscription])
  mutating func unsubscribing(_ subscriptions: [Subscription])

  // Make-before-break (`FeedConfig.replaceBeforeBreak`): a replacement connection's frames held
  // beside the open one's, then spliced after them (`ConnectionSplice`).

  /// Whether the codec can splice a replacement connection's streams onto the open one's.
  var splicesConnections: Bool { get }
  /// A connection of its own opens (not a replacement): nothing earlier is continued.
  mutating func connectionOpened()
  /// Holds one text frame of the replacement connection, received at `now`.
  mutating func holdReplacement(_ frame: UnsafeRawBufferPointer, now: MonotonicTime) throws(FeedDecodeError)
  /// Whether the held frames continue the open connection's streams.
  var replacementCaughtUp: Bool { get }
  /// Appends the held frames to `batch` from where the open connection's end, with what each
  /// means for the connection in `inputs`; returns the frames of which something was kept.
  mutating func spliceReplacement(into batch: inout Batch, inputs: inout [FeedInput]) -> [[UInt8]]
  /// Forgets the held frames (the replacement closed).
  mutating func dropReplacement()
}

extension FeedCodec {
  public mutating func connecting() {}
  public mutating func subscribing(_ subscriptions: [Subscription]) {}
  public mutating func unsubscribing(_ subscriptions: [Subscription]) {}

  /// No make-before-break (BitMEX: no connection lifetime).
  public var splicesConnections: Bool { false }
  public mutating func connectionOpened() {}
  public mutating func holdReplacement(
    _ frame: UnsafeRawBufferPointer, now: MonotonicTime
  ) throws(FeedDecodeError) {}
  public var replacementCaughtUp: Bool { false }
  public mutating func spliceReplacement(into batch: inout Batch, inputs: inout [FeedInput]) -> [[UInt8]] {
    []
  }
  public mutating func dropReplacement() {}

  /// No REST snapshots (BitMEX: its books come whole on the socket).
  public func snapshotURL(for book: Subscription) -> String? { nil }

  public mutating func decodeSnapshot(
    _ body: UnsafeRawBufferPointer, of book: Subscription, now: MonotonicTime, into batch: inout Batch,
    inputs: inout [FeedInput]
  ) throws(FeedDecodeError) {}
}

/// A batch of decoded frames the feed hands to the UI and gets back empty.
public protocol FeedBatch: Sendable {
  init()
  /// Events decoded so far (a frame's receive time is noted against the first of its events).
  var eventCount: Int { get }
}

/// A frame the decoder refused, in its words.
public struct FeedDecodeError: Error, Sendable, CustomStringConvertible {
  public var description: String

  public init(_ description: String) {
    self.description = description
  }
}

/// One thing a decoded frame meant for the connection machine.
public enum FeedInput: Sendable, Hashable {
  /// The answer to our ping.
  case pong
  /// A subscription was acknowledged.
  case subscribed(Subscription)
  /// A subscription's snapshot (its partial) arrived: it is complete.
  case snapshot(Subscription)
  /// Data of a subscription, or (nil) any other frame: a sign of life.
  case data(Subscription?)
  /// The venue will close the connection soon (Binance's `serverShutdown`).
  case shutdownNotice
  /// The venue sent an error, as its wire read it.
  case error(VenueError)
}

extension MarketBatch: FeedBatch {
  public var eventCount: Int { events.count }
}

extension VenueBatch: FeedBatch {
  public var eventCount: Int { events.count }
}
