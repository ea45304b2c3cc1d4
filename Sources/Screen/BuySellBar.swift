/// A one-line split of buy and sell volume for a pane title: `B 62% ██████░░░░ 38% S`
/// (ASCII `B 62% ++++++---- 38% S`). Buys and sells differ by character as well as by
/// colour, so the split reads without colour too.
public struct BuySellBar: Sendable, Hashable {
  /// Contracts bought by takers in the window.
  public var buyVolume: Int64
  /// Contracts sold by takers in the window.
  public var sellVolume: Int64
  /// The columns of the bar itself (the percentages come on top).
  public var barWidth: Int
  /// ASCII glyphs only.
  public var ascii: Bool

  public init(buyVolume: Int64, sellVolume: Int64, barWidth: Int = 10, ascii: Bool = false) {
    self.buyVolume = buyVolume
    self.sellVolume = sellVolume
    self.barWidth = barWidth
    self.ascii = ascii
  }

  /// The bar as styled spans, ready for `Box(title:)`; `no trades` when both are zero.
  public var spans: [Span] {
    let buy = max(0, buyVolume)
    let sell = max(0, sellVolume)
    let total = Double(buy) + Double(sell)
    guard total > 0 else { return [Span("no trades", Style(.muted))] }
    let buyPercent = Int((Double(buy) * 100 / total).rounded())
    let width = max(0, barWidth)
    var buyCells = Int((Double(buy) / total * Double(width)).rounded())
    // A side that traded at all keeps at least one cell.
    if buy > 0 && buyCells == 0 && width >= 2 { buyCells = 1 }
    if sell > 0 && buyCells == width && width >= 2 { buyCells = width - 1 }
    let buyGlyph = ascii ? "+" : "█"
    let sellGlyph = ascii ? "-" : "░"
    return [
      Span("B \(buyPercent)% ", Style(.buy)),
      Span(String(repeating: buyGlyph, count: buyCells), Style(.buy)),
      Span(String(repeating: sellGlyph, count: width - buyCells), Style(.sell)),
      Span(" \(100 - buyPercent)% S", Style(.sell)),
    ]
  }
}
