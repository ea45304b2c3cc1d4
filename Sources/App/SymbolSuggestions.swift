/// "Did you mean …": the known symbols closest to one the exchange does not know.
public enum SymbolSuggestions {
  /// Up to `limit` symbols from `known`, closest first: same prefix or containing the
  /// typed text first, then by edit distance (case-insensitive).
  public static func closest(to typed: String, among known: [String], limit: Int = 5) -> [String] {
    let t = Array(typed.uppercased())
    guard !t.isEmpty else { return [] }
    // Close means: shares a prefix, contains it, or is a few edits away.
    let allowed = max(2, t.count / 3)
    let scored = known.compactMap { symbol -> (Int, String)? in
      let s = Array(symbol.uppercased())
      let d = distance(t, s)
      let related = s.starts(with: t) || t.starts(with: s) || String(s).contains(String(t))
      guard related || d <= allowed else { return nil }
      return (d * 10 - (related ? 25 : 0), symbol)
    }
    return scored.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.prefix(limit).map(\.1)
  }

  /// Levenshtein distance.
  static func distance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
