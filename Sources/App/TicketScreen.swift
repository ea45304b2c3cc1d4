import MarketModel
import Screen
import Trading

/// The ticket's lines, from the state: SELL and BUY, spread and age, side and type, the three
/// fields, the sweep, Confirm (dimmed with its reason), the paper orders.
enum TicketScreen {
  /// The touch line's columns (price and size of each side) and the fields' column.
  static let touchPriceWidth = 16
  static let touchSizeWidth = 12
  static let fieldWidth = 20

  static func view(_ s: AppState, _ t: TicketState) -> TicketView {
    let q = TicketQuote(s, t)
    let book = s.market.book
    let decimals = q.spec?.priceDecimals ?? s.market.priceDecimals
    let glyphs = Glyphs.forTerminal(ascii: s.ascii)
    var lines: [TicketView.Line] = []

    // SELL (best bid) and BUY (best ask), flashing on change; the spread; the prices' age.
    let stale = q.bookStale
    func touch(_ label: String, _ level: PriceLevel?, _ color: Style.Color, flash: Bool) -> [Span] {
      let style = Style(color, bold: true, dim: stale, reverse: flash && !stale)
      // Each number in a column of its own width: both sides fit the ticket's line whole, and
      // a number too long for it shows in short form (`NumberFormat.fit`), never cut.
      let price = NumberFormat.fit(
        NumberFormat.price(level?.price, decimals: decimals), width: touchPriceWidth, value: level?.price)
      let size = NumberFormat.fit(
        level.map { NumberFormat.size($0.size, scale: s.market.book.sizeScale) } ?? NumberFormat.unknown,
        width: touchSizeWidth,
        value: level.map { Double($0.size) })
      return [
        Span(label + " ", Style(color, dim: stale)), Span(" \(price) ", style),
        Span(" \(glyphs.times) " + size, Style(.muted, dim: stale)),
      ]
    }
    let sellFlash = s.wallMs < t.bidFlashUntil
    let buyFlash = s.wallMs < t.askFlashUntil
    lines.append(
      .spans(
        touch("SELL", book.bestBid, .sell, flash: sellFlash) + [Span("    ")]
          + touch("BUY", book.bestAsk, .buy, flash: buyFlash)))
    var second: [Span] = []
    if let spread = book.spread, let mid = book.mid {
      second.append(
        Span(
          "spread \(NumberFormat.price(spread, decimals: decimals)) (\(NumberFormat.basisPoints(spread, mid: mid)) bps)",
          Style(.muted, dim: stale)))
    } else {
      second.append(Span("no spread: a side of the book is empty", Style(.warning)))
    }
    let age = q.bookAgeMs.map { NumberFormat.age(ms: $0) } ?? "no data yet"
    second.append(
      stale
        ? Span("   NOT LIVE: prices \(age) old", Style(.warning, bold: true))
        : Span("   live, \(age) old", Style(.live)))
    lines.append(.spans(second))
    lines.append(.rule)

    let title = "Ticket \(App.watchedInstrument(s))"
    guard let spec = q.spec else {
      // The reason on a line of its own: a venue's (waiting for its facts) is long.
      lines.append(.spans([Span("Cannot trade \(s.market.symbol) here:", Style(.warning))]))
      lines.append(.spans([Span("  \(q.specError ?? "")", Style(.warning))]))
      return TicketView(title: title, badge: "PAPER", lines: lines, footer: "Esc close", ascii: s.ascii)
    }
    if let note = App.demoFactsNote(s) { lines.append(.spans([Span(note, Style(.warning))])) }

    // Side and type.
    func choice(_ text: String, _ on: Bool, _ color: Style.Color = .accent) -> Span {
      Span(on ? "[\(text)]" : " \(text) ", on ? Style(color, bold: true) : Style(.muted))
    }
    lines.append(
      .spans([
        Span("Side  "), choice("Buy", t.side == .buy, .buy), choice("Sell", t.side == .sell, .sell),
        Span("      Type  "), choice("Market", t.type == .market), choice("Limit", t.type == .limit),
      ]))

    // The fields: the focused one has the cursor; the computed one is muted.
    func field(_ label: String, _ f: TicketState.Field, _ text: String, _ note: String) -> [Span] {
      let focused = t.focus == f
      let computed = (f == .units || f == .amount) && t.source != f
      let pointer = focused ? "\(glyphs.pointer) " : "  "
      var shown = text.isEmpty && !focused ? NumberFormat.unknown : text
      // A computed number longer than its column: the short form (what is typed stays as typed).
      if computed, !focused { shown = NumberFormat.fit(shown, width: fieldWidth, value: Double(text)) }
      if focused { shown += String(glyphs.cursor) }
      return [
        Span(pointer, Style(.accent, bold: true)), Span(label.padRight(8), Style(bold: focused)),
        Span(shown.padRight(fieldWidth), Style(computed ? .muted : .normal, bold: focused)),
        Span(note, Style(.muted)),
      ]
    }
    let lot = SizeCheck.format(spec.lotUnits, decimals: spec.unitDecimals)
    var unitsNote = "\(spec.unitName)"
    // A venue's contract says what one is (OKX `0.01 BTC`); its smallest order, when it has one.
    if let value = spec.contractValue { unitsNote += " of \(value)" }
    unitsNote += ", lot \(lot)"
    if let min = spec.minOrderUnits {
      unitsNote += ", min \(SizeCheck.fieldText(min, decimals: max(spec.unitDecimals, 8)))"
    }
    lines.append(.spans(field("Units", .units, q.unitsText, unitsNote)))
    var amountNote = spec.quoteCurrency
    // The settlement currency's value beside the amount, when it is another currency (XBT for
    // an inverse or quanto contract settled in Bitcoin; a USDT-settled contract's amount already is it).
    if spec.settleName != spec.quoteCurrency, let price = q.referencePrice, let units = Double(q.unitsText),
      let value = spec.settlementValue(contracts: spec.contracts(units: units), price: price)
    {
      amountNote +=
        "  = \(NumberFormat.fixed(spec.wholeSettlement(value), decimals: spec.settlePerWhole >= 1e8 ? 8 : 4)) \(spec.settleName)"
    }
    lines.append(.spans(field("Amount", .amount, q.amountText, amountNote)))
    if t.type == .limit {
      var note = "tick \(SizeCheck.fieldText(spec.tickSize, decimals: spec.priceDecimals))"
      if let limit = q.limitPrice, let typed = Double(t.priceText), typed != limit {
        note += ", snaps to \(NumberFormat.price(limit, decimals: decimals))"
      }
      lines.append(.spans(field("Price", .price, t.priceText, note)))
    } else {
      let side = t.side == .buy ? "BUY" : "SELL"
      lines.append(
        .spans([
          Span("  "), Span("Price".padRight(8)), Span("market: walks the book from \(side)", Style(.muted)),
        ]))
    }
    if let refusal = t.refusal {
      lines.append(.spans([Span("  \(refusal)", Style(.warning))]))
    }
    lines.append(.rule)

    // The sweep.
    lines.append(contentsOf: sweepLines(s, t, q, spec))
    lines.append(.rule)

    // Confirm.
    if let blocked = q.blocked {
      lines.append(
        .spans([Span("[ Confirm ]", Style(.muted, dim: true)), Span("  \(blocked)", Style(.warning))]))
    } else {
      let what = t.side == .buy ? "BUY" : "SELL"
      lines.append(
        .spans([
          Span("[ Confirm ]", Style(t.side == .buy ? .buy : .sell, bold: true, reverse: true)),
          Span(
            "  \(s.keys.label(.ticketConfirm)): paper \(what) \(q.unitsText) \(spec.unitName) \(t.type.rawValue.lowercased())"
          ),
        ]))
    }
    if let result = t.result { lines.append(.spans([Span(result, Style(.accent))])) }
    lines.append(.rule)
    lines.append(contentsOf: orderLines(s, t, spec))

    return TicketView(
      title: title, badge: "PAPER", lines: lines,
      footer: footer(s.keys), ascii: s.ascii)
  }

  /// The ticket's footer: its keys as bound now.
  static func footer(_ k: KeyBindings) -> String {
    "Esc close  \(k.label(.ticketField(forward: true))) field  "
      + "\(k.label(.ticketBuy))/\(k.label(.ticketSell)) side  \(k.label(.ticketType)) type  "
      + "\(k.label(.ticketConfirm)) confirm  \(k.label(.ticketCancelOrder)) cancel"
  }

  static func sweepLines(
    _ s: AppState, _ t: TicketState, _ q: TicketQuote, _ spec: ContractSpec
  )
    -> [TicketView.Line]
  {
    let decimals = spec.priceDecimals
    if let limit = q.limitPrice, let ahead = q.queueAhead, case .valid = q.verdict {
      var contracts: Double?
      if case .valid(let c) = q.verdict { contracts = c }
      return restingLines(s, t, limit: limit, ahead: ahead, contracts: contracts, spec: spec)
    }
    guard let sweep = q.sweep else {
      return [.spans([Span("Sweep: enter a valid size to see what it costs", Style(.muted))])]
    }
    let against = t.side == .buy ? "asks" : "bids"
    var lines: [TicketView.Line] = []
    lines.append(
      .spans([
        Span("Sweep", Style(bold: true)),
        Span(
          ": a market order now takes the \(against) (\(sweep.levelsInView) levels in view)", Style(.muted)),
      ]))
    guard let average = sweep.averagePrice else {
      lines.append(.spans([Span("nothing to take: that side of the book is empty", Style(.warning))]))
      return lines
    }
    let settleDecimals = spec.settlePerWhole >= 1e8 ? 8 : 4
    let quoteDecimals = TicketQuote.amountDecimals(spec)
    lines.append(
      .spans([
        Span("avg "), Span(NumberFormat.price(average, decimals: decimals + 2), Style(bold: true)),
        Span("  worst \(NumberFormat.price(sweep.worstPrice, decimals: decimals))"),
        Span("  levels \(sweep.levels)"),
      ]))
    let slip = sweep.slippageBps.map { NumberFormat.fixed($0, decimals: 2) + " bps" } ?? NumberFormat.unknown
    let fee =
      sweep.feeQuote(spec).map { NumberFormat.fixed($0, decimals: quoteDecimals) } ?? NumberFormat.unknown
    let takerPercent = spec.takerFee.map { NumberFormat.fixed($0 * 100, decimals: 4) + " %" } ?? "unknown"
    lines.append(
      .spans([
        Span("slippage \(slip) vs mid"),
        // A venue's instrument facts give no fee: say it is not counted rather than show 0.
        Span(
          spec.takerFee == nil
            ? "   taker fee not known: not counted"
            : "   taker fee \(fee) \(spec.quoteCurrency) (\(takerPercent))", Style(.muted)),
      ]))
    let totalQuote =
      sweep.totalQuote(spec).map { NumberFormat.fixed($0, decimals: quoteDecimals) } ?? NumberFormat.unknown
    let totalSettle = NumberFormat.fixed(
      spec.wholeSettlement(sweep.totalSettlement), decimals: settleDecimals)
    lines.append(
      .spans([
        Span(t.side == .buy ? "total cost " : "total received "),
        Span("\(totalQuote) \(spec.quoteCurrency)", Style(bold: true)),
        Span(
          spec.settleName == spec.quoteCurrency ? "" : "  = \(totalSettle) \(spec.settleName)", Style(.muted)),
      ]))
    if let shortfall = sweep.shortfall(depthLimit: s.market.bookTable?.depthLimit ?? s.market.bookDepth) {
      lines.append(.spans([Span(shortfall, Style(.warning, bold: true))]))
    }
    return lines
  }

  /// A limit that does not cross: what it is, not a taker sweep (issue 29: a resting limit showed
  /// the sweep and the taker fee): resting at its price, the queue ahead of it, the maker's fee.
  static func restingLines(
    _ s: AppState, _ t: TicketState, limit: Double, ahead: Double, contracts: Double?, spec: ContractSpec
  ) -> [TicketView.Line] {
    let decimals = spec.priceDecimals
    let touch = t.side == .buy ? s.market.book.bestAsk : s.market.book.bestBid
    let against = t.side == .buy ? "best ask" : "best bid"
    let touchText = touch.map { " (\(against) \(NumberFormat.price($0.price, decimals: decimals)))" } ?? ""
    return [
      .spans([
        Span("Resting", Style(bold: true)),
        Span(
          ": a \(t.side == .buy ? "buy" : "sell") limit at \(NumberFormat.price(limit, decimals: decimals))"
            + " waits in the book\(touchText)", Style(.muted)),
      ]),
      .spans([
        Span("queue ahead "),
        Span(
          NumberFormat.fixed(spec.units(contracts: min(ahead, 1e15)), decimals: spec.unitDecimals),
          Style(bold: true)),
        Span(" \(spec.unitName) at that price", Style(.muted)),
        Span("   fills when a trade goes through it, or after them", Style(.muted)),
      ]),
      .spans([Span(makerFeeWords(limit: limit, contracts: contracts, spec: spec), Style(.muted))]),
    ]
  }

  /// The venue's maker fee on a resting order filled whole at `limit`, in the quote currency
  /// (`maker fee -0.0250 % (a rebate): -0.31 USD at its fill; paper charges none`), or that the
  /// venue's facts do not give it. Paper fills charge no fee either way (`PaperLedger`).
  static func makerFeeWords(limit: Double, contracts: Double?, spec: ContractSpec) -> String {
    guard let rate = spec.makerFee, rate.isFinite else {
      return "maker fee not known for this venue: not counted (paper charges none)"
    }
    let percent = NumberFormat.fixed(rate * 100, decimals: 4) + " %"
    let rebate = rate < 0 ? " (a rebate)" : ""
    guard let contracts, let notional = spec.quoteNotional(contracts: contracts, price: limit),
      notional.isFinite
    else {
      return "maker fee \(percent)\(rebate) at its fill; paper charges none"
    }
    let fee = NumberFormat.fixed(abs(notional) * rate, decimals: TicketQuote.amountDecimals(spec))
    return "maker fee \(percent)\(rebate): \(fee) \(spec.quoteCurrency) at its fill; paper charges none"
  }

  /// Open orders (the selected one marked) and the latest fills.
  static func orderLines(_ s: AppState, _ t: TicketState, _ spec: ContractSpec) -> [TicketView.Line] {
    let ledger = s.paper.ledger
    let open = ledger.open
    let glyphs = Glyphs.forTerminal(ascii: s.ascii)
    var lines: [TicketView.Line] = [
      .spans([
        Span("Orders", Style(bold: true)),
        Span("  \(open.count) open · \(ledger.fills.count) fills", Style(.muted)),
        // A read-only run does not follow the writer's journal: its list is as read at start.
        Span(s.paper.readOnly == nil ? "" : "  read-only: as read at start", Style(.warning)),
      ])
    ]
    let decimals = s.market.priceDecimals
    let watched = App.watchedInstrument(s)
    func here(_ symbol: String, _ venue: InstrumentID.Venue) -> Bool {
      symbol == watched.symbol.description && venue == watched.venue
    }
    func name(_ symbol: String, _ venue: InstrumentID.Venue) -> String {
      venue == .bitmex ? symbol : "\(venue.name):\(symbol)"
    }
    func size(_ symbol: String, _ venue: InstrumentID.Venue, _ contracts: Double) -> String {
      // Sizes of the watched instrument in its units; others in their venue's own size unit:
      // BitMEX's contracts (`ct`), another venue's unnamed (its facts are not known here).
      here(symbol, venue)
        ? NumberFormat.fixed(spec.units(contracts: contracts), decimals: spec.unitDecimals)
        : SizeCheck.fieldText(contracts, decimals: 8) + (venue == .bitmex ? " ct" : "")
    }
    for (i, o) in open.enumerated().suffix(4) {
      let selected = i == min(t.selected, open.count - 1)
      let pending = s.paper.pending.contains(o.id) ? "  …" : ""
      lines.append(
        .spans([
          Span(selected ? "\(glyphs.pointer) " : "  ", Style(.accent, bold: true)),
          Span(
            "\(o.id) \(name(o.symbol, o.venue)) \(o.side) \(size(o.symbol, o.venue, o.contracts)) limit ",
            Style(bold: selected)),
          Span(
            here(o.symbol, o.venue)
              ? NumberFormat.price(o.price, decimals: decimals)
              : SizeCheck.fieldText(o.price ?? 0, decimals: 8),
            Style(o.side == .buy ? .buy : .sell)),
          Span("  open, \(size(o.symbol, o.venue, o.queueAhead)) ahead\(pending)", Style(.muted)),
        ]))
    }
    for f in ledger.fills.suffix(3).reversed() {
      lines.append(
        .spans([
          Span(
            "  \(f.orderID) \(name(f.symbol, f.venue)) \(f.side) \(size(f.symbol, f.venue, f.contracts)) filled @ "
          ),
          Span(
            here(f.symbol, f.venue)
              ? NumberFormat.price(f.price, decimals: decimals + 2)
              : SizeCheck.fieldText(f.price, decimals: 8),
            Style(f.side == .buy ? .buy : .sell)),
          Span(
            "  "
              + NumberFormat.timeOfDay(
                ms: f.timeMs, utcOffsetMinutes: s.utcOffsetMinutes, milliseconds: false),
            Style(.muted)),
        ]))
    }
    if open.isEmpty && ledger.fills.isEmpty {
      lines.append(.spans([Span("  none yet: nothing here is sent to an exchange", Style(.muted))]))
    }
    return lines
  }
}

extension String {
  /// The string padded with spaces to `width` columns (never cut).
  fileprivate func padRight(_ width: Int) -> String {
    let n = width - Span(self).width
    return n > 0 ? self + String(repeating: " ", count: n) : self
  }
}
