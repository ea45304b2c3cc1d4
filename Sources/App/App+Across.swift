import MarketModel
import Session
import VenueCore

extension App {
  /// The cross-venue key (`X`): the screen of the instrument in view's asset, over the dashboard
  /// (`Effect.openAcross`); a run that cannot open it (a replay), or an instrument whose asset
  /// nothing says yet, is told so on the status line and nothing else changes.
  static func openAcross(_ state: inout AppState) -> [Effect] {
    if let why = state.acrossRefusal {
      state.notice = Notice("across venues: \(why)", until: state.now + StatusNote.noticeSeconds * 2)
      state.dirty = true
      return []
    }
    guard let asset = acrossAsset(state) else {
      state.notice = Notice(
        "across venues: the asset of \(state.market.symbol) is not known yet (its facts have not come)",
        until: state.now + StatusNote.noticeSeconds * 2)
      state.dirty = true
      return []
    }
    return [.openAcross(asset)]
  }

  /// The asset of the instrument in view, as every venue's instruments are grouped by it: the
  /// canonical base asset of its facts (BitMEX's instrument row, or the venue's spec merged into
  /// it: BitMEX's `XBT` is `BTC`); before they come, the base its symbol spells as a spot pair (`ETH/USD`,
  /// `BTCUSDT`); nil when neither says.
  static func acrossAsset(_ state: AppState) -> AssetCode? {
    let market = state.market
    if let underlying = market.instrument.fields.underlying, let asset = AssetCode(underlying) {
      return asset
    }
    return AcrossSpec.assets(market.symbol.description)?.0
  }
}
