import MarketModel
import Session

/// The second book of the split view (`tradeterm ETHUSD kraken:ETH/USD`, issue 29): its instrument and
/// its own session, fed by a feed of its own (`Effect.openSplit`, the runner's) beside the
/// dashboard's market, which the header, the tape, the chart and the ticket follow. Only its
/// book is drawn; its age and state are its own, never the dashboard market's.
public struct SplitBook: Sendable {
  /// The instrument (`bitmex:ETHUSD`, `binance:BTCUSDT`).
  public let id: InstrumentID
  /// Its market and feed status, kept by the one session core every front end shares.
  public internal(set) var session: MarketSession
  /// Its prices whose size changed, with when (wall ms): the ~300 ms flash the main book's
  /// levels have (`AppState.flashes`), kept apart since the two books' prices mean different
  /// things.
  public internal(set) var flashes: [Double: Int64] = [:]
  /// Levels scrolled back from its spread (the wheel over it, or the scroll keys once a click
  /// focused it); 0 at the spread.
  public internal(set) var scroll = 0
  /// A click put the keyboard's focus on it (the book pane's keys scroll it, not the main
  /// book); Tab or a click elsewhere takes it back.
  public internal(set) var focused = false

  public init(id: InstrumentID, session: MarketSession) {
    self.id = id
    self.session = session
  }
}
