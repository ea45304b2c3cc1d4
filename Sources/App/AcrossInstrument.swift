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
  public private(set) var spec: InstrumentSpec
  /// Whether `spec` was read off the symbol (base and quote, a spot contract) rather than taken
  /// from the venue's facts: its tick and lot are then the book's own decimals.
  public private(set) var specFromSymbol: Bool
  /// Whether the instrument's facts are still on their way (BitMEX's come with its instrument
  /// table, a perpetual's of another venue from its REST instruments): until they come its book
  /// stays out of the consolidation (the strip says "facts pending") and its trades off the
  /// tape, since its contracts cannot be converted to the base asset without them.
  public private(set) var factsPending = false
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

  /// A BitMEX instrument (its book kept by order id in `session`), waiting for its facts
  /// (`adopt`); `placeholder` stands for them until then and is never used to convert.
  public init(bitmex key: InstrumentKey, session: MarketSession, placeholder: InstrumentSpec) {
    self.init(key: key, session: session, awaiting: placeholder)
  }

  /// An instrument whose contract only its venue's facts say (a perpetual: OKX's `ctVal`
  /// contracts, Binance USDⓈ-M's and Bybit linear's base quantities), waiting for them
  /// (`adopt`); `placeholder` stands for them until then and is never used to convert.
  public init(key: InstrumentKey, session: MarketSession, awaiting placeholder: InstrumentSpec) {
    self.key = key
    self.session = session
    spec = placeholder
    specFromSymbol = false
    factsPending = true
  }

  /// The instrument's own facts, now known.
  mutating func adopt(_ facts: InstrumentSpec) {
    spec = facts
    specFromSymbol = false
    factsPending = false
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
      // The decimals the book's prices use, not those the venue writes (Binance's trailing
      // zeros): until the book has a level, its scale.
      let used = book.isEmpty ? Int(book.priceScale) : MarketState.decimals(book)
      spec.tickSize = FixedDecimal(mantissa: 1, scale: UInt8(clamping: used))
      spec.lotSize = FixedDecimal(mantissa: 1, scale: book.sizeScale)
    }
    // No status yet: the feed is starting, not down.
    let linkUp = session.status.map { $0.state.isConnected } ?? true
    if market.priceBook == nil, market.bookPolicy == nil {
      // BitMEX's book (its rule is the partial one, not a venue's), once its facts are in.
      let live = !factsPending && market.bookSync == .live
      var view = VenueView(
        spec: spec, book: factsPending ? spec.makeBook() : market.engine,
        sync: live ? .live : .waiting, lastAppliedAt: live ? session.bookDataAt?.nanoseconds : nil,
        lastHeardAt: lastHeardAt, staleAfterNs: staleAfterNs, linkUp: linkUp)
      view.factsPending = factsPending
      return view
    }
    guard let policy = market.bookPolicy else {
      var view = VenueView(
        spec: spec, book: book, sync: .waiting, lastAppliedAt: nil, lastHeardAt: lastHeardAt,
        staleAfterNs: staleAfterNs, linkUp: linkUp)
      view.factsPending = factsPending
      return view
    }
    var view = VenueView(
      spec: spec, book: book, policy: policy, lastHeardAt: lastHeardAt, staleAfterNs: staleAfterNs,
      linkUp: linkUp)
    view.factsPending = factsPending
    return view
  }
}
