/// What one market tick did on the follower venues, handed to every follower session: each
/// booked listing's changes and trades, by `FollowerWorld` market index.
struct FollowerTick {
  let number: Int64
  let timeMs: Int64
  /// Indexed like `FollowerWorld.markets`.
  let outputs: [FollowerMarket.Output]
  /// Whether tickers go out this tick (once per `instrumentInterval`).
  let publishTickers: Bool
  /// Whether a second has passed (heartbeats).
  let secondPassed: Bool
}
