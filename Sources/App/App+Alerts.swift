import MarketModel
import Screen
import Session

extension App {
  /// How many book levels a side a wall alert looks at.
  static let wallLevels = 25

  /// Runs the alert engine over what is fresh now: the watched symbol's live tables, and the
  /// markets list's rows for other symbols while that table is live. Returns an effect per alert
  /// that fired (and a save when a once-alert is spent).
  static func checkAlerts(_ state: inout AppState, liveTrades: Int) -> [Effect] {
    guard !state.alerts.alerts.isEmpty else { return [] }
    var fired: [FiredAlert] = []
    // The venue on screen's alerts only: another venue's wait for it (its symbols name other markets).
    for symbol in state.alerts.symbols(on: state.venue) {
      guard let observation = observation(of: symbol, state, liveTrades: liveTrades) else { continue }
      fired += state.alerts.observe(observation, nowMs: state.wallMs)
    }
    guard !fired.isEmpty else { return [] }
    state.banners += fired
    // The banner supersedes the note that armed it: it must not come back once acknowledged.
    if state.notice?.text.hasPrefix("alert armed") == true { state.notice = nil }
    state.dirty = true
    var effects = fired.map(Effect.alertFired)
    if fired.contains(where: { $0.rule.rearm == .once }) {
      effects.append(.saveAlerts(state.alerts.persistent))
    }
    return effects
  }

  /// Alerts on a symbol the exchange does not list (a typo in the config: `NOPE`) are refused
  /// once the list is known: removed, and the status line says which, with the close matches, as
  /// `--symbol` does (issue 29: `armed NOPE last >= 5` waited for ever). A save when one of them
  /// came from the alerts file.
  static func refuseUnknownAlerts(_ state: inout AppState, known: [String]) -> [Effect] {
    guard !known.isEmpty else { return [] }
    let listed = Set(known)
    // BitMEX's list: another venue's alerts are not its to refuse, nor an asset's `spread` alert
    // (`BTC`: the cross-venue screen's, not an instrument).
    let unknown = state.alerts.alerts.filter {
      if case .spread = $0.rule.kind { return false }
      return $0.rule.venue == .bitmex && !listed.contains($0.rule.symbol.description)
    }
    guard !unknown.isEmpty else { return [] }
    var words: [String] = []
    for alert in unknown {
      state.alerts.remove(id: alert.id)
      let symbol = alert.rule.symbol.description
      let close = SymbolSuggestions.closest(to: symbol, among: known, limit: 3)
      let hint = close.isEmpty ? "" : " (close: \(close.joined(separator: ", ")))"
      if !words.contains(where: { $0.hasPrefix(symbol + " ") }) { words.append("\(symbol) unknown\(hint)") }
    }
    state.notice = Notice("alert refused: " + words.joined(separator: "; "), until: state.now + 15)
    state.dirty = true
    return unknown.contains { !$0.fromConfig } ? [.saveAlerts(state.alerts.persistent)] : []
  }

  /// What is fresh about `symbol` now, or nil when nothing is.
  static func observation(of symbol: Symbol, _ s: AppState, liveTrades: Int) -> AlertObservation? {
    let session = s.session
    guard let connection = session.status?.state, connection.isConnected else { return nil }
    var o = AlertObservation(symbol: symbol)
    o.venue = s.venue
    if symbol == s.market.symbol {
      let market = s.market
      if session.instrumentIsLive {
        o.last = market.instrument.lastPrice
        o.mark = market.instrument.markPrice
        o.funding = market.instrument.fundingRate
      }
      if session.tapeIsLive {
        if let last = market.tape.lastPrice { o.last = last }
        o.trades = Array(market.tape.prefix(min(liveTrades, market.tape.count)))
      }
      if session.bookIsLive, !session.bookIsSilent(now: s.now, limit: DashboardView.bookSilentAfter),
        let mid = market.book.mid
      {
        o.mid = mid
        // The levels only for a wall alert (copied at every drain otherwise).
        for side in [Side.buy, .sell] where s.alerts.watchesWalls(symbol, on: s.venue) {
          for n in 0..<wallLevels {
            guard let level = market.book.level(side, n) else { break }
            o.levels.append(level)
          }
        }
      }
    } else if session.markets.sync == .live, let row = session.markets.row(symbol) {
      o.last = row.instrument.lastPrice
      o.mark = row.instrument.markPrice
      o.funding = row.instrument.fundingRate
    }
    return o
  }

  /// `a`: a prompt for a price alert on the watched symbol, prefilled with the last price.
  static func openAlertPrompt(_ state: inout AppState) {
    let last = state.market.tape.lastPrice ?? state.market.instrument.lastPrice
    state.overlay = .alertPrompt(last.map { AlertRule.number($0) } ?? "")
  }

  /// The prompt's keys: a price (`<`/`>` force the direction) or a kind's words (`AlertPrompt`;
  /// a letter over the price it opened with starts them), Enter arms it
  /// (above when the level is over the last price, below when under), Esc cancels.
  static func handleAlertPrompt(_ key: Key, _ state: inout AppState) -> [Effect] {
    guard var text = state.alertPrompt else { return [] }
    switch key {
    case .escape:
      state.overlay = nil
      return []
    case .interrupt:
      state.overlay = nil
      state.quitting = true
      return [.quit]
    case .backspace:
      if !text.isEmpty { text.removeLast() }
    case .enter:
      state.overlay = nil
      let last = state.market.tape.lastPrice ?? state.market.instrument.lastPrice
      switch AlertPrompt.parse(text, last: last, funding: state.market.instrument.fundingRate) {
      case .failure(let failure):
        state.notice = Notice("alert: \(failure.words)", until: state.now + StatusNote.noticeSeconds)
        return []
      case .success(let kind):
        let rule = AlertRule(symbol: state.market.symbol, venue: state.venue, kind: kind)
        state.alerts.add(rule)
        state.notice = Notice("alert armed: \(rule.summary)", until: state.now + StatusNote.noticeSeconds)
        return [.saveAlerts(state.alerts.persistent)]
      }
    case .character(let c) where AlertPrompt.accepts(c):
      // A direction typed after a bare price: put it in front.
      let barePrice = !text.isEmpty && text.allSatisfy { $0.isNumber || $0 == "." || $0 == "<" || $0 == ">" }
      if (c == "<" || c == ">") && barePrice {
        text = String(c) + text.drop { $0 == ">" || $0 == "<" }
      } else if c.isLetter && barePrice {
        // A kind's word (`move`, `funding`, `trade`, `wall`) over the price the prompt opened with.
        text = String(c)
      } else if text.count < AlertPrompt.maxLength {
        text.append(c)
      }
    default: break
    }
    state.overlay = .alertPrompt(text)
    return []
  }

  /// The `A` list: ↑/↓ (or the scroll keys) move, `x` removes the selected alert, Esc or `A` closes.
  static func handleAlertList(_ key: Key, _ state: inout AppState) -> [Effect] {
    guard case .alertList(let selected)? = state.overlay else { return [] }
    let count = state.alerts.alerts.count
    let command = state.keys.command(for: key)
    switch key {
    case .interrupt:
      state.overlay = nil
      state.quitting = true
      return [.quit]
    case .character("x"):
      guard count > 0 else { return [] }
      let i = min(selected, count - 1)
      let alert = state.alerts.alerts[i]
      state.alerts.remove(id: alert.id)
      state.overlay = .alertList(selected: max(0, min(i, count - 2)))
      state.notice = Notice(
        "alert removed: \(alert.rule.summary)", until: state.now + StatusNote.noticeSeconds)
      return alert.fromConfig ? [] : [.saveAlerts(state.alerts.persistent)]
    default:
      if command == .scrollUp {
        state.overlay = .alertList(selected: max(0, selected - 1))
      } else if command == .scrollDown {
        state.overlay = .alertList(selected: min(max(0, count - 1), selected + 1))
      } else if key == .escape || key == .enter || command == .listAlerts || command == .quit {
        state.overlay = nil
      }
    }
    return []
  }

  /// The `A` list's lines: state and what each watches.
  static func alertListEntries(_ s: AppState) -> [KeyHint] {
    let selected: Int
    if case .alertList(let at)? = s.overlay { selected = at } else { selected = 0 }
    // Why the alerts file was not read, whole: wrapped to the screen, above the alerts.
    var problem: [KeyHint] = []
    if let text = s.alertsFileProblem {
      let lines = SymbolPicker.wrap(text, width: max(20, min(100, s.width - 12)), rows: 12)
      problem = lines.enumerated().map { KeyHint($0.offset == 0 ? "!" : "", $0.element) }
    }
    if s.alerts.alerts.isEmpty { return problem + [KeyHint("", "no alerts: a adds one at a price")] }
    return problem
      + s.alerts.alerts.enumerated().map { i, alert in
        let marker = i == selected ? "> " : "  "
        let origin = alert.fromConfig ? " (config)" : ""
        return KeyHint(marker + alert.state(nowMs: s.wallMs), alert.rule.summary + origin)
      }
  }

  /// The status line's banner: a fired alert (until a key: Esc and Enter only acknowledge it,
  /// another key acts too), the `a` prompt, or the quit question.
  static func statusBanner(_ s: AppState) -> [Span]? {
    if let newest = s.banners.last {
      let more = s.banners.count > 1 ? " (+\(s.banners.count - 1) more)" : ""
      return [
        Span(" ALERT ", Style(.banner, bold: true, reverse: true)),
        Span(" " + newest.message + more, Style(.banner, bold: true)),
        Span("  Esc: OK", Style(.muted)),
      ]
    }
    if case .quitQuestion? = s.overlay {
      return [
        Span("Quit tradeterm? ", Style(.warning, bold: true)), Span("y", Style(bold: true)),
        Span(" yes, any other key: no", Style(.muted)),
      ]
    }
    if let text = s.alertPrompt {
      return [
        Span("Alert \(s.market.symbol): ", Style(.accent, bold: true)),
        Span(text + "_", Style(bold: true)),
        Span("  Enter arm  Esc cancel  " + AlertPrompt.hint, Style(.muted)),
      ]
    }
    return nil
  }
}
