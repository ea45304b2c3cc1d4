import MarketModel
import Screen

/// The markets list's and the watchlist's live tickers: which symbols the feed was last asked
/// to watch (`FeedCommand.watchTickers`), and what the list and the watchlist showed when they
/// were chosen.
///
/// They are chosen again only when that changes (the venue or the followed symbol, the filter,
/// the sort, the kinds, the number of rows, the favourites): not at each price move, which
/// would reorder a sorted list and churn the venue's subscriptions.
struct LiveTickers: Sendable, Hashable {
  /// The most symbols watched live at once. Every venue followed live takes this many in one
  /// request or a few (Kraken a list per frame, Coinbase its product ids, OKX its args, Bybit
  /// 10 args a frame); past it, the list's first rows in its order are live and the rest stay on
  /// REST, and the list's title says so.
  static let limit = 100

  /// What the list showed when the symbols were chosen.
  struct Basis: Sendable, Hashable {
    var venue: InstrumentID.Venue
    var symbol: Symbol
    var filter: String
    var sort: MarketsColumn
    var descending: Bool
    var kinds: MarketsState.KindFilter
    var rows: Int
    /// The favourites the open watchlist shows (none while it is closed).
    var favourites: [Symbol]
  }

  /// The symbols the feed watches now (asked last), in the list's order when asked.
  var symbols: [Symbol] = []
  /// The list's basis for `symbols`; nil while none is watched.
  var basis: Basis?
  /// How many rows the list offered when `symbols` were chosen (more than `limit`: the rest are
  /// on REST).
  var offered = 0
}
