import MarketModel
import Screen
import Session

/// The split view's two books (`tradeterm ETHUSD kraken:ETH/USD`): each titled with its instrument, its
/// own state and age, last price and spread (`BookTitle`), and dimmed on its own when its data is
/// not live: a second feed that is stale or syncing is marked as the main book is, never shown
/// as live.
extension DashboardView {
  /// How fresh a session's book is at `now`: whether it is to be dimmed, and the state word its
  /// title shows (`LIVE`; `SYNCING  4s old`, `STALE 6s`, `RECONNECTING 2 in 3s`…). Not live:
  /// the feed not connected or silent, the book waiting for (or resyncing to) its snapshot, or
  /// silent for `bookSilentAfter` while the rest of the market moved.
  static func bookFreshness(_ session: MarketSession, now: MonotonicTime) -> (stale: Bool, word: String) {
    guard let status = session.status else { return (true, "CONNECTING") }
    let age = session.bookDataAt.map { NumberFormat.milliseconds(now - $0) }
    let isIndex = session.market.instrument.kind == .index
    switch status.state {
    case .silent:
      return (true, ConnectionBadge(status.state, now: now).label)
    case .live where session.bookIsLive:
      if !isIndex, session.bookIsSilent(now: now, limit: bookSilentAfter), let age {
        return (true, "STALE \(NumberFormat.duration(ms: age))")
      }
      return (false, "LIVE")
    case .live, .syncing:
      let word = session.market.bookSync == .faulted ? "RESYNCING" : "SYNCING"
      return (true, word + staleNote(age))
    case .error:
      // Why, in full, is the pane's (an unknown symbol with its close matches) or the status line's.
      return (true, "ERROR")
    default:
      return (true, ConnectionBadge(status.state, now: now).label + (age.map { staleNote($0) } ?? ""))
    }
  }

  /// A book's title words at `now`: its name, whether it is the primary, its state, its last
  /// price and its spread at its own decimals.
  static func bookTitle(
    name: String, primary: Bool, _ session: MarketSession, now: MonotonicTime, ascii: Bool
  ) -> (title: BookTitle, stale: Bool) {
    let market = session.market
    let fresh = bookFreshness(session, now: now)
    let decimals = market.priceDecimals
    let last = market.tape.lastPrice ?? market.instrument.lastPrice
    let title = BookTitle(
      name: name, primary: primary, state: fresh.word,
      last: last.map { NumberFormat.price($0, decimals: decimals) },
      spread: market.book.spread.map { NumberFormat.price($0, decimals: decimals) }, ascii: ascii)
    return (title, fresh.stale)
  }

  /// The name a book of the split view goes by: a bare symbol for BitMEX's, `venue:SYMBOL`
  /// for another venue's (as the header names the market on screen).
  static func splitName(_ id: InstrumentID) -> String { PickerState.label(id, on: .bitmex) }

  /// The primary book's title and footer in the split view: the title words (the scrolled note
  /// after its state), and the grouping beside the bar mode in the footer.
  static func primarySplitBox(_ s: AppState, area: Rect) -> (title: String, footer: String) {
    let id = InstrumentID(venue: s.venue, symbol: s.market.symbol)
    var (title, _) = bookTitle(name: splitName(id), primary: true, s.session, now: s.now, ascii: s.ascii)
    if s.view.bookScroll > 0 { title.state += scrolledNote(s) }
    return (title.text(room: area.width - 4), splitFooter(s, decimals: s.market.priceDecimals, s.market))
  }

  /// A split book's footer: its grouping (in its own ticks) and the bars' mode.
  static func splitFooter(_ s: AppState, decimals: Int, _ market: MarketState) -> String {
    let bars = s.barsByTotal ? "bars: total" : "bars: size"
    guard s.groupingTicks > 1 else { return bars }
    let step = NumberFormat.price(market.displayTickSize * Double(s.groupingTicks), decimals: decimals)
    return "grp \(step) · \(bars)"
  }

  /// The second book of the split view in `area`: its box and title, its levels at the
  /// dashboard's grouping (in its own ticks) and bar mode, what its pane says when it has no
  /// book (an unknown symbol with the close matches, a REST snapshot waiting out a limit), and
  /// dimmed when its data is not live.
  static func renderSplitBook(_ s: AppState, _ split: SplitBook, into grid: inout Grid, area: Rect) {
    let market = split.session.market
    var (title, stale) = bookTitle(
      name: splitName(split.id), primary: false, split.session, now: s.now, ascii: s.ascii)
    if split.scroll > 0 { title.state += scrolledNote(s) }
    let box = Box(
      title: title.text(room: area.width - 4), footer: splitFooter(s, decimals: market.priceDecimals, market),
      focused: paneFocus(s) == .book && split.focused, ascii: s.ascii)
    box.render(into: &grid, area: area)
    var view = BookView(
      book: market.book, groupTicks: s.groupingTicks, tickSize: market.displayTickSize,
      priceDecimals: market.priceDecimals, barMode: s.barsByTotal ? .total : .size,
      flash: Set(split.flashes.keys), scroll: split.scroll, ascii: s.ascii)
    view.emptyNotes = splitNotes(s, split)
    if market.instrument.kind == .index, market.book.isEmpty {
      // An index is a published price: its title has it, and its pane says why there is no book.
      view.emptyNotes = ["\(split.id.symbol) is an index: a published price, no book", "an index: no book"]
    }
    let inner = box.inner(area)
    view.render(into: &grid, area: inner)
    if let lines = splitRefusal(s, split, width: inner.width - 2) {
      drawRefusal(lines, into: &grid, area: inner)
    }
    if stale { grid.restyle(area) { $0.dim = true } }
  }

  /// What the second book's pane says in place of its spread while it has no book: the venue's
  /// refusal, or a REST snapshot waiting out the venue's limit; longest first.
  static func splitNotes(_ s: AppState, _ split: SplitBook) -> [String] {
    guard let status = split.session.status else { return [] }
    if case .error(let failure) = status.state { return [TerminalText.sanitized(failure.message)] }
    if let limit = status.restLimit, limit.until > s.now {
      return [limit.words(now: s.now), limit.shortWords(now: s.now)]
    }
    if let refused = status.unavailable(.book) { return [TerminalText.sanitized(refused)] }
    return []
  }

  /// An unknown second symbol, refused as `--symbol`'s is (`unknownSymbolLines`); nil while the
  /// feed has not said the symbol is unknown.
  static func splitRefusal(_ s: AppState, _ split: SplitBook, width: Int) -> [String]? {
    // Asked first: the lazy argument below captures (a copy of) the whole state, which a live
    // second book must not pay for at every frame.
    guard saysUnknownSymbol(split.session.status) else { return nil }
    return unknownSymbolLines(
      split.id.symbol, status: split.session.status, known: splitKnown(s, split), width: width)
  }

  /// An unknown symbol, refused as `--once --symbol` refuses it: its name and the venue's
  /// symbols closest to it (`SymbolSuggestions`), in lines of at most `width` columns (the
  /// matches wrapped between names, never inside one); nil while the feed has not said the
  /// symbol is unknown.
  static func unknownSymbolLines(
    _ symbol: Symbol, status: FeedStatus?, known: @autoclosure () -> [String], width: Int
  ) -> [String]? {
    guard saysUnknownSymbol(status) else { return nil }
    var lines = ["unknown symbol \(symbol)"]
    // The known symbols are gathered only for a refusal: not at every frame of a live book.
    let close = SymbolSuggestions.closest(to: symbol.description, among: known(), limit: 5)
    guard !close.isEmpty else { return lines }
    lines.append("close matches:")
    var line = ""
    for name in close {
      let next = line.isEmpty ? name : line + ", " + name
      if next.count > width, !line.isEmpty {
        lines.append(line + ",")
        line = name
      } else {
        line = next
      }
    }
    lines.append(line)
    return lines
  }

  /// Whether the feed said the symbol is unknown.
  static func saysUnknownSymbol(_ status: FeedStatus?) -> Bool {
    guard case .error(let failure)? = status?.state else { return false }
    return failure.kind == .unknownSymbol
  }

  /// A book pane's refusal `lines`, over its empty ladder in `area`, centred: the pane has
  /// nothing else to show.
  static func drawRefusal(_ lines: [String], into grid: inout Grid, area inner: Rect) {
    grid.fill(inner)
    let top = inner.y + max(0, (inner.height - lines.count) / 2)
    for (i, line) in lines.enumerated() where top + i < inner.maxY {
      let text = String(line.prefix(inner.width))
      grid.put(
        text, x: inner.x + max(0, (inner.width - text.count) / 2), y: top + i, style: Style(.warning),
        clip: inner)
    }
  }

  /// The symbols known on the second book's venue: its own session's list (BitMEX's instrument
  /// table), and the picker's when the market on screen is on the same venue.
  static func splitKnown(_ s: AppState, _ split: SplitBook) -> [String] {
    var known = split.session.markets.rows.map(\.instrument.symbol.description)
    if split.id.venue == s.venue {
      known += s.symbols + s.session.markets.rows.map(\.instrument.symbol.description)
    }
    return Array(Set(known)).sorted()
  }
}
