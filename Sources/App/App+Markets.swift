import MarketModel
import Screen

extension App {
  /// Keys on the markets screen: moving, sorting, filtering, opening a row. Nil passes the key
  /// on to the dashboard's keymap (quit, help, reconnect, pause, `m` back); every other key is
  /// taken here.
  static func handleMarkets(_ key: Key, _ state: inout AppState) -> [Effect]? {
    var markets = state.markets
    defer { state.markets = markets }
    let rows = markets.ordered(state.session.markets)
    if markets.filtering {
      switch key {
      case .escape, .enter: markets.filtering = false
      case .backspace: if !markets.filter.isEmpty { markets.filter.removeLast() }
      case .character(let c) where c.isLetter || c.isNumber || c == "." || c == "_":
        markets.filter.append(Character(c.uppercased()))
      case .interrupt: return nil
      default: break
      }
      return []
    }
    switch key {
    case .up, .character("k"): markets.move(by: -1, in: rows)
    case .down, .character("j"): markets.move(by: 1, in: rows)
    case .pageUp: markets.move(by: -10, in: rows)
    case .pageDown: markets.move(by: 10, in: rows)
    case .home: markets.selected = rows.first?.id
    case .tab, .backTab:
      let all = MarketsColumn.allCases
      let step = key == .tab ? 1 : all.count - 1
      markets.sort = all[(markets.sort.rawValue + step) % all.count]
      markets.descending = markets.sort != .symbol && markets.sort != .kind
    case .character("d"): markets.descending.toggle()
    case .character("f"): markets.kinds = markets.kinds.next
    case .character("*"):
      guard !rows.isEmpty else { return [] }
      markets.toggleFavourite(rows[markets.cursor(in: rows)].id)
      return [.saveFavourites(markets.favourites)]
    case .character("/"):
      markets.filtering = true
    case .escape:
      if !markets.filter.isEmpty {
        markets.filter = ""
      } else {
        state.marketsVisible = false
      }
    case .enter:
      guard !rows.isEmpty else { return [] }
      let row = rows[markets.cursor(in: rows)]
      markets.selected = row.id
      state.marketsVisible = false
      return switchDashboard(to: row.id.symbol, &state)
    default:
      // Only the keys that mean the same on both screens reach the dashboard's keymap: the
      // dashboard's own (the symbol picker, zoom, grouping…) would act on a screen not shown.
      switch state.keys.command(for: key) {
      case .quit?, .help?, .toggleMarkets?, .reconnect?, .togglePause?: return nil
      default: return []
      }
    }
    return []
  }
}
