import MarketModel
import Session
import Trading

/// The watched instrument's contract, for the ticket and the portfolio: BitMEX's from its
/// `instrument` row, another venue's from its metadata (`MarketState.instrumentSpec`).
extension App {
  /// The venue of the watched market.
  static func watchedVenue(_ s: AppState) -> InstrumentID.Venue {
    s.market.instrumentSpec.map { $0.key.venue } ?? s.session.markets.venue
  }

  /// The watched instrument (venue and symbol).
  static func watchedInstrument(_ s: AppState) -> InstrumentID {
    InstrumentID(venue: watchedVenue(s), symbol: s.market.symbol)
  }

  /// The watched instrument's contract, or why the ticket cannot trade it: a venue market waits
  /// for its instrument's facts (tick, lot, minimum size, contract value) rather than guess them
  /// — except on the simulator (`--demo`), where a spot pair spelt with its base and quote
  /// (`BTC/USD`, `BTC-USD`) takes its lot and tick from the book's decimals (`demoFacts`, said on
  /// the ticket).
  static func contractSpec(_ s: AppState) -> Result<ContractSpec, ContractSpecError> {
    venueContractSpec(s).map { spec in
      var named = spec
      named.venueName = s.displayName(spec.venue)
      return named
    }
  }

  /// The contract as the market's facts give it (`contractSpec`, before its venue is named).
  private static func venueContractSpec(_ s: AppState) -> Result<ContractSpec, ContractSpecError> {
    let market = s.market
    guard market.bookPolicy != nil else { return ContractSpec.make(market.instrument) }
    if let spec = market.instrumentSpec { return ContractSpec.make(spec) }
    if let spec = demoFacts(s) { return ContractSpec.make(spec) }
    return .failure(.waitingForFacts(venue: s.displayName(watchedVenue(s))))
  }

  /// What the ticket says when the contract is the demo's stand-in (nil otherwise).
  static func demoFactsNote(_ s: AppState) -> String? {
    guard s.market.instrumentSpec == nil, s.market.bookPolicy != nil, demoFacts(s) != nil else { return nil }
    return "DEMO: lot and tick from the book's decimals, no minimum size (no facts yet)"
  }

  /// The simulator's stand-in for a spot pair's facts while its metadata has not come: lot and
  /// tick from the decimals of the book's snapshot, no minimum size, base and quote from the pair
  /// as spelt (`BTC/USD`, `BTC-USD`). Nil off the simulator, for a pair spelt without a separator
  /// or one of a venue with derivatives of that spelling (their sizes are contracts of a value
  /// only the metadata gives), and before the book has a snapshot.
  static func demoFacts(_ s: AppState) -> InstrumentSpec? {
    guard s.mode == .demo, let book = s.market.priceBook, !book.isEmpty else { return nil }
    let venue = watchedVenue(s)
    guard let pair = s.venues[venue]?.spotPair(s.market.symbol.description),
      let base = AssetCode(String(pair.base)), let quote = AssetCode(String(pair.quote))
    else { return nil }
    return InstrumentSpec(
      key: InstrumentKey(venue: venue, symbol: s.market.symbol), kind: .spot, base: base, quote: quote,
      settle: quote, tickSize: FixedDecimal(mantissa: 1, scale: book.priceScale),
      lotSize: FixedDecimal(mantissa: 1, scale: book.sizeScale), contract: .base)
  }

  /// The watched venue instrument's price for the portfolio: its mark, else its last trade, else
  /// the book's mid; with its age and whether it is stale. Empty for BitMEX (valued from the
  /// universe) and while the contract is not known.
  static func venueMarks(_ s: AppState) -> [InstrumentID: InstrumentMark] {
    guard s.market.bookPolicy != nil, case .success(let spec) = contractSpec(s) else { return [:] }
    let i = s.market.instrument
    let connected = s.status?.state.isConnected ?? false
    var mark = InstrumentMark(
      spec: spec, price: nil, source: .mark, last: i.lastPrice, ageMs: s.age(of: s.session.instrumentDataAt),
      stale: !connected || !s.session.bookIsLive)
    if let price = i.markPrice, price > 0, price.isFinite {
      mark.price = price
    } else if let price = i.lastPrice, price > 0, price.isFinite {
      mark.price = price
      mark.source = .last
    } else if let mid = s.market.book.mid {
      mark.price = mid
      mark.source = .mid
      mark.ageMs = s.age(of: s.session.bookDataAt)
    }
    return [watchedInstrument(s): mark]
  }
}
