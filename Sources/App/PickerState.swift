/// The symbol picker: a filter and a selection over the known symbols.
public struct PickerState: Sendable, Hashable {
  public var filter = ""
  public var selected = 0
  public var symbols: [String]

  public init(symbols: [String]) {
    self.symbols = symbols
  }

  /// The symbols matching the filter (case-insensitive substring), best matches first.
  public var matches: [String] {
    guard !filter.isEmpty else { return symbols }
    let f = filter.uppercased()
    return symbols.filter { $0.uppercased().contains(f) }
      .sorted { a, b in (a.uppercased().hasPrefix(f) ? 0 : 1, a) < (b.uppercased().hasPrefix(f) ? 0 : 1, b) }
  }
}
