import MarketModel
import Screen

extension App {
  /// Keys on the markets screen: moving, sorting, filtering, opening a row. Nil passes the key
  /// on to the dashboard's keymap (quit, help, reconnect, pause, `m` back); every other key is
  /// taken here.
  static func handleMarkets(_ key: Key, _ state: inout AppState) -> [Effect]? {
    var markets = state.markets
    defer {
      // After a filter or a kind change the selected row may be gone: the first shown is selected.
      state.markets = markets
      let universe = listedMarkets(state)
      state.markets.pinSelection(in: state.markets.order(universe, rates: rates(state)), of: universe)
    }
    let rows = markets.ordered(listedMarkets(state), rates: rates(state))
    if markets.filtering {
      switch key {
      case .escape, .enter: markets.filtering = false
      case .backspace: if !markets.filter.isEmpty { markets.filter.removeLast() }
      case .character(let c)
      where c.isASCII && (c.isLetter || c.isNumber || c == "." || c == "_")
        && markets.filter.utf8.count < Symbol.maxLength:
        // Symbols are short and ASCII (uppercasing `ß` would make two characters of one).
        markets.filter.append(Character(c.uppercased()))
      case .interrupt: return nil
      default: break
      }
      return []
    }
    // Esc backs out (the filter first, then the screen); the rest is the keymap's: the list's
    // own scope first, then the dashboard's moving keys and the few that mean the same here.
    if key == .escape {
      if !markets.filter.isEmpty {
        markets.filter = ""
      } else {
        state.screen = .dashboard
      }
      return []
    }
    switch state.keys.command(for: key, in: .markets) ?? state.keys.command(for: key) {
    case .scrollUp?: markets.move(by: -1, in: rows)
    case .scrollDown?: markets.move(by: 1, in: rows)
    case .pageUp?: markets.move(by: -10, in: rows)
    case .pageDown?: markets.move(by: 10, in: rows)
    case .scrollHome?: markets.selected = rows.first?.id
    case .marketsSort(let forward)?:
      // The venue column is there (and sorts) only on a list of another venue than BitMEX.
      let venues = state.session.markets.venue != .bitmex || state.markets.venues != .onScreen
      let all = MarketsColumn.allCases.filter { venues || $0 != .venue }
      let step = forward ? 1 : all.count - 1
      let at = all.firstIndex(of: markets.sort) ?? 0
      markets.sort = all[(at + step) % all.count]
      markets.descending = markets.sort != .symbol && markets.sort != .kind && markets.sort != .venue
    case .marketsDirection?: markets.descending.toggle()
    case .marketsKinds?: markets.kinds = markets.kinds.next
    case .marketsByAsset?: markets.byAsset.toggle()
    case .marketsVenue?:
      markets.venues = nextVenueFilter(markets.venues, state)
      markets.selected = nil
      state.markets.venues = markets.venues
      return otherMarketsDue(&state)
    case .marketsStar?:
      guard !rows.isEmpty else { return [] }
      markets.toggleFavourite(rows[markets.cursor(in: rows)].id)
      return [.saveFavourites(markets.favourites)]
    case .marketsFilter?:
      markets.filtering = true
    case .marketsOpen?:
      guard !rows.isEmpty else { return [] }
      let row = rows[markets.cursor(in: rows)]
      markets.selected = row.id
      return openRow(row, &state)
    // Only the keys that mean the same on both screens reach the dashboard's keymap: the
    // dashboard's own (the symbol picker, zoom, grouping…) would act on a screen not shown.
    case .quit?, .help?, .toggleMarkets?, .togglePortfolio?, .reconnect?, .togglePause?: return nil
    default: return []
    }
    return []
  }

  /// Enter on a row of the markets list: back to the dashboard on the row's instrument, on the
  /// row's own venue (another venue's row follows that venue: `App.open`).
  static func openRow(_ row: MarketRow, _ state: inout AppState) -> [Effect] {
    state.screen = .dashboard
    return open(row.id, &state)
  }
}
