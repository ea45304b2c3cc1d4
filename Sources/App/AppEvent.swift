import MarketModel
import Screen
import Session

/// Everything that can happen to the app. One enum in, effects out.
public enum AppEvent: Sendable {
  case key(Key)
  /// A click or the wheel (`App+Mouse`).
  case mouse(MouseEvent)
  case resize(width: Int, height: Int)
  /// Time passed (drives flashes, countdowns and data ages).
  case tick(now: MonotonicTime, wallMs: Int64)
  /// The feed delivered events (already in `batch`) and maybe a new status.
  case feed(FeedUpdate, now: MonotonicTime, wallMs: Int64)
  /// The split view's second feed delivered events (in `batch` or `venueBatch`) and maybe a new
  /// status.
  case splitFeed(FeedUpdate, now: MonotonicTime, wallMs: Int64)
  /// The runner follows the split view's second instrument now (`Effect.openSplit`): its fresh
  /// session on its venue's book rule.
  case splitOpened(InstrumentID, MarketSession)
  /// The runner swapped the two feeds (`Effect.swapSplit`): the second book's market is the one
  /// on screen now, and the other the second book.
  case splitSwapped
  /// The list of symbols for the picker arrived.
  case symbols([String])
  /// A REST request answered (or failed).
  case rest(RESTResult)
  /// The runner follows another venue's market now (`Effect.openMarket`): its fresh session.
  case marketOpened(MarketSession)
  /// The runner could not follow that venue's market, and why: the one on screen stays.
  case marketRefused(InstrumentID, reason: String)
  /// A venue's REST intent answered (or failed): `App+VenueREST`.
  case venueREST(VenueRESTResult)
  /// Another venue's REST answered for the markets list (`Effect.loadMarkets`).
  case otherVenueREST(InstrumentID.Venue, VenueRESTResult)
  /// The paper journal was read, or events were written to it (or could not be).
  case paper(PaperNews)
}
