/// "Did you mean …": the known symbols closest to one the exchange does not know.
public enum SymbolSuggestions {
  /// Up to `limit` symbols from `known`, closest first: same prefix or containing the
  /// typed text first, then by edit distance (case-insensitive).
  public static func closest(to typed: String, among known: [String], limit: Int = 5) -> [String] {
    let t = Array(typed.uppercased())
    guard !t.isEmpty else { return [] }
    let scored = known.map { symbol -> (Int, String) in
      let s = Array(symbol.uppercased())
      var score = distance(t, s) * 10
      if s.starts(with: t) || t.starts(with: s) { score -= 25 }
      if String(s).contains(String(t)) { score -= 15 }
      return (score, symbol)
    }
    let cutoff = max(30, t.count * 10)
    return scored.filter { $0.0 <= cutoff }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.prefix(limit).map(\.1)
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
