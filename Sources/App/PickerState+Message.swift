import MarketModel

extension PickerState {
  /// What was typed, when anything was: Enter opens it when the list has no match for it (or
  /// there is no list: it failed, or is still loading) — a symbol of the venue on screen, or
  /// `VENUE:SYMBOL` (`App.openPicked`).
  public var typed: String? {
    filter.isEmpty ? nil : filter
  }

  /// What the picker says instead of an empty list: loading, why loading failed, or no match,
  /// with what a key does about it (`r` retries a failed list; Enter opens the symbol typed).
  /// Nil while there are matches to show.
  /// `unlisted`: the venue has no symbol list here yet (the pair is typed, as the venue spells it).
  public func message(
    symbols: [String], failure: String?, matches: [String], unlisted: Bool = false
  ) -> String? {
    let opens = typed.map { "Enter opens \($0)" }
    if symbols.isEmpty, unlisted {
      return "no symbol list for this venue yet: type the pair as the venue spells it"
        + (opens.map { " (\($0))" } ?? "")
    }
    if symbols.isEmpty {
      if let failure {
        return "symbol list failed: \(failure) (\(opens ?? "r retries; Enter opens the symbol typed"))"
      }
      return "loading the symbol list…" + (opens.map { " (\($0))" } ?? "")
    }
    guard matches.isEmpty else { return nil }
    return "no match" + (opens.map { " (\($0))" } ?? "")
  }
}
