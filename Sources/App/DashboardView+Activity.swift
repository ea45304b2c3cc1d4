import MarketModel
import Screen

extension DashboardView {
  /// The trades pane's area and the Activity pane's under it (`w`): the lower half of the
  /// trades column when the pane is on and the column is tall enough, else none.
  static func activitySplit(_ s: AppState, _ trades: Rect?) -> (trades: Rect?, activity: Rect?) {
    guard s.activityVisible, let trades, trades.height >= 10 else { return (trades, nil) }
    let (top, bottom) = trades.splitBottom(trades.height / 2)
    return (top, bottom)
  }

  /// The walls resting now, for the book's marks.
  static func activityWalls(_ s: AppState) -> Set<Double> {
    guard s.session.bookIsLive else { return [] }
    return s.view.walls.restingPrices
  }

  /// The Activity pane: liquidations and the wall watch's events, newest first; its title
  /// counts the last minute's liquidations per side, its footer gives the wall threshold. Drawn
  /// only when its key differs from `kept` (what `grid` shows there already); returns its key.
  static func renderActivity(
    _ s: AppState, into grid: inout Grid, area: Rect, kept: ActivityPaneKey? = nil,
    memo: inout RenderMemo
  ) -> ActivityPaneKey {
    let minute = s.marketNowMs - 60_000
    let sells = s.view.liquidations.tally(.sell, since: minute)
    let buys = s.view.liquidations.tally(.buy, since: minute)
    let sizeScale = liquidationSizeScale(s)
    func volume(_ t: LiquidationLog.Tally) -> String {
      guard t.count > 0 else { return "" }
      let usd = liquidationUSD(s, size: t.contracts, price: s.market.instrument.lastPrice)
      return " "
        + (usd.map { "$" + NumberFormat.compact($0) }
          ?? ActivityView.sizeText(t.contracts, scale: sizeScale))
    }
    let stale = !s.session.bookIsLive || isSilent(s)
    // Without the liquidation table the pane still shows the walls, and says why it has no
    // liquidations: in the title in place of their count, and in full on its first row. A
    // market whose venue sends none says so too, rather than an empty list that looks live.
    let absent = noLiquidations(s)
    let unavailable =
      absent.map { "no liquidations: \($0)" }
      ?? s.session.liquidationsUnavailable.map { "liquidations unavailable: \($0)" }
    let liquidationWords =
      unavailable == nil
      ? "liq 1m: \(sells.count) sell\(volume(sells)) · \(buys.count) buy\(volume(buys))"
      : absent == nil ? "liquidations unavailable" : "no liquidations"
    let title = "Activity  \(liquidationWords)" + (stale ? staleNote(s.age(of: s.session.bookDataAt)) : "")
    var footer = "walls"
    if let threshold = s.view.walls.threshold {
      footer += " ≥ " + NumberFormat.compactSize(threshold, scale: s.market.book.sizeScale)
      if s.view.walls.fixedThreshold == nil { footer += " auto" }
    }
    let box = Box(
      title: title, footer: footer + " · \(s.keys.short(.toggleActivity)): hide", focused: false,
      ascii: s.ascii)
    var newestWall: WallWatch.Event?
    s.view.walls.forEachEvent {
      newestWall = $0
      return false
    }
    var newestLiquidation: LiquidationLog.Event?
    s.view.liquidations.forEachEvent {
      newestLiquidation = $0
      return false
    }
    let fields = s.market.instrument.fields
    let key = ActivityPaneKey(
      area: area, box: box, stale: stale, unavailable: unavailable, decimals: s.market.priceDecimals,
      utcOffsetMinutes: s.utcOffsetMinutes,
      wallsRecorded: s.view.walls.recorded, newestWall: newestWall,
      liquidationsRecorded: s.view.liquidations.recorded,
      newestLiquidation: newestLiquidation, threshold: s.view.walls.threshold,
      notional: newestLiquidation == nil
        ? nil
        : .init(
          multiplier: fields.multiplier, isInverse: fields.isInverse, settlCurrency: fields.settlCurrency,
          usdPerXBT: App.rates(s).bitcoin?.usd, tape: s.venue == .bitmex ? nil : tapeNotional(s),
          sizeScale: sizeScale))
    guard key != kept else { return key }
    memo.redrewActivity = true
    box.render(into: &grid, area: area)
    var inner = box.inner(area)
    // The margin too: the grid may be the last frame's, where the tape was.
    grid.fill(inner)
    if let unavailable, inner.height > 2 {
      // At most two rows, cut at spaces: the reason is the server's and may be long.
      let lines = wrapped(unavailable, width: inner.width - 1, rows: min(2, inner.height - 1))
      for (row, line) in lines.enumerated() {
        grid.put(line, x: inner.x + 1, y: inner.y + row, style: Style(.warning), clip: inner)
      }
      inner = inner.splitBottom(inner.height - lines.count).1
    }
    let rows = inner.height
    var liquidations: [ActivityView.Item] = []
    s.view.liquidations.forEachEvent { e in
      liquidations.append(.liquidation(e, notionalUSD: liquidationUSD(s, size: e.size, price: e.price)))
      return liquidations.count < rows
    }
    var walls: [WallWatch.Event] = []
    s.view.walls.forEachEvent { e in
      walls.append(e)
      return walls.count < rows
    }
    let empty = s.view.walls.threshold == nil ? "learning the book's sizes…" : "no liquidation or wall yet"
    ActivityView(
      items: ActivityView.merged(walls: walls, liquidations: liquidations, limit: rows),
      priceDecimals: s.market.priceDecimals, utcOffsetMinutes: s.utcOffsetMinutes, empty: empty,
      sizeScale: sizeScale, wallSizeScale: s.market.book.sizeScale
    ).render(into: &grid, area: inner.splitRight(max(0, inner.width - 1)).1)
    if stale { grid.restyle(area) { $0.dim = true } }
    return key
  }

  /// `text` in at most `rows` lines of at most `width` characters, broken at spaces where it can
  /// (the last line is cut when the text is longer).
  static func wrapped(_ text: String, width: Int, rows: Int) -> [String] {
    guard width > 0, rows > 0 else { return [] }
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if line.isEmpty {
        line = String(word)
      } else if line.count + 1 + word.count <= width {
        line += " " + word
      } else {
        lines.append(line)
        line = String(word)
      }
    }
    if !line.isEmpty { lines.append(line) }
    if lines.count > rows {
      lines = Array(lines.prefix(rows - 1)) + [lines[(rows - 1)...].joined(separator: " ")]
    }
    return lines
  }

  /// The chart's area and the heatmap's beside it (`H`): the heatmap under the trades column,
  /// as wide as the trades pane would be, when it is on and the chart does not show the
  /// heatmap already.
  static func heatmapSplit(_ s: AppState, _ chart: Rect?) -> (chart: Rect?, heatmap: Rect?) {
    guard let chart else { return (nil, nil) }
    if s.chartMode == .heatmap { return (nil, chart) }
    guard s.heatmapBeside else { return (chart, nil) }
    let (left, right) = chart.splitRight(Layout.tradesWidth(screen: chart.width))
    return (left, right)
  }

  /// The liquidity heatmap pane over `area`, drawn only when its key differs from `kept`.
  static func renderHeatmap(
    _ s: AppState, into grid: inout Grid, area: Rect, kept: HeatmapPaneKey?, memo: inout RenderMemo
  ) -> HeatmapPaneKey {
    let decimals = s.market.priceDecimals
    let stale =
      !s.session.bookIsLive || isSilent(s) || s.session.bookIsSilent(now: s.now, limit: bookSilentAfter)
    let beside = s.chartMode != .heatmap
    let box = Box(
      // The age before the scale: a narrow pane cuts its title's end.
      title:
        "Liquidity heatmap" + (stale ? staleNote(s.age(of: s.session.bookDataAt)) : "")
        + "  1 col = 1s, 1 row = \(NumberFormat.price(s.view.heatmap.step, decimals: decimals))",
      footer: "\(s.keys.short(.groupCoarser))/\(s.keys.short(.groupFiner)): band · "
        + (beside
          ? "\(s.keys.short(.toggleHeatmap)): hide"
          : chartFooter(s, "\(s.keys.short(.cycleChart)): next chart")),
      focused: !beside && paneFocus(s) == .chart, ascii: s.ascii)
    let key = HeatmapPaneKey(
      area: area, box: box, stale: stale, decimals: decimals, color: s.color, ascii: s.ascii,
      generation: s.view.heatmap.generation, newestMoment: s.view.heatmap.newestMoment,
      count: s.view.heatmap.count,
      step: s.view.heatmap.step)
    guard key != kept else { return key }
    memo.redrewHeatmap = true
    box.render(into: &grid, area: area)
    HeatmapView(
      heatmap: s.view.heatmap, priceDecimals: decimals, color: s.color, ascii: s.ascii,
      showsCurrentMoment: false
    )
    .render(into: &grid, area: box.inner(area))
    if stale { grid.restyle(area) { $0.dim = true } }
    return key
  }

  /// Why the market on screen has no liquidations at all, or nil when its venue sends them, as
  /// its adapter declares (`VenueAbout.liquidations`): spot has no positions to liquidate,
  /// Kraken and Coinbase (spot here) publish none, and OKX's are subscribed for its swaps
  /// (`liquidation-orders` of `instType` SWAP). A venue with no facts here says nothing.
  static func noLiquidations(_ s: AppState) -> String? {
    guard let about = s.venues[s.venue] else { return nil }
    let symbol = s.market.symbol.description
    switch about.liquidations {
    case .everyMarket: return nil
    case .spotVenue: return "a spot market has none"
    case .unpublished: return "\(s.displayName(s.venue)) publishes none"
    case .symbolsEnding(let suffix):
      // OKX names a spot pair BASE-QUOTE, a swap BASE-QUOTE-SWAP, a future BASE-QUOTE-YYMMDD.
      if symbol.hasSuffix(suffix) { return nil }
      return about.spotPair(symbol) != nil
        ? "a spot market has none" : "subscribed for \(s.displayName(s.venue))'s swaps only"
    }
  }

  /// The decimals of the liquidations' size units: BitMEX's are whole contracts, another
  /// venue's at the tape's scale (`LiquidationLog.Event.size`).
  static func liquidationSizeScale(_ s: AppState) -> UInt8 {
    s.venue == .bitmex ? 0 : s.market.tapeSizeScale
  }

  /// The USD value of `size` of the market's liquidations at `price`: BitMEX's contracts through
  /// its instrument row; another venue's through the tape's contract maths (`TapeNotional`: its
  /// quote currency), then in USD at the app's rates (nil for a quote without one).
  static func liquidationUSD(_ s: AppState, size: Int64, price: Double?) -> Double? {
    guard s.venue != .bitmex else { return notionalUSD(s, size: size, price: price) }
    guard let price, let tape = tapeNotional(s), let quote = tape.value(size: size, price: price) else {
      return nil
    }
    return SettlementCurrency(tape.currency)?.usd(quote, rates: App.rates(s))
  }

  /// The USD value of `size` contracts of the watched instrument at `price`, when the
  /// instrument's facts allow.
  static func notionalUSD(_ s: AppState, size: Int64, price: Double?) -> Double? {
    let instrument = s.market.instrument
    return instrument.contractValue(Double(size), at: price).flatMap {
      instrument.settlementToUSD($0, rates: App.rates(s))
    }
  }
}
