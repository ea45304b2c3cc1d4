import CrossVenue
import MarketModel
import Session
import VenueCore

/// One instrument of the cross-venue screen: its key, its session (a venue market on the book
/// rule's path, fed by its own feed), its spec and whether that spec is the venue's own or a spot
/// spec read off the symbol.
public struct AcrossInstrument: Sendable {
  public let key: InstrumentKey
  public internal(set) var session: MarketSession
  /// The instrument's spec: the venue's instrument facts when known, else `AcrossSpec.spot`'s.
  public let spec: InstrumentSpec
  /// Whether `spec` was read off the symbol (base and quote, a spot contract) rather than taken
  /// from the venue's facts: its tick and lot are then the book's own decimals.
  public let specFromSymbol: Bool
  /// When the last drain of this instrument's feed brought anything (local monotonic ns): the
  /// connection was heard from then, even if the book did not change.
  public internal(set) var lastHeardAt: Int64?

  /// `key` followed through `session`; `facts` the venue's spec when known, else a spot spec
  /// from the symbol (nil when the symbol does not say its base and quote).
  public init?(key: InstrumentKey, session: MarketSession, facts: InstrumentSpec? = nil) {
    guard let spec = facts ?? AcrossSpec.spot(key) else { return nil }
    self.key = key
    self.session = session
    self.spec = spec
    specFromSymbol = facts == nil
  }

  /// What the feed says is wrong, in its words (made safe for a terminal): the venue refused the
  /// book, or the connection's last error (a refused subscription, `Currency pair not supported`,
  /// is one) while the book is not live or the connection is down; nil when nothing is.
  public var problem: String? {
    guard let status = session.status else { return nil }
    if let refused = status.unavailable(.book) { return TerminalText.sanitized(refused) }
    var bookLive = false
    if case .live? = session.market.bookPolicy?.state { bookLive = true }
    guard !bookLive || !status.state.isConnected, let error = status.lastError else { return nil }
    return TerminalText.sanitized(error)
  }

  /// The view the cross-venue parts read at `now`: the session's book, rule and status; a
  /// symbol-read spec takes the book's own decimals for its tick and lot.
  public func view(now: Int64, staleAfterNs: Int64) -> VenueView {
    let market = session.market
    let book = market.priceBook ?? spec.makeBook()
    var spec = self.spec
    if specFromSymbol {
      spec.tickSize = FixedDecimal(mantissa: 1, scale: book.priceScale)
      spec.lotSize = FixedDecimal(mantissa: 1, scale: book.sizeScale)
    }
    // No status yet: the feed is starting, not down.
    let linkUp = session.status.map { $0.state.isConnected } ?? true
    guard let policy = market.bookPolicy else {
      return VenueView(
        spec: spec, book: book, sync: .waiting, lastAppliedAt: nil, lastHeardAt: lastHeardAt,
        staleAfterNs: staleAfterNs, linkUp: linkUp)
    }
    return VenueView(
      spec: spec, book: book, policy: policy, lastHeardAt: lastHeardAt, staleAfterNs: staleAfterNs,
      linkUp: linkUp)
  }
}
