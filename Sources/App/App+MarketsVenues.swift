import MarketModel
import Session
import VenueCore

extension App {
  /// The instruments the markets list shows under its venue filter: the venue on screen's (its
  /// session's, live), another venue's (from its REST tickers: `otherMarkets`), or every venue's
  /// in one list (the one on screen first).
  static func listedMarkets(_ state: AppState) -> MarketUniverse {
    let here = state.session.markets
    switch state.markets.venues {
    case .onScreen: return here
    case .only(let venue) where venue == here.venue: return here
    case .only(let venue): return state.otherMarkets[venue] ?? MarketUniverse(venue: venue)
    case .all:
      let lists = allVenueLists(state)
      if let combined = state.combinedMarkets, combined.isCurrent(for: lists) { return combined.universe }
      return MarketUniverse.combining(lists, venue: here.venue)
    }
  }

  /// Every venue's list the "all venues" filter combines: the one on screen first, then the
  /// others' by name.
  static func allVenueLists(_ state: AppState) -> [MarketUniverse] {
    let here = state.session.markets
    let others = state.otherMarkets.filter { $0.key != here.venue }.sorted { $0.key.name < $1.key.name }
    return [here] + others.map(\.value)
  }

  /// After every event: the every-venue list made again if one of its venues' lists changed,
  /// while the list shows it (dropped otherwise), so a frame draws it without combining.
  static func cacheCombinedMarkets(_ state: inout AppState) {
    guard state.screen == .markets, state.markets.venues == .all else {
      if state.combinedMarkets != nil { state.combinedMarkets = nil }
      return
    }
    let lists = allVenueLists(state)
    if state.combinedMarkets?.isCurrent(for: lists) != true {
      state.combinedMarkets = CombinedMarkets(lists, venue: state.session.markets.venue)
    }
  }

  /// The venues the list can show besides the one on screen: each the run can follow, by name
  /// (BitMEX's from its REST `instrument/active` when another venue is on screen: its instrument
  /// table is on its own feed only).
  static func otherListVenues(_ state: AppState) -> [InstrumentID.Venue] {
    state.followableVenues.filter { $0 != state.venue }.sorted { $0.name < $1.name }
  }

  /// BitMEX's REST answer for the list while another venue is on screen: `instrument/active`'s
  /// rows (facts and prices) into its list; a failure is said in the list's title. Any other
  /// answer is for a BitMEX market no longer on screen: dropped.
  static func mergeBitMEXMarkets(_ result: RESTResult, _ state: inout AppState) {
    switch result {
    case .active(let rows):
      var universe = state.otherMarkets[.bitmex] ?? MarketUniverse(venue: .bitmex)
      universe.merge(rest: rows)
      state.otherMarkets[.bitmex] = universe
      state.otherMarketsFailure[.bitmex] = nil
    case .failed(.active, let reason):
      state.otherMarketsFailure[.bitmex] = reason
    default:
      return
    }
    pinMarketsCursor(&state)
    state.dirty = true
  }

  /// `v`: the venue on screen → every venue → each other venue in turn → the venue on screen.
  static func nextVenueFilter(
    _ filter: MarketsState.VenueFilter, _ state: AppState
  ) -> MarketsState.VenueFilter {
    let others = otherListVenues(state)
    switch filter {
    case .onScreen: return others.isEmpty ? .onScreen : .all
    case .all: return others.first.map { .only($0) } ?? .onScreen
    case .only(let venue):
      guard let i = others.firstIndex(of: venue), i + 1 < others.count else { return .onScreen }
      return .only(others[i + 1])
    }
  }

  /// Asks for the other venues' lists the filter shows, while the list is open: each venue's
  /// instruments and tickers at once, then its tickers every `VenueRESTState.tickerRefresh`
  /// seconds (`Effect.loadMarkets`). Not in a replay.
  static func otherMarketsDue(_ state: inout AppState) -> [Effect] {
    guard state.screen == .markets, state.mode != .replay else { return [] }
    let wanted: [InstrumentID.Venue]
    switch state.markets.venues {
    case .onScreen: return []
    case .all: wanted = otherListVenues(state)
    case .only(let venue): wanted = venue == state.venue ? [] : [venue]
    }
    var effects: [Effect] = []
    for venue in wanted {
      if let asked = state.otherMarketsAskedAt[venue], state.now - asked < VenueRESTState.tickerRefresh {
        continue
      }
      state.otherMarketsAskedAt[venue] = state.now
      effects.append(.loadMarkets(venue))
    }
    return effects
  }

  /// Another venue's REST answer for the list: its instruments' facts, then its tickers, into
  /// its list; a failure is said in the list's title.
  static func mergeOtherMarkets(
    _ venue: InstrumentID.Venue, _ result: VenueRESTResult, _ state: inout AppState
  ) {
    var universe = state.otherMarkets[venue] ?? MarketUniverse(venue: venue)
    switch result {
    case .instruments(let rows):
      for spec in rows.rows {
        state.otherSpecs[InstrumentID(venue: spec.key.venue, symbol: spec.key.symbol)] = spec
      }
      universe.merge(specs: rows.rows)
      state.otherMarketsFailure[venue] = nil
    case .tickers(let rows):
      universe.merge(restTickers: rows.rows, specs: state.otherSpecs, now: state.now.nanoseconds / 1_000_000)
      state.otherMarketsFailure[venue] = nil
    case .failed(_, let reason):
      state.otherMarketsFailure[venue] = reason
    case .candles:
      return
    }
    state.otherMarkets[venue] = universe
    pinMarketsCursor(&state)
    state.dirty = true
  }

  /// The list's title words for its venue filter: which venues, and a venue whose list failed.
  static func venueFilterNote(_ state: AppState) -> String? {
    var words: String
    switch state.markets.venues {
    case .onScreen: return nil
    case .all: words = "  all venues"
    case .only(let venue): words = "  \(venue.name)"
    }
    let failed = state.otherMarketsFailure.filter {
      state.markets.venues == .all || .only($0.key) == state.markets.venues
    }
    for (venue, why) in failed.sorted(by: { $0.key.name < $1.key.name }) {
      words += "  \(venue.name) REST failed: \(why)"
    }
    return words
  }
}
