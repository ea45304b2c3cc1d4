import MarketModel

/// The Activity pane's list, newest on top: one row per liquidation —
/// `12:01:05 LIQ  sell   97,940.0   12.0K   $12.0K` (its own colour) — and per wall event —
/// `12:01:02 ADD  bid    97,950.0    1.2M   5.10bp`, `PULL`/`EAT` with how long the wall rested.
///
/// Added walls in the side's colour, eaten ones bold, pulled ones muted. On narrow areas the
/// resting time (or notional) goes first, then the distance, then the time of day.
public struct ActivityView: Sendable {
  /// One row: a wall event, or a liquidation with its notional in USD when known.
  public enum Item: Sendable, Hashable {
    case wall(WallWatch.Event)
    case liquidation(LiquidationLog.Event, notionalUSD: Double?)

    public var timeMs: Int64 {
      switch self {
      case .wall(let e): e.timeMs
      case .liquidation(let e, _): e.timeMs
      }
    }
  }

  public var items: [Item]
  public var priceDecimals: Int
  public var utcOffsetMinutes: Int
  /// What the list says while there is nothing to show.
  public var empty: String
  /// The decimals of a liquidation's size units (`LiquidationLog.Event.size`): 0 for BitMEX's
  /// contracts, the tape's for another venue's (its venue units, as the book shows them).
  public var sizeScale: UInt8
  /// The decimals of a wall's size units (`WallWatch.Event.size`): the book's (0 for BitMEX's
  /// contracts; 8 for a Coinbase book in BTC, whose 1.944 BTC are 194,400,000 units).
  public var wallSizeScale: UInt8

  public init(
    items: [Item], priceDecimals: Int, utcOffsetMinutes: Int = 0, empty: String = "", sizeScale: UInt8 = 0,
    wallSizeScale: UInt8 = 0
  ) {
    self.items = items
    self.priceDecimals = priceDecimals
    self.utcOffsetMinutes = utcOffsetMinutes
    self.empty = empty
    self.sizeScale = sizeScale
    self.wallSizeScale = wallSizeScale
  }

  /// A liquidation's size of `units` at `scale` decimals: whole contracts compact (`12.0K`), a
  /// venue's decimal units as its book writes them (`0.014`).
  public static func sizeText(_ units: Int64, scale: UInt8) -> String {
    scale == 0 ? NumberFormat.compact(Double(units)) : NumberFormat.size(units, scale: scale)
  }

  public func render(into grid: inout Grid, area: Rect) {
    let area = area.intersection(grid.bounds)
    guard !area.isEmpty else { return }
    grid.fill(area, with: Cell(" "))
    if items.isEmpty {
      _ = grid.put(empty, x: area.x, y: area.y, style: Style(.muted), clip: area)
      return
    }
    for (n, item) in items.prefix(area.height).enumerated() {
      let (text, style) =
        switch item {
        case .wall(let e): row(e, width: area.width)
        case .liquidation(let e, let usd): row(e, notionalUSD: usd, width: area.width)
        }
      _ = grid.put(text, x: area.x, y: area.y + n, style: style, clip: area)
    }
  }

  /// The walls' and the liquidations' items merged, newest first.
  public static func merged(walls: [WallWatch.Event], liquidations: [Item], limit: Int) -> [Item] {
    var out: [Item] = []
    out.reserveCapacity(limit)
    var w = 0
    var l = 0
    while out.count < limit, w < walls.count || l < liquidations.count {
      if l < liquidations.count, w >= walls.count || liquidations[l].timeMs >= walls[w].timeMs {
        out.append(liquidations[l])
        l += 1
      } else {
        out.append(.wall(walls[w]))
        w += 1
      }
    }
    return out
  }

  /// One liquidation's text fitted to `width`, in the liquidation colour.
  public func row(_ e: LiquidationLog.Event, notionalUSD: Double?, width: Int) -> (String, Style) {
    let time = NumberFormat.timeOfDay(ms: e.timeMs, utcOffsetMinutes: utcOffsetMinutes, milliseconds: false)
    let side = e.side == .buy ? "buy " : "sell"
    let price = NumberFormat.price(e.price, decimals: priceDecimals).padLeft(10)
    let size = Self.sizeText(e.size, scale: sizeScale).padLeft(6)
    let notional = notionalUSD.map { ("$" + NumberFormat.compact($0)).padLeft(8) } ?? ""
    let core = "LIQ  \(side) \(price) \(size)"
    let style = Style(.warning, bold: true)
    for candidate in ["\(time) \(core)\(notional)", "\(time) \(core)", core] where candidate.count <= width {
      return (candidate, style)
    }
    return (String(core.prefix(width)), style)
  }

  /// One event's text fitted to `width`, and its style.
  public func row(_ e: WallWatch.Event, width: Int) -> (String, Style) {
    let verb: String
    let style: Style
    switch e.change {
    case .added:
      verb = "ADD "
      style = Style(e.side == .buy ? .buy : .sell)
    case .pulled:
      verb = "PULL"
      style = Style(.muted)
    case .eaten:
      verb = "EAT "
      style = Style(e.side == .buy ? .buy : .sell, bold: true)
    }
    let time = NumberFormat.timeOfDay(ms: e.timeMs, utcOffsetMinutes: utcOffsetMinutes, milliseconds: false)
    let side = e.side == .buy ? "bid" : "ask"
    let price = NumberFormat.price(e.price, decimals: priceDecimals).padLeft(10)
    // In the book's units (a venue's BTC, not its raw units: 194.4M for 1.94 BTC, as it was).
    let size = NumberFormat.compactSize(e.size, scale: wallSizeScale).padLeft(6)
    let distance =
      e.distanceBps.map { (NumberFormat.fixed($0, decimals: $0 < 10 ? 2 : 1) + "bp").padLeft(7) } ?? ""
    let rested = e.restedMs.map { NumberFormat.duration(ms: $0).padLeft(6) } ?? ""
    let core = "\(verb) \(side) \(price) \(size)"
    for candidate in [
      "\(time) \(core)\(distance)\(rested)", "\(time) \(core)\(distance)", "\(time) \(core)", core,
    ] where candidate.count <= width {
      return (candidate, style)
    }
    return (String(core.prefix(width)), style)
  }
}
