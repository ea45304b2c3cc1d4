import MarketModel
import Screen
import Session
import Trading

/// Builds the whole screen from the state: layout, panes, status line, overlays. Pure:
/// the same state always draws the same grid.
public enum DashboardView {
  public static func render(_ s: AppState) -> Grid {
    var memo = RenderMemo()
    return render(s, reusing: &memo)
  }

  /// The same screen as `render(s)`, drawn over the last one `memo` kept: the trades pane
  /// and the chart, which change when a trade arrives (a few times a second, where the book
  /// changes with every message), are drawn again only when what they show changed.
  /// Everything else is drawn as always: each pane clears its own area, and the last grid is
  /// drawn over only when the layout is the same (every cell then belongs to the same pane as
  /// before) and no overlay covered it.
  public static func render(_ s: AppState, reusing memo: inout RenderMemo) -> Grid {
    switch s.screen {
    case .portfolio:
      memo = RenderMemo()
      return PortfolioScreen.render(s)
    case .markets:
      memo = RenderMemo()
      return MarketsScreen.render(s)
    case .dashboard: break
    }
    guard let layout = App.layout(s) else {
      memo = RenderMemo()
      var grid = Grid(width: s.width, height: s.height)
      TooSmall(ascii: s.ascii).render(into: &grid, area: grid.bounds)
      return grid
    }
    let overlaid = s.overlay?.coversPanes == true
    var grid: Grid
    var kept = PaneKeys()
    if let previous = memo.take(), previous.layout == layout, previous.grid.width == s.width,
      previous.grid.height == s.height, !previous.overlaid
    {
      grid = previous.grid
      kept = previous.panes
    } else {
      grid = Grid(width: s.width, height: s.height)
    }
    memo.redrewTrades = false
    memo.redrewChart = false
    memo.redrewHeatmap = false
    memo.redrewActivity = false
    memo.redrewHeader = false
    memo.redrewBookBox = false
    let panes = drawPanes(s, layout: layout, into: &grid, kept: kept, memo: &memo)
    memo.keep(grid, layout: layout, panes: overlaid ? PaneKeys() : panes, overlaid: overlaid)
    return grid
  }

  /// Draws every pane of `layout` into `grid`, except the trades pane and the chart when
  /// `kept` says `grid` already shows them as they would be drawn now. Returns what they show.
  private static func drawPanes(
    _ s: AppState, layout: Layout, into grid: inout Grid, kept: PaneKeys, memo: inout RenderMemo
  ) -> PaneKeys {
    var keys = PaneKeys()
    // Each pane is as fresh as its own table: a book that waits for a fresh partial is dimmed
    // while the tape, still live, is not.
    // A silent connection (the status line says STALE) dims every pane with its age at once,
    // not only when the feed resyncs.
    let silent = isSilent(s)
    // An index is a published price, never traded: no book (so no silent book), and its prints
    // carry no size.
    let isIndex = s.market.instrument.kind == .index
    let bookStale =
      !s.session.bookIsLive || silent
      || (!isIndex && s.session.bookIsSilent(now: s.now, limit: bookSilentAfter))
    let tapeStale = !s.session.tapeIsLive || silent
    let headerStale = !s.session.instrumentIsLive || silent
    let decimals = s.market.priceDecimals
    let markers = Self.markers(s)

    // A venue's market says what it has in its ticker; a BitMEX instrument without a type
    // is one whose table has not come yet.
    var header = HeaderBar(
      instrument: s.market.instrument, nowMs: s.marketNowMs, name: instrumentName(s.market.instrument),
      tickDirection: s.market.tape.lastTickDirection, markers: markers,
      dataAgeMs: headerStale ? (s.age(of: s.session.instrumentDataAt) ?? -1) : nil,
      ascii: s.ascii, kindKnown: s.market.bookPolicy != nil)
    header.priceDecimals = decimals
    // Another venue's market is named with its venue (`kraken:BTC/USD`); a bare symbol is BitMEX's.
    if s.venue != .bitmex {
      header.symbol = InstrumentID(venue: s.venue, symbol: s.market.symbol).description
      header.volumeUnit = venueVolumeUnit(s)
      if let data = s.venues[s.venue]?.dataAlias?.dataSymbol(for: s.market.symbol) {
        header.name = (header.name.isEmpty ? "" : header.name + ", ") + "\(data) data"
      }
    }
    // Drawn again only when it changed (its clocks at the precision they show): most frames
    // move the book alone.
    let headerKey = HeaderPaneKey(area: layout.header, header: header.asDrawn)
    keys.header = headerKey
    if headerKey != kept.header {
      memo.redrewHeader = true
      headerKey.header.render(into: &grid, area: layout.header)
    }

    if let area = layout.book {
      let grouping = s.groupingTicks
      var title =
        isIndex
        ? "Book: none, an index"
        : grouping == 1
          ? "Book"
          : "Book  grp \(NumberFormat.price(s.market.displayTickSize * Double(grouping), decimals: decimals))"
      if s.view.bookScroll > 0 { title += scrolledNote(s) }
      if bookStale { title += staleNote(s.age(of: s.session.bookDataAt)) }
      var footer = s.barsByTotal ? "bars: total" : "bars: size"
      // Two books side by side: each says which it is, its state, last price and spread.
      if s.split != nil { (title, footer) = primarySplitBox(s, area: area) }
      let box = Box(
        title: title, footer: footer, focused: paneFocus(s) == .book && s.split?.focused != true,
        ascii: s.ascii)
      // The border only when it changed; the ladder inside is drawn at every frame.
      let boxKey = BookBoxKey(area: area, box: box, stale: bookStale)
      keys.bookBox = boxKey
      if boxKey != kept.bookBox {
        memo.redrewBookBox = true
        box.render(into: &grid, area: area)
      }
      var bookView = BookView(
        book: s.market.book, groupTicks: grouping, tickSize: s.market.displayTickSize,
        priceDecimals: decimals,
        barMode: s.barsByTotal ? .total : .size, flash: Set(s.view.flashes.keys), scroll: s.view.bookScroll,
        ascii: s.ascii
      )
      if grouping == 1 { bookView.walls = activityWalls(s) }
      bookView.marks = chartMarks(s)
      bookView.fewLevelsNote = fewLevelsNote(s, rows: BookView.levelRows(height: box.inner(area).height))
      // A book whose REST snapshot waits out the venue's limit says so, and for how long.
      if let limit = s.status?.restLimit, limit.until > s.now {
        bookView.emptyNotes = [limit.words(now: s.now), limit.shortWords(now: s.now)]
      } else if isIndex && s.market.book.isEmpty {
        bookView.emptyNotes = [
          "\(s.market.symbol) is an index: a price the venue publishes, not traded, so no book",
          "an index: a published price, no book", "an index: no book",
        ]
      }
      let inner = box.inner(area)
      bookView.render(into: &grid, area: inner)
      // An unknown symbol with the venue's closest ones, as `--once` and the second book say it.
      // The known symbols' parts are taken apart first: the lazy argument captures them, not
      // (a copy of) the whole state at every frame.
      let (symbols, rows) = (s.symbols, s.session.markets.rows)
      if let lines = unknownSymbolLines(
        s.market.symbol, status: s.status,
        known: Array(Set(symbols + rows.map(\.instrument.symbol.description))).sorted(),
        width: inner.width - 2)
      {
        drawRefusal(lines, into: &grid, area: inner)
      }
      if bookStale { grid.restyle(area) { $0.dim = true } }
    }
    if let area = layout.book2, let split = s.split { renderSplitBook(s, split, into: &grid, area: area) }
    let (watchlistArea, tradesColumn) = watchlistSplit(s, layout.trades)
    if let area = watchlistArea { renderWatchlist(s, into: &grid, area: area) }
    let (tradesArea, activityArea) = activitySplit(s, tradesColumn)
    if let area = tradesArea {
      // The last minute's buy/sell volume as a bar in the title.
      let minute = s.market.tape.stats(since: s.marketNowMs - 60_000)
      let bar = BuySellBar(buyVolume: minute.buyVolume, sellVolume: minute.sellVolume, ascii: s.ascii)
      let notional = tapeNotional(s)
      let filter = TapeFilter.step(s.tapeFilterStep, notional: notional, sizeScale: s.market.tapeSizeScale)
      let least = filter.label(
        currency: notional?.currency ?? "", sizeScale: s.market.tapeSizeScale, ascii: s.ascii)
      // Scrolled, the note comes before the bar: a narrow pane cuts its title's end.
      // An index's prints have no side and no size: no buy/sell bar.
      var title =
        isIndex
        ? [Span("Index prints" + (s.view.tapeScroll > 0 ? scrolledNote(s) : ""))]
        : [
          Span(
            "Trades" + (least.isEmpty ? "" : " " + least) + (s.view.tapeScroll > 0 ? scrolledNote(s) : "")
              + "  1m ")
        ]
          + bar.spans
      if tapeStale { title.append(Span(staleNote(s.age(of: s.session.tapeDataAt)))) }
      var tape = TapeView(
        trades: s.market.tape, priceDecimals: decimals, nowMs: s.marketNowMs,
        highlightMs: s.view.newTrades > 0 ? 200 : 0, utcOffsetMinutes: s.utcOffsetMinutes,
        scroll: s.view.tapeScroll, sizeScale: s.market.tapeSizeScale)
      tape.aggregate = s.tapeByOrder
      tape.filter = filter
      tape.notional = notional
      tape.ascii = s.ascii
      tape.liquidations = s.view.liquidations.events
      // The key leaves the footer out: the footer follows from what the key holds (it names the
      // notional's currency only when the rows in view leave its column room), and finding that
      // formats every row in view — work for a frame that redraws the pane, not for every frame.
      let keyBox = Box(title: title, focused: paneFocus(s) == .trades, ascii: s.ascii)
      let key = TradesPaneKey(area: area, box: keyBox, tape: tape, stale: tapeStale)
      keys.trades = key
      if key == nil || key != kept.trades {
        memo.redrewTrades = true
        let inner = keyBox.inner(area)
        let shown = tape.showsNotional(width: inner.width, height: inner.height) ? notional : nil
        var box = keyBox
        box.footer = [Span(tapeFooter(s, notional: shown))]
        box.render(into: &grid, area: area)
        tape.largeSize = s.largeTradeSizes[s.market.symbol.description] ?? s.market.tape.largeTradeSize
        tape.render(into: &grid, area: box.inner(area))
        if tapeStale { grid.restyle(area) { $0.dim = true } }
      }
    }
    if let area = activityArea {
      keys.activity = renderActivity(s, into: &grid, area: area, kept: kept.activity, memo: &memo)
    }
    let (chartArea, heatmapArea) = heatmapSplit(s, layout.chart)
    if let area = heatmapArea {
      keys.heatmap = renderHeatmap(s, into: &grid, area: area, kept: kept.heatmap, memo: &memo)
    }
    if let area = chartArea {
      let (box, chart) = chartPane(s, decimals: decimals)
      let key = ChartPaneKey(area: area, box: box, chart: chart, stale: tapeStale)
      keys.chart = key
      if key != kept.chart {
        memo.redrewChart = true
        box.render(into: &grid, area: area)
        chart.render(into: &grid, area: box.inner(area))
        if tapeStale { grid.restyle(area) { $0.dim = true } }
      }
    }
    dashboardStatusLine(s).render(into: &grid, area: layout.status)

    // The ticket also under the help opened from it.
    if let ticket = s.ticket {
      TicketScreen.view(s, ticket).render(into: &grid, area: grid.bounds)
    }
    switch s.overlay {
    case .picker(let picker)?:
      let matches = picker.matches
      SymbolPicker(
        title: pickerTitle(s), filter: picker.filter, items: matches.map { pickerItem(s, $0) },
        selected: picker.selected,
        message: pickerMessage(s, matches: matches),
        ascii: s.ascii
      ).render(into: &grid, area: grid.bounds)
    case .help(let page, _)?:
      HelpOverlay(entries: helpLines(s), ascii: s.ascii, page: page)
        .render(into: &grid, area: grid.bounds)
    case .alertList?:
      HelpOverlay(
        title: "Alerts", entries: App.alertListEntries(s), footer: "x remove  Esc close", ascii: s.ascii
      ).render(into: &grid, area: grid.bounds)
    case .ticket?, .chartMenu?, .alertPrompt?, .quitQuestion?, nil: break
    }
    return keys
  }

  /// Paused, the frame on screen stays while its status line is drawn again (once a second), so
  /// the age of what is shown keeps counting: the last frame `memo` kept with a new status line,
  /// or nil when there is none to draw over (no frame, another size, an overlay over it).
  public static func renderStatusLine(_ s: AppState, reusing memo: inout RenderMemo) -> Grid? {
    guard let previous = memo.take() else { return nil }
    guard !previous.overlaid, s.screen == .dashboard, previous.grid.width == s.width,
      previous.grid.height == s.height,
      let layout = App.layout(s), layout == previous.layout
    else {
      memo.keep(previous.grid, layout: previous.layout, panes: previous.panes, overlaid: previous.overlaid)
      return nil
    }
    var grid = previous.grid
    dashboardStatusLine(s).render(into: &grid, area: layout.status)
    memo.keep(grid, layout: layout, panes: previous.panes, overlaid: false)
    return grid
  }

  /// The dashboard's status line: its hints (a replay's own), and the age of the book on screen
  /// (while paused, of the frame that stays, not of the data that arrives undrawn); an index,
  /// which has no book, by its last print's.
  static func dashboardStatusLine(_ s: AppState) -> StatusLine {
    let newest = s.market.instrument.kind == .index ? s.session.tapeDataAt : s.session.bookDataAt
    return statusLine(
      s,
      hints: s.dashboardHints.hints(replay: s.mode == .replay, split: s.split != nil, ascii: s.ascii),
      dataAgeMs: s.age(of: s.paused ? s.view.shownDataAt : newest))
  }

  /// What the book says when grouping leaves a side fewer bands than rows (25 levels at
  /// `grp 2.5` are 3 bands and 20 empty rows): how many, from how many levels, and the full
  /// book when the table is capped. Empty when ungrouped or the bands fill the rows.
  static func fewLevelsNote(_ s: AppState, rows: (asks: Int, bids: Int)) -> [String] {
    let ticks = s.groupingTicks
    guard ticks > 1, s.view.bookScroll == 0 else { return [] }
    let book = s.market.book
    let tick = s.market.displayTickSize
    let bids = book.grouped(.buy, ticks: ticks, tickSize: tick, limit: rows.bids).count
    let asks = book.grouped(.sell, ticks: ticks, tickSize: tick, limit: rows.asks).count
    guard bids > 0 || asks > 0, bids < rows.bids || asks < rows.asks else { return [] }
    let (short, levels) = bids < rows.bids ? (bids, book.count(.buy)) : (asks, book.count(.sell))
    let what = "\(short) bands from \(levels) levels"
    guard s.market.bookTable?.depthLimit != nil else { return [what, "\(short) bands"] }
    return [
      "\(what); --depth full has all", "\(what); --depth full", "\(short) bands; --depth full for all",
      "--depth full: all levels", "\(short) bands",
    ]
  }

  /// A picker row: the symbol, its last price and 24 h change, and a star for a favourite.
  static func pickerItem(_ s: AppState, _ symbol: String) -> SymbolPicker.Item {
    guard let id = Symbol(symbol), let row = s.session.markets.row(id) else {
      // Another venue's favourite (`kraken:BTC/USD`), or a symbol with no row yet.
      let starred = (try? PickerState.instrument(symbol, on: s.venue, venues: s.markets.venueOrder).get())
        .map(
          s.markets.favourites.contains)
      return SymbolPicker.Item(symbol, detail: starred == true ? (s.ascii ? "*" : "★") : "")
    }
    let i = row.instrument
    var words: [String] = []
    // Right-aligned in columns of their own (ASCII digits), so the rows read as a table.
    func right(_ text: String, _ width: Int) -> String {
      String(repeating: " ", count: max(0, width - text.count)) + text
    }
    if let last = i.lastPrice { words.append(right(NumberFormat.price(last, decimals: i.priceDecimals), 11)) }
    if let change = i.change24h { words.append(right(NumberFormat.percent(change), 7)) }
    if row.isIndex { words.append("index") }
    if s.markets.favourites.contains(row.id) { words.append(s.ascii ? "*" : "★") }
    return SymbolPicker.Item(symbol, detail: words.joined(separator: "  "))
  }

  /// The help overlay's lines: every key in force, then the legend of what is on screen.
  static func helpLines(_ s: AppState) -> [KeyHint] { s.keys.help + Legend.lines(ascii: s.ascii) }

  /// Whether the connection is silent: its heartbeat unanswered, the status line says STALE.
  static func isSilent(_ s: AppState) -> Bool {
    if case .silent = s.status?.state { return true }
    return false
  }

  /// The chart pane's footer: `usual`, or while the chooser is open, its keys (`1 line 1s  2 1m
  /// … 8 heatmap · Esc`), the chart shown marked.
  static func chartFooter(_ s: AppState, _ usual: String) -> String {
    guard case .chartMenu? = s.overlay else { return usual }
    // Below 110 columns the words are cut short (`c1h`, `heat`): a footer too long for its
    // box is not drawn at all, and at 80 columns the choices did not show.
    let short = s.width < 110
    let choices = ChartChoice.allCases.map { choice in
      let label = short ? choice.shortLabel : choice.label
      return "\(s.keys.short(.chooseChart(choice))) \(choice.isShown(in: s) ? "[\(label)]" : label)"
    }
    return "chart: " + choices.joined(separator: short ? " " : "  ") + (short ? " Esc" : "  Esc")
  }

  /// The chart pane's box and content for the chart mode.
  static func chartPane(_ s: AppState, decimals: Int) -> (Box, ChartContent) {
    let focused = paneFocus(s) == .chart
    let k = s.keys.short
    // Dimmed with the tape when it is not live, and saying how old.
    let stale = s.session.tapeIsLive && !isSilent(s) ? "" : staleNote(s.age(of: s.session.tapeDataAt))
    switch s.chartMode {
    // (The heatmap mode's pane is the heatmap's own: `heatmapSplit` takes the chart's area.)
    case .sparkline, .heatmap:
      let box = Box(
        title: "Price \(s.chartInterval.label)" + stale,
        footer: chartFooter(s, "\(k(.cycleChart)): next chart"),
        focused: focused,
        ascii: s.ascii)
      var sparkline = Sparkline(
        series: s.market.candles[s.chartInterval], priceDecimals: decimals, ascii: s.ascii)
      sparkline.intervalMs = s.chartInterval.milliseconds
      sparkline.utcOffsetMinutes = s.utcOffsetMinutes
      return (box, .sparkline(sparkline))
    case .candles:
      let series = s.market.candles[s.candleInterval]
      // The candle in progress completed from the finer widths when it can be.
      let (candles, newestComplete) = s.market.candles.completed(s.candleInterval)
      let back = s.candleCursorBack
      let active = focused || s.zoom == .chart
      var partial: Int64?
      if back < series.count, !series.isEmpty {
        let complete = back == 0 ? newestComplete : series.isComplete(series.candles[series.count - 1 - back])
        if !complete { partial = series.liveSinceMs }
      }
      let box = Box(
        title: "Candles \(s.candleInterval.label)" + (back > 0 ? scrolledNote(s, back: back) : "") + stale,
        footer: chartFooter(
          s,
          active
            ? "\(k(.scrollLeft))/\(k(.scrollRight)) time · \(k(.scrollHome)): now · \(k(.cycleChart)): next"
            : "\(k(.cycleChart)): next chart"),
        focused: focused, ascii: s.ascii)
      var chart = CandleChart(
        candles: candles, intervalMs: s.candleInterval.milliseconds, cursor: back,
        showCursor: active && back > 0, priceDecimals: decimals, lastPrice: s.market.tape.lastPrice,
        partialSinceMs: partial, utcOffsetMinutes: s.utcOffsetMinutes, ascii: s.ascii)
      chart.averages = s.chartAverages
      chart.volumeScale = s.market.tapeSizeScale
      chart.marks = chartMarks(s)
      chart.cvd = CandleDelta.cumulative(
        candles: candles, splitSinceMs: series.splitSinceMs, sizeScale: s.market.tapeSizeScale)
      return (box, .candles(chart))
    }
  }

  /// The user's own prices on this symbol: held positions' entries, price alerts' levels (armed,
  /// not spent), resting paper limit orders.
  static func chartMarks(_ s: AppState) -> [ChartMark] {
    let symbol = s.market.symbol
    var marks: [ChartMark] = []
    for p in s.portfolio.held where p.symbol == symbol && p.quantity != 0 {
      marks.append(ChartMark(price: p.entry, kind: .entry))
    }
    for armed in s.alerts.alerts where armed.rule.symbol == symbol && !armed.spent {
      switch armed.rule.kind {
      case .above(let level, _), .below(let level, _): marks.append(ChartMark(price: level, kind: .alert))
      default: break
      }
    }
    let venue = App.watchedVenue(s)
    for order in s.paper.ledger.open where order.symbol == symbol.description && order.venue == venue {
      if let price = order.price {
        marks.append(ChartMark(price: price, kind: .order(buy: order.side == .buy)))
      }
    }
    return marks
  }

  /// The tape's notional maths: the instrument's contract facts when they are all known (a
  /// venue market without them, or an instrument row still on its way, has no notional column).
  static func tapeNotional(_ s: AppState) -> TapeNotional? {
    guard let spec = try? ContractSpec.make(s.market.instrument).get(), !spec.quoteCurrency.isEmpty else {
      return nil
    }
    return TapeNotional(spec: spec, sizeScale: s.market.tapeSizeScale)
  }

  /// The tape's footer: one print per taker order or every trade, and the notional's currency.
  static func tapeFooter(_ s: AppState, notional: TapeNotional?) -> String {
    (s.tapeByOrder ? "by order" : "every trade") + (notional.map { " · notional \($0.currency)" } ?? "")
  }

  /// A book with no change for this long while the tape or the instrument moves is dimmed with
  /// its age (the feed resubscribes it only after `FeedConfig.staleTableAfter`).
  static let bookSilentAfter = 5.0

  /// The status line's hints, with the keys in force; in the split view (`split`), its own keys
  /// after the zooms; else the key that opens it (the first hint to go on a narrow screen).
  static func hints(_ keys: KeyBindings, split: Bool = false) -> [KeyHint] {
    let group = keys.label(.groupCoarser) + "/" + keys.label(.groupFiner)
    let zooms = [
      keys.hint(.zoom(.book), "Book"), keys.hint(.zoom(.trades), "Trades"), keys.hint(.zoom(.chart), "Chart"),
    ]
    let splitHints = split ? [keys.hint(.swapSplit, "swap books"), keys.hint(.toggleSplit, "one book")] : []
    return
      (zooms + splitHints + [
        keys.hint(.focusNext, "focus"), KeyHint(group, "group"), keys.hint(.openPicker, "symbol"),
        keys.hint(.toggleMarkets, "markets"), keys.hint(.togglePause, "pause"),
        keys.hint(.reconnect, "reconnect"),
        keys.hint(.addAlert, "alert"), split ? nil : keys.hint(.toggleSplit, "two books"),
        keys.hint(.help, "help"), keys.hint(.quit, "quit"),
      ]).compactMap { $0 }
  }

  /// A replay's hints: its controls, with the keys in force.
  static func replayHints(_ keys: KeyBindings, ascii: Bool = false) -> [KeyHint] {
    let pair = { (a: Command, b: Command) in keys.label(a) + "/" + keys.label(b) }
    let pm = ascii ? "+/-" : "±"
    return [
      keys.hint(.replay(.togglePause), "pause"),
      KeyHint(pair(.replay(.seek(seconds: -10)), .replay(.seek(seconds: 10))), pm + "10s"),
      KeyHint(pair(.replay(.seek(seconds: -60)), .replay(.seek(seconds: 60))), pm + "1m"),
      KeyHint(pair(.replay(.faster(false)), .replay(.faster(true))), "speed"),
      keys.hint(.replay(.restart), "restart"), keys.hint(.help, "help"), keys.hint(.quit, "quit"),
    ].compactMap { $0 }
  }

  /// The mode markers: DEMO or REPLAY, PAUSED (drawing), REC or RECORDING STOPPED.
  static func markers(_ s: AppState) -> [String] {
    var markers: [String] = []
    if !s.mode.label.isEmpty { markers.append(s.mode.label) }
    if s.paused { markers.append("PAUSED") }
    if s.recording { markers.append(s.recordingFailure == nil ? "REC" : "RECORDING STOPPED") }
    return markers
  }

  /// The status line every screen shows, with that screen's `hints`: the badge, the markers, the
  /// traffic, the notice (why a key did nothing), an alert's banner, a replay's position.
  static func statusLine(_ s: AppState, hints: [KeyHint], dataAgeMs: Int64? = nil) -> StatusLine {
    let replaying = s.mode == .replay
    return StatusLine(
      // In a replay the badge says REPLAY already.
      connection: badge(s), markers: replaying ? markers(s).filter { $0 != s.mode.label } : markers(s),
      messagesPerSecond: replaying ? nil : s.status?.messagesPerSecond,
      dataAgeMs: dataAgeMs, pingMs: s.status?.pingRoundTrip.map { Int64($0 * 1000) },
      reconnects: s.status?.reconnects ?? 0, resyncs: s.session.resyncs,
      skipped: s.session.decodeErrors + s.session.skippedRows,
      notice: StatusNote.text(s), hints: hints, ascii: s.ascii, banner: App.statusBanner(s),
      replay: replaying
        ? s.session.replay.map { ReplayStatus($0, utcOffsetMinutes: s.utcOffsetMinutes, ascii: s.ascii) }
        : nil)
  }

  /// A short description: `XBT/USD perpetual`, `SOL/USDT future`.
  /// A venue market's volume unit: `cts` where the venue counts its size in contracts (OKX's
  /// swaps, Bybit's inverse), else the base asset the sizes are in (`BTC`: a spot pair, Bybit's
  /// and Binance's linear perpetuals); nothing while its facts have not come.
  static func venueVolumeUnit(_ s: AppState) -> String {
    guard let spec = s.market.instrumentSpec else { return "" }
    if case .base = spec.contract { return spec.base.description }
    return "cts"
  }

  /// The words for a market whose data the venue sends under another instrument's name
  /// (Coinbase's `-USDC` products: their `-USD` product's book, tape and ticker), else nil.
  static func dataNote(_ s: AppState) -> String? {
    let venue = s.venue
    guard let data = s.venues[venue]?.dataAlias?.dataSymbol(for: s.market.symbol) else { return nil }
    return "\(s.market.symbol) data is \(s.displayName(venue))'s \(data) book, tape and ticker"
  }

  static func instrumentName(_ i: Instrument) -> String {
    guard let base = i.underlying, let quote = i.quoteCurrency else { return "" }
    // The model's kind (`MarketKind`), not the venue's type codes spelt again here.
    let kind =
      switch i.kind {
      case .perpetual: " perpetual"
      case .future: " future"
      case .spot: " spot"
      case .index, .other: ""
      }
    return "\(base)/\(quote)\(kind)"
  }

  /// The connection's state as the status line's badge, with the countdown to the next try. A
  /// feed that says LIVE while a table of the watched symbol still waits for its partial (or the
  /// book faulted and waits for its resync) is not shown as LIVE.
  static func badge(_ s: AppState) -> ConnectionBadge {
    guard let status = s.status else { return ConnectionBadge(.connecting) }
    var state = status.state
    // A recording holds the tables it holds: a replay is live once its book is (a table the file
    // lacks says "no data yet" on its own pane, not SYNCING for ever).
    // The instrument and liquidations are auxiliary: their panes say on their own when they
    // are missing or still on their way.
    let live = s.mode == .replay ? s.market.bookSync == .live : s.market.requiredTablesLive
    if case .live = state, !live {
      let book = s.market.bookTable.map { Subscription(.book, s.market.symbol, depth: $0.depthLimit) }
      state = s.market.bookSync == .faulted ? .resyncing(book.map { [$0] } ?? []) : .syncing
    }
    return ConnectionBadge(state, now: s.now, replay: s.mode == .replay)
  }

  /// What a scrolled pane's title adds, so a view away from the newest data never looks live:
  /// `scrolled — Home: live` (how far back, for the candles), with the key in force.
  static func scrolledNote(_ s: AppState, back: Int? = nil) -> String {
    "  scrolled" + (back.map { " \($0) back" } ?? "") + " — \(s.keys.short(.scrollHome)): live"
  }

  /// What a dimmed pane's title adds: how old its data is, or that it has none yet.
  static func staleNote(_ ageMs: Int64?) -> String {
    guard let ageMs else { return "  no data yet" }
    return "  \(NumberFormat.age(ms: ageMs)) old"
  }

  /// The picker's title: `Symbol`, and where the run can open another venue, whose a bare symbol
  /// is and how to name another's (`bitmex:ETHUSD` from Kraken); `Second book` when it chooses
  /// the split view's (whose feed `--record` does not hold to the venue on screen).
  static func pickerTitle(_ s: AppState) -> String {
    let secondBook = s.picker?.secondBook == true
    let name = secondBook ? "Second book" : "Symbol"
    guard secondBook || s.venueSwitchRefusal == nil, s.followableVenues.contains(where: { $0 != s.venue })
    else {
      return name
    }
    return "\(name) on \(s.displayName(s.venue)) (VENUE:SYMBOL: another venue)"
  }

  /// What the symbol picker says under its list: loading, why loading failed, or no match.
  static func pickerMessage(_ s: AppState, matches: [String]) -> String? {
    s.picker?.message(
      symbols: s.symbols, failure: s.symbolsFailure, matches: matches, unlisted: s.session.bookPolicy != nil)
  }
}
