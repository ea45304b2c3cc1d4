/// The title of one book of the split view (`tradeterm ETHUSD kraken:ETH/USD`): which instrument,
/// whether it is the primary one (the header, the tape, the chart and the ticket follow it:
/// `▶`, ASCII `>`), its state with the age of its data, its last price and its spread, in as
/// many of those words as the pane has room for. A number is left out whole, never cut: the
/// spread goes first, then the last price; the name and the state stay to the last (a stale
/// book is never titled as if live).
public struct BookTitle: Sendable, Hashable {
  /// `ETHUSD`, `binance:BTCUSDT`.
  public var name: String
  /// The header, the tape, the chart and the ticket follow this book.
  public var primary: Bool
  /// `LIVE`, `SYNCING`, `STALE 6s`, `RECONNECTING 2 in 3s`, `ERROR: Unknown symbol`…
  public var state: String
  /// The last trade's price, formatted; nil before the first.
  public var last: String?
  /// The best ask minus the best bid, formatted; nil without both sides.
  public var spread: String?
  public var ascii: Bool

  public init(
    name: String, primary: Bool, state: String, last: String? = nil, spread: String? = nil,
    ascii: Bool = false
  ) {
    self.name = name
    self.primary = primary
    self.state = state
    self.last = last
    self.spread = spread
    self.ascii = ascii
  }

  /// The longest form that fits in `room` columns, from the whole (`▶ ETHUSD  LIVE  last
  /// 3,400.00  spread 0.05`) to the name and state alone (which a `Box` cuts if even they do not
  /// fit).
  public func text(room: Int) -> String {
    let mark = primary ? "\(Glyphs.forTerminal(ascii: ascii).pointer) " : ""
    let head = mark + name + "  " + state
    var variants: [String] = []
    if let last, let spread {
      variants += [head + "  last \(last)  spread \(spread)", head + "  \(last)  spr \(spread)"]
    }
    if let last { variants += [head + "  last \(last)", head + "  \(last)"] }
    variants += [head, mark + name + " " + state]
    return variants.first { $0.columns <= room } ?? variants[variants.count - 1]
  }
}
