import MarketModel

/// The markets list's every-venue list ("all venues") as last combined, with the generation of
/// each venue's list it was made from: combining some 5,000 rows (Binance spot alone lists about
/// 2,000) took about a third of a frame, so it is made again only when one of those lists changed
/// (`MarketUniverse.generation`), not on every draw.
struct CombinedMarkets: Sendable {
  /// The venues' lists it was made from, the one on screen first, and each one's generation.
  let venues: [InstrumentID.Venue]
  let generations: [UInt64]
  let universe: MarketUniverse

  /// `lists` (the one on screen first) combined under `venue`.
  init(_ lists: [MarketUniverse], venue: InstrumentID.Venue) {
    venues = lists.map(\.venue)
    generations = lists.map(\.generation)
    universe = MarketUniverse.combining(lists, venue: venue)
  }

  /// Whether it was made from `lists` as they are now.
  func isCurrent(for lists: [MarketUniverse]) -> Bool {
    lists.count == venues.count
      && zip(lists, zip(venues, generations)).allSatisfy { $0.venue == $1.0 && $0.generation == $1.1 }
  }
}
