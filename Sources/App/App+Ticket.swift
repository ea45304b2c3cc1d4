import MarketModel
import Screen
import Session
import Trading

/// The order ticket's keys, its paper orders, and the journal's answers.
extension App {
  /// How long BUY or SELL flashes after it changes.
  static let ticketFlashMs: Int64 = 300

  /// Opens the ticket (units focused, empty).
  static func openTicket(_ state: inout AppState) {
    var ticket = TicketState()
    ticket.lastBid = state.market.book.bestBid
    ticket.lastAsk = state.market.book.bestAsk
    state.overlay = .ticket(ticket)
  }

  /// A key while the ticket is open: none reaches the dashboard.
  static func handleTicket(_ key: Key, _ state: inout AppState) -> [Effect] {
    guard var t = state.ticket else { return [] }
    t.refusal = nil
    var effects: [Effect] = []
    switch key {
    case .escape:
      state.overlay = nil
      return []
    case .interrupt:
      state.overlay = nil
      state.quitting = true
      return [.quit]
    case _ where state.keys.command(for: key) == .help:
      // The help over the ticket, which is back when the help closes.
      state.overlay = .help(page: 0, ticket: t)
      return []
    default:
      switch state.keys.command(for: key, in: .ticket) ?? state.keys.command(for: key) {
      case .ticketField(let forward)?:
        // Both size fields keep what they showed, so typing goes on from the computed value.
        let quote = TicketQuote(state, t)
        t.unitsText = quote.unitsText
        t.amountText = quote.amountText
        let fields = t.fields
        let i = fields.firstIndex(of: t.focus) ?? 0
        t.focus = fields[(i + (forward ? 1 : fields.count - 1)) % fields.count]
      case .ticketBuy?: t.side = .buy
      case .ticketSell?: t.side = .sell
      case .ticketFlipSide?: t.side = t.side == .buy ? .sell : .buy
      case .ticketType?:
        t.type = t.type == .market ? .limit : .market
        if t.type == .limit && t.priceText.isEmpty {
          // A limit starts at the near touch: the best bid for a buy, the best ask for a sell.
          let near = t.side == .buy ? state.market.book.bestBid : state.market.book.bestAsk
          if let near, let spec = try? contractSpec(state).get() {
            t.priceText = SizeCheck.fieldText(near.price, decimals: spec.priceDecimals)
          }
        }
        if t.type == .market && t.focus == .price { t.focus = .units }
      case .scrollUp?: t.selected = max(0, t.selected - 1)
      case .scrollDown?: t.selected = min(max(0, state.paper.ledger.open.count - 1), t.selected + 1)
      case .ticketCancelOrder?:
        effects = cancelSelected(&t, &state)
      case .ticketConfirm?:
        effects = confirm(&t, &state)
      default:
        effects = typed(key, &t, &state)
      }
    }
    state.overlay = .ticket(t)
    return effects
  }

  /// A key the ticket's keymap does not take: typing into the focused field.
  private static func typed(_ key: Key, _ t: inout TicketState, _ state: inout AppState) -> [Effect] {
    switch key {
    case .backspace:
      edit(&t) { text in
        if !text.isEmpty { text.removeLast() }
      }
    case .character(let c) where c.isNumber || c == ".":
      let spec = try? contractSpec(state).get()
      let decimals: Int =
        switch t.focus {
        case .units: spec?.unitDecimals ?? 0
        case .amount: spec.map(TicketQuote.amountDecimals) ?? 2
        case .price: spec?.priceDecimals ?? 8
        }
      let current = text(of: t, t.focus)
      if let refusal = SizeCheck.refusal(appending: c, to: current, decimals: decimals) {
        t.refusal = refusal
      } else {
        edit(&t) { $0.append(c) }
      }
    case .character(let c) where c.isLetter || c.isPunctuation || c.isSymbol:
      t.refusal = "digits and one decimal point only"
    default:
      break
    }
    return []
  }

  private static func text(of t: TicketState, _ field: TicketState.Field) -> String {
    switch field {
    case .units: t.unitsText
    case .amount: t.amountText
    case .price: t.priceText
    }
  }

  /// Changes the focused field's text; a size field typed into becomes the source the other
  /// follows (starting from what it showed, so typing goes on from the computed value).
  private static func edit(_ t: inout TicketState, _ change: (inout String) -> Void) {
    switch t.focus {
    case .units:
      change(&t.unitsText)
      t.source = .units
    case .amount:
      change(&t.amountText)
      t.source = .amount
    case .price:
      change(&t.priceText)
    }
  }

  /// Confirm: a paper order from what the ticket shows, sent to the journal (shown once it is
  /// written). A market order fills at once at the sweep; so does a limit priced through the
  /// book when the book in view fills it within the limit; any other limit rests.
  private static func confirm(_ t: inout TicketState, _ state: inout AppState) -> [Effect] {
    let quote = TicketQuote(state, t)
    if let blocked = quote.blocked {
      t.refusal = blocked
      return []
    }
    guard let spec = quote.spec, case .valid(let contracts) = quote.verdict else { return [] }
    let id = state.paper.nextID()
    let now = state.wallMs
    var order = PaperOrder(
      id: id, symbol: state.market.symbol.description, side: t.side, type: t.type, contracts: contracts,
      price: quote.limitPrice, placedMs: now, venue: spec.venue)
    var events: [PaperEvent] = []
    if quote.marketable, let sweep = quote.sweep, let price = sweep.averagePrice {
      events = [
        .placed(order),
        .filled(
          PaperFill(
            orderID: id, symbol: order.symbol, side: t.side, contracts: contracts, price: price,
            fee: sweep.fee,
            settlCurrency: spec.settlCurrency, timeMs: now, venue: spec.venue)),
      ]
    } else if quote.limitPrice != nil {
      order.queueAhead = quote.queueAhead ?? 0
      events = [.placed(order)]
    } else {
      return []
    }
    state.paper.pending.insert(id)
    t.result = "\(id) sent to the journal…"
    return [.writeJournal(events)]
  }

  /// `x`: cancels the selected open order.
  private static func cancelSelected(_ t: inout TicketState, _ state: inout AppState) -> [Effect] {
    let open = state.paper.ledger.open
    guard !open.isEmpty else {
      t.refusal = "no open order to cancel"
      return []
    }
    if let readOnly = state.paper.readOnly {
      t.refusal = readOnly
      return []
    }
    let order = open[min(t.selected, open.count - 1)]
    guard !state.paper.pending.contains(order.id) else { return [] }
    state.paper.pending.insert(order.id)
    return [.writeJournal([.cancelled(orderID: order.id, timeMs: state.wallMs)])]
  }

  /// The journal's answer.
  static func handle(_ news: PaperNews, _ state: inout AppState) -> [Effect] {
    state.dirty = true
    switch news {
    case .opened(let events, let warnings, let readOnly, let heldByAnother):
      for event in events { state.paper.ledger.apply(event) }
      state.paper.readOnly = readOnly
      state.paper.retakeAt = heldByAnother ? state.now + PaperState.retakeSeconds : nil
      var said: [String] = []
      if let first = warnings.first {
        said.append(warnings.count == 1 ? first : "\(first) (+\(warnings.count - 1) more)")
      }
      // A read-only journal is said on the ticket, where it matters, not on every start.
      if !said.isEmpty {
        state.notice = Notice(said.joined(separator: "; "), until: state.now + StatusNote.noticeSeconds * 2)
      }
    case .written(let events):
      for event in events {
        state.paper.ledger.apply(event)
        state.paper.pending.remove(event.orderID)
      }
      let text = describe(events, state)
      state.changeTicket { $0.result = text }
      state.notice = Notice("PAPER " + text, until: state.now + StatusNote.noticeSeconds)
    case .failed(let events, let reason):
      for event in events { state.paper.pending.remove(event.orderID) }
      let text = "not saved, so not placed: \(reason)"
      state.changeTicket { $0.result = text }
      state.notice = Notice(text, until: state.now + StatusNote.noticeSeconds)
    case .tookOver(let events, let warnings):
      // The other tradeterm wrote while this one was read-only: its journal replaces the start's.
      var ledger = PaperLedger()
      for event in events { ledger.apply(event) }
      state.paper.ledger = ledger
      state.paper.readOnly = nil
      state.paper.retakeAt = nil
      var said = "paper journal: the other tradeterm quit; this one is the writer now"
      if let first = warnings.first { said += " (\(first))" }
      state.notice = Notice(said, until: state.now + StatusNote.noticeSeconds * 2)
    case .retakeFailed(let reason):
      state.paper.retakeAt = nil
      state.paper.readOnly = reason
      state.notice = Notice("paper journal: \(reason)", until: state.now + StatusNote.noticeSeconds)
    }
    return []
  }

  /// The tick's part: a read-only run tries the journal's lock again every
  /// `PaperState.retakeSeconds` while another tradeterm holds it.
  static func retakeJournal(_ state: inout AppState) -> [Effect] {
    guard let at = state.paper.retakeAt, state.now >= at else { return [] }
    state.paper.retakeAt = state.now + PaperState.retakeSeconds
    return [.retakeJournal]
  }

  /// A few words on what just happened to the paper orders.
  static func describe(_ events: [PaperEvent], _ state: AppState) -> String {
    let decimals = state.market.priceDecimals
    let spec = try? contractSpec(state).get()
    func size(_ contracts: Double) -> String {
      guard let spec else { return NumberFormat.fixed(contracts, decimals: 0) }
      return NumberFormat.fixed(spec.units(contracts: contracts), decimals: spec.unitDecimals)
    }
    let filled = events.compactMap { e -> PaperFill? in
      if case .filled(let f) = e { return f }
      return nil
    }
    if let f = filled.last {
      return
        "\(f.orderID) \(f.side) \(size(f.contracts)) filled @ \(NumberFormat.price(f.price, decimals: decimals))"
    }
    for event in events {
      switch event {
      case .placed(let o):
        return
          "\(o.id) \(o.side) \(size(o.contracts)) resting @ \(NumberFormat.price(o.price, decimals: decimals))"
      case .cancelled(let id, _): return "\(id) cancelled"
      case .filled: break
      }
    }
    return ""
  }

  /// After the feed moved: BUY/SELL flashes, and the tape's new trades fill resting limits.
  static func ticketAfterFeed(_ state: inout AppState, liveTrades: Int) -> [Effect] {
    let bid = state.market.book.bestBid
    let ask = state.market.book.bestAsk
    let flashUntil = state.wallMs + ticketFlashMs
    state.changeTicket { t in
      if bid != t.lastBid {
        t.lastBid = bid
        t.bidFlashUntil = flashUntil
      }
      if ask != t.lastAsk {
        t.lastAsk = ask
        t.askFlashUntil = flashUntil
      }
    }
    guard liveTrades > 0, state.paper.readOnly == nil else { return [] }
    // The watched instrument's orders only: another venue's order of the same symbol text is not
    // filled by this tape.
    let instrument = watchedInstrument(state)
    let symbol = instrument.symbol.description
    guard
      state.paper.ledger.open.contains(where: {
        $0.symbol == symbol && $0.venue == instrument.venue && $0.type == .limit
      })
    else {
      return []
    }
    let tape = state.market.tape
    let n = min(liveTrades, tape.count)
    let trades = (0..<n).reversed().map { tape[$0] }
    let settl = (try? contractSpec(state).get())?.settlCurrency ?? state.market.instrument.settlCurrency ?? ""
    let fills = state.paper.ledger.matches(
      trades, instrument: instrument, sizeScale: state.market.tapeSizeScale, settlCurrency: settl,
      excluding: state.paper.pending)
    guard !fills.isEmpty else { return [] }
    for fill in fills { state.paper.pending.insert(fill.orderID) }
    return [.writeJournal(fills.map(PaperEvent.filled))]
  }
}
